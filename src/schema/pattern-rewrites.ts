/**
 * Equivalent patterns without the ambiguity that makes a backtracking engine slow, offered
 * in the help of SPEC_PATTERN_BACKTRACKING. Each rewrite keeps the set of strings the
 * pattern finds a match in (what `pattern` means in JSON Schema), whatever it is applied to:
 *
 * - a repetition of a repetition collapses: `(X+)+` → `X+`, and `(X*)+`, `(X+)*`, `(X*)*` →
 *   `X*` (as languages, (X+)+ is X+, and the others are X*);
 * - a group around one element under a quantifier is dropped: `([a-z])*` → `[a-z]*`;
 * - a repeated group of single-character alternatives becomes a class: `(\w|\d|-)+` →
 *   `[\w\d\-]+` (either matches one character of the union at each step).
 *
 * Only greedy repetitions are rewritten, and nothing in a pattern with a backreference (a
 * group it drops could be the one referred to). Capturing groups are dropped only where
 * they hold what is rewritten: captures do not matter to `pattern`.
 */
import { RegExpParser, type AST } from "@eslint-community/regexpp";
import { backtrackingRisk } from "@mcp-specgen/runtime/generator-support";

/**
 * An equivalent of `pattern` (JavaScript, Unicode mode) that the backtracking-risk check no
 * longer flags, or undefined when the rewrites above find none.
 */
export function saferEquivalent(pattern: string): string | undefined {
  const rewritten = rewriteRepetitions(pattern);
  if (rewritten === undefined || rewritten === pattern) return undefined;
  return backtrackingRisk(rewritten) === undefined ? rewritten : undefined;
}

/**
 * `pattern` with every rewrite above applied (the same text when none applies), or
 * undefined when it is not a valid pattern or holds a backreference.
 */
export function rewriteRepetitions(pattern: string): string | undefined {
  let ast: AST.Pattern;
  try {
    ast = new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
  if (hasBackreference(ast)) return undefined;
  return render(ast);
}

type Node = AST.Pattern | AST.Alternative | AST.Element;

/** The source of `node` with every rewrite applied inside it. */
function render(node: Node): string {
  switch (node.type) {
    case "Pattern":
      return node.alternatives.map(render).join("|");
    case "Alternative":
      return node.elements.map(render).join("");
    case "Group":
      // A group with modifiers (`(?i:…)`) is kept as written.
      if (node.modifiers) return node.raw;
      return `(?:${node.alternatives.map(render).join("|")})`;
    case "CapturingGroup":
      return `(${node.name ? `?<${node.name}>` : ""}${node.alternatives.map(render).join("|")})`;
    case "Assertion":
      if (node.kind === "lookahead" || node.kind === "lookbehind")
        return `(?${node.kind === "lookbehind" ? "<" : ""}${node.negate ? "!" : "="}${node.alternatives.map(render).join("|")})`;
      return node.raw;
    case "Quantifier":
      return renderQuantifier(node);
    default:
      return node.raw;
  }
}

function renderQuantifier(node: AST.Quantifier): string {
  const suffix = node.raw.slice(node.element.raw.length);
  const element = node.element;
  if (node.greedy && (element.type === "Group" || element.type === "CapturingGroup")) {
    const only = element.alternatives.length === 1 ? singleElement(element.alternatives[0]!) : undefined;
    if (
      only?.type === "Quantifier" &&
      only.greedy &&
      node.max === Number.POSITIVE_INFINITY &&
      only.max === Number.POSITIVE_INFINITY &&
      node.min <= 1 &&
      only.min <= 1
    )
      return `${render(only.element)}${node.min === 0 || only.min === 0 ? "*" : "+"}`;
    if (only && isOneCharacter(only)) return `${only.raw}${suffix}`;
    const members = element.alternatives.map((a) => classMember(singleElement(a)));
    if (members.length > 1 && members.every((m) => m !== undefined)) return `[${members.join("")}]${suffix}`;
  }
  return `${render(element)}${suffix}`;
}

function singleElement(alternative: AST.Alternative): AST.Element | undefined {
  return alternative.elements.length === 1 ? alternative.elements[0] : undefined;
}

/** An element that matches exactly one character. */
function isOneCharacter(element: AST.Element): boolean {
  return element.type === "Character" || element.type === "CharacterClass" || element.type === "CharacterSet";
}

/** What stands for `element` inside a character class, or undefined when it cannot be put in one. */
function classMember(element: AST.Element | undefined): string | undefined {
  if (!element) return undefined;
  if (element.type === "Character") return classCharacter(element);
  if (element.type === "CharacterClass") {
    if (element.negate || element.unicodeSets) return undefined;
    // Item by item, each escaped: the classes' contents are joined, and a `-` at the end of
    // one must not make a range with the start of the next.
    const items = element.elements.map((item) => {
      if (item.type === "Character") return classCharacter(item);
      if (item.type === "CharacterClassRange") return `${classCharacter(item.min)}-${classCharacter(item.max)}`;
      if (item.type === "CharacterSet") return item.raw;
      return undefined;
    });
    return items.every((i) => i !== undefined) ? items.join("") : undefined;
  }
  if (element.type === "CharacterSet") {
    if (element.kind === "any") return undefined;
    if (element.kind === "property" && element.strings) return undefined;
    return element.raw;
  }
  return undefined;
}

/** A character as written inside a class: escaped when it would mean something else there. */
function classCharacter(character: AST.Character): string {
  if (character.raw.startsWith("\\")) return character.raw;
  return "]\\^-[".includes(character.raw) ? `\\${character.raw}` : character.raw;
}

function hasBackreference(node: Node): boolean {
  switch (node.type) {
    case "Backreference":
      return true;
    case "Pattern":
    case "Group":
    case "CapturingGroup":
      return node.alternatives.some(hasBackreference);
    case "Assertion":
      return (node.kind === "lookahead" || node.kind === "lookbehind") && node.alternatives.some(hasBackreference);
    case "Alternative":
      return node.elements.some(hasBackreference);
    case "Quantifier":
      return hasBackreference(node.element);
    default:
      return false;
  }
}
