import { RegExpParser, type AST } from "@eslint-community/regexpp";
import { ANY, complement, DIGIT, SPACE, union, WORD, type CodePointRanges } from "./char-sets.js";
import { groupNestingDepth, MAX_GROUP_NESTING } from "./limits.js";
import { translateProperty } from "./unicode-properties.js";

/**
 * Why a pattern may take time exponential in the length of the string on a backtracking
 * engine (JavaScript's RegExp), or undefined when none of the usual shapes is found. For
 * patterns that run there because their input opts in (`backtrackingPatterns`): their length
 * cap bounds the string, not the work per character.
 *
 * A heuristic on the syntax tree, not a proof either way: it finds a repetition without an
 * upper bound holding another one (`(a+)+`, `(\w+\s?)*`, also inside lookarounds), and one
 * holding alternatives that can start with the same character (`(\w|\d)+`, `(a|ab)*`). It
 * can flag a pattern that is in fact fast, and miss other slow shapes.
 */
export function backtrackingRisk(pattern: string): string | undefined {
  const depth = groupNestingDepth(pattern);
  if (depth > MAX_GROUP_NESTING) return `nests groups ${depth} deep, too deep to check`;
  let ast: AST.Pattern;
  try {
    ast = new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
  return riskIn(ast);
}

type Node = AST.Pattern | AST.Alternative | AST.Element;

function riskIn(node: Node): string | undefined {
  if (node.type === "Quantifier" && node.max === Number.POSITIVE_INFINITY) {
    const inner = unboundedQuantifierIn(node.element);
    if (inner) return `has a repetition without bound, ${shown(inner)}, inside another, ${shown(node)}`;
    if (node.element.type === "Group" || node.element.type === "CapturingGroup") {
      const starts = node.element.alternatives.map((a) => firstOfSequence(a.elements).chars);
      for (let i = 0; i < starts.length; i++)
        for (let j = i + 1; j < starts.length; j++)
          if (intersects(starts[i]!, starts[j]!))
            return `repeats without bound alternatives that can start with the same character, ${shown(node)}`;
    }
  }
  for (const child of children(node)) {
    const risk = riskIn(child);
    if (risk) return risk;
  }
  return undefined;
}

function children(node: Node): readonly Node[] {
  switch (node.type) {
    case "Pattern":
    case "Group":
    case "CapturingGroup":
      return node.alternatives;
    case "Assertion":
      return node.kind === "lookahead" || node.kind === "lookbehind" ? node.alternatives : [];
    case "Alternative":
      return node.elements;
    case "Quantifier":
      return [node.element];
    default:
      return [];
  }
}

function unboundedQuantifierIn(node: Node): AST.Quantifier | undefined {
  for (const child of children(node)) {
    if (child.type === "Quantifier" && child.max === Number.POSITIVE_INFINITY) return child;
    const found = unboundedQuantifierIn(child);
    if (found) return found;
  }
  return undefined;
}

function shown(node: AST.Node): string {
  return node.raw.length > 40 ? `${node.raw.slice(0, 37)}…` : node.raw;
}

/**
 * A set of characters: code point ranges, and property escapes (`\p{L}`…) whose members are
 * tested with JavaScript's RegExp rather than listed.
 */
interface Chars {
  ranges: CodePointRanges;
  properties: readonly RegExp[];
}

const NO_CHARS: Chars = { ranges: [], properties: [] };
const ANY_CHARS: Chars = { ranges: ANY, properties: [] };
/** How many code points of a set are tested against a property, at most; above, they are taken to overlap. */
const MAX_TESTED = 4096;

function unionOf(sets: readonly Chars[]): Chars {
  return { ranges: union(...sets.map((s) => s.ranges)), properties: sets.flatMap((s) => s.properties) };
}

interface First {
  /** The characters it can start with (more than it can, where unsure). */
  chars: Chars;
  /** Whether it can match the empty string. */
  canBeEmpty: boolean;
}

function firstOfSequence(elements: readonly AST.Element[]): First {
  const sets: Chars[] = [];
  for (const element of elements) {
    const first = firstOf(element);
    sets.push(first.chars);
    if (!first.canBeEmpty) return { chars: unionOf(sets), canBeEmpty: false };
  }
  return { chars: unionOf(sets), canBeEmpty: true };
}

function firstOf(element: AST.Element): First {
  switch (element.type) {
    case "Character":
      return { chars: { ranges: [[element.value, element.value]], properties: [] }, canBeEmpty: false };
    case "CharacterSet":
      return { chars: setOf(element), canBeEmpty: false };
    case "CharacterClass": {
      const chars = unionOf(
        element.elements.map((item): Chars => {
          if (item.type === "Character") return { ranges: [[item.value, item.value]], properties: [] };
          if (item.type === "CharacterClassRange")
            return { ranges: [[item.min.value, item.max.value]], properties: [] };
          if (item.type === "CharacterSet") return setOf(item);
          return ANY_CHARS;
        }),
      );
      if (!element.negate) return { chars, canBeEmpty: false };
      return {
        chars: chars.properties.length ? ANY_CHARS : { ranges: complement(chars.ranges), properties: [] },
        canBeEmpty: false,
      };
    }
    case "Group":
    case "CapturingGroup": {
      const firsts = element.alternatives.map((a) => firstOfSequence(a.elements));
      return { chars: unionOf(firsts.map((f) => f.chars)), canBeEmpty: firsts.some((f) => f.canBeEmpty) };
    }
    case "Quantifier": {
      const inner = firstOf(element.element);
      return { chars: inner.chars, canBeEmpty: element.min === 0 || inner.canBeEmpty };
    }
    case "Backreference":
      return { chars: ANY_CHARS, canBeEmpty: true };
    default:
      // Assertions, and what the u flag does not allow: they match no character.
      return { chars: NO_CHARS, canBeEmpty: true };
  }
}

function setOf(set: AST.CharacterSet | AST.CharacterUnicodePropertyCharacterSet): Chars {
  if (set.kind === "any") return ANY_CHARS;
  if (set.kind === "property") {
    if (set.strings) return ANY_CHARS;
    const translated = translateProperty(set.key, set.value, set.negate);
    if (translated.kind === "refused") return ANY_CHARS;
    if (translated.kind === "property") return { ranges: [], properties: [new RegExp(`^${set.raw}$`, "u")] };
    return { ranges: translated.negate ? complement(translated.ranges) : translated.ranges, properties: [] };
  }
  const chars = set.kind === "digit" ? DIGIT : set.kind === "space" ? SPACE : WORD;
  return { ranges: set.negate ? complement(chars) : chars, properties: [] };
}

function intersects(a: Chars, b: Chars): boolean {
  if (rangesIntersect(a.ranges, b.ranges)) return true;
  if (a.properties.length && b.properties.length) return true;
  return propertiesMeet(a.properties, b.ranges) || propertiesMeet(b.properties, a.ranges);
}

function propertiesMeet(properties: readonly RegExp[], ranges: CodePointRanges): boolean {
  if (properties.length === 0) return false;
  let count = 0;
  for (const [first, last] of ranges) count += last - first + 1;
  if (count > MAX_TESTED) return true;
  for (const [first, last] of ranges)
    for (let cp = first; cp <= last; cp++) {
      const char = String.fromCodePoint(cp);
      if (properties.some((p) => p.test(char))) return true;
    }
  return false;
}

function rangesIntersect(a: CodePointRanges, b: CodePointRanges): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aFirst, aLast] = a[i]!;
    const [bFirst, bLast] = b[j]!;
    if (aFirst <= bLast && bFirst <= aLast) return true;
    if (aLast < bLast) i++;
    else j++;
  }
  return false;
}
