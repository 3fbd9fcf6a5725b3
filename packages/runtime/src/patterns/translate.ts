import { RegExpParser, type AST } from "@eslint-community/regexpp";
import { RE2JS } from "re2js";
import {
  ANY,
  classItems,
  codePointEscape,
  complement,
  DIGIT,
  LINE_TERMINATOR,
  SPACE,
  union,
  WORD,
  type CodePointRanges,
} from "./char-sets.js";
import { translateProperty } from "./unicode-properties.js";
import { equivalentOf } from "./suggestions.js";
import { boundDfaMemory, DFA_MEMORY_BUDGET, groupNestingDepth, MAX_GROUP_NESTING, MAX_PROGRAM_SIZE } from "./limits.js";

/**
 * RE2's limit on counted repetition: `x{n,m}` with n or m above it is refused, and so are
 * counted repetitions nested inside each other whose counts multiply to more than it.
 */
export const MAX_REPEAT = 1000;

/** Why a pattern cannot run on the linear-time engine. */
export interface PatternRefusal {
  /** True when the pattern is not a valid JavaScript (Unicode mode) regular expression at all. */
  invalid: boolean;
  /** What in the pattern is the problem, as the end of a sentence starting "pattern "…" ". */
  reason: string;
  /** What to write instead: an equivalent when one is obvious, else how to rewrite it. */
  help: string;
}

/** A pattern translated to RE2 syntax and compiled for re2js, or why it cannot be. */
export type PatternTranslation = { ok: true; source: string; regexp: RE2JS } | ({ ok: false } & PatternRefusal);

/**
 * A pattern translated to RE2 syntax (not compiled), with the size of its program as re2js's
 * parser estimates it (about one instruction per atom, times its repetitions), or why it
 * cannot be translated.
 */
export type PatternSyntax = { ok: true; source: string; size: number } | ({ ok: false } & PatternRefusal);

/**
 * Translates a JSON Schema pattern — an ECMAScript regular expression in Unicode mode,
 * searched for anywhere in the string (`new RegExp(pattern, "u").test(s)`) — into RE2
 * syntax with the same verdict on every string, and compiles it with re2js, whose matching
 * time is linear in the length of the string (see {@link translateToRe2Syntax}). The
 * compiled pattern keeps at most {@link DFA_MEMORY_BUDGET} bytes of cached states.
 */
export function translatePattern(pattern: string): PatternTranslation {
  return compileRe2Syntax(translateToRe2Syntax(pattern));
}

/**
 * Compiles a pattern translated by {@link translateToRe2Syntax} for re2js, its cache of
 * states bounded to {@link DFA_MEMORY_BUDGET} bytes; a refusal is returned as it is.
 */
export function compileRe2Syntax(translated: PatternSyntax): PatternTranslation {
  if (!translated.ok) return translated;
  try {
    return { ok: true, source: translated.source, regexp: boundDfaMemory(RE2JS.compile(translated.source)) };
  } catch (e) {
    return refusal(
      `cannot be compiled for the linear-time engine (${(e as Error).message})`,
      "simplify the pattern, and report it to mcp-specgen with the spec",
    );
  }
}

/**
 * Translates a JSON Schema pattern into RE2 syntax, without compiling it: the verdict of
 * {@link translatePattern} for a fraction of its cost.
 *
 * Parsed with regexpp, written out from its syntax tree: classes and escapes whose meaning
 * differs between the two (`\s`, `\d`, `\w`, `.`, `$`, property escapes) become explicit
 * sets; groups become non-capturing and lazy quantifiers greedy (neither changes whether a
 * string matches). What RE2 cannot express — backreferences, lookahead and lookbehind,
 * counted repetitions beyond its limit ({@link MAX_REPEAT}), properties it has no table
 * for — is refused with the reason and, when one is obvious, an equivalent; so is a pattern
 * whose groups nest deeper than {@link MAX_GROUP_NESTING}, or whose program would be larger
 * than {@link MAX_PROGRAM_SIZE}.
 */
export function translateToRe2Syntax(pattern: string): PatternSyntax {
  try {
    new RegExp(pattern, "u");
  } catch (e) {
    return {
      ok: false,
      invalid: true,
      reason: `is not a valid JavaScript regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, "")}`,
      help: "JSON Schema patterns are ECMA-262 regular expressions (Unicode mode); fix the syntax",
    };
  }
  // Before parsing: regexpp, like the writer below, recurses once per level.
  const depth = groupNestingDepth(pattern);
  if (depth > MAX_GROUP_NESTING)
    return refusal(
      `nests groups ${depth} deep; at most ${MAX_GROUP_NESTING}`,
      "remove the groups that hold a single group: (?:(?:a)) is (?:a)",
    );
  let ast: AST.Pattern;
  try {
    ast = new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch (e) {
    return refusal(
      `uses syntax the translator does not read (${(e as Error).message})`,
      "rewrite it with older syntax",
    );
  }
  let written: Written;
  const writer = new Re2Writer();
  try {
    written = writer.alternatives(ast.alternatives);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    const equivalent = e.construct ? equivalentOf(ast, e.construct, (p) => translateToRe2Syntax(p).ok) : undefined;
    return refusal(e.reason, equivalent ? `it is equivalent to ${equivalent}` : e.help);
  }
  if (written.size > MAX_PROGRAM_SIZE)
    return refusal(
      `expands to ${written.size} states on the linear-time engine; at most ${MAX_PROGRAM_SIZE}`,
      `use * or + rather than long counted repetitions (bounding the length with "maxLength"), or split the alternatives into patterns of their own under "anyOf"`,
    );
  for (const script of writer.scripts) {
    try {
      RE2JS.compile(`\\p{${script}}`);
    } catch {
      return refusal(
        `uses the script ${script}, a name the linear-time engine does not know: it knows scripts by their long names`,
        "write the script's long name, as in \\p{Script=Greek} (not \\p{Script=Grek})",
      );
    }
  }
  return { ok: true, source: written.src, size: written.size };
}

function refusal(reason: string, help: string): { ok: false } & PatternRefusal {
  return { ok: false, invalid: false, reason, help };
}

/** A refusal thrown from deep in the syntax tree; `construct` is the node at fault. */
class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly help: string,
    readonly construct?: AST.Node,
  ) {
    super(reason);
  }
}

/** A piece of RE2 syntax: its text, whether a quantifier applies to it whole, its repetition product and size. */
interface Written {
  src: string;
  /** True when a quantifier after `src` applies to all of it (a class, an escape, a group). */
  atomic: boolean;
  /** The largest product of the counts of nested counted repetitions in it (RE2's limit applies to it). */
  repeat: number;
  /** Its size as re2js's parser estimates the program (`calcSize`): about one instruction per atom repeated. */
  size: number;
}

const NOTHING = `[^${classItems(ANY)}]`;
const DOT: CodePointRanges = complement(LINE_TERMINATOR);
const ESCAPE_SETS: Readonly<Record<"digit" | "space" | "word", CodePointRanges>> = {
  digit: DIGIT,
  space: SPACE,
  word: WORD,
};

/** Writes regexpp's syntax tree of a Unicode-mode pattern as RE2 syntax. */
class Re2Writer {
  /** Script names written as `\p{…}`, checked against RE2's tables afterwards. */
  readonly scripts = new Set<string>();

  alternatives(alternatives: readonly AST.Alternative[]): Written {
    const written = alternatives.map((a) => this.alternative(a));
    if (written.length === 1) return written[0]!;
    return {
      src: written.map((w) => w.src).join("|"),
      atomic: false,
      repeat: Math.max(...written.map((w) => w.repeat)),
      // One instruction per alternative beyond the first chooses between them.
      size: sum(written) + written.length - 1,
    };
  }

  alternative(alternative: AST.Alternative): Written {
    const elements = alternative.elements.map((e) => this.element(e));
    if (elements.length === 1) return elements[0]!;
    return {
      src: elements.map((w) => w.src).join(""),
      atomic: false,
      repeat: Math.max(1, ...elements.map((w) => w.repeat)),
      size: Math.max(1, sum(elements)),
    };
  }

  element(node: AST.Element): Written {
    switch (node.type) {
      case "Character":
        return atom(literal(node.value));
      case "CharacterSet":
        return this.characterSet(node);
      case "CharacterClass":
        return this.characterClass(node);
      case "ExpressionCharacterClass":
        throw new Refused(`uses a class expression (${node.raw}), which needs the v flag`, "list the characters");
      case "Group":
        if (node.modifiers)
          throw new Refused(
            `uses an inline modifier group (${node.raw}), which the linear-time engine does not support`,
            "write the variants out, e.g. [Aa] for (?i:a)",
          );
        return this.group(node.alternatives);
      case "CapturingGroup":
        // Nothing reads the groups of a pattern that only has to match (no backreferences).
        return this.group(node.alternatives);
      case "Assertion":
        return this.assertion(node);
      case "Backreference":
        throw new Refused(
          `uses a backreference (${node.raw}), which needs a backtracking regular expression engine`,
          `rewrite it without the backreference, e.g. (['"]).*\\1 as '.*'|".*"`,
          node,
        );
      case "Quantifier":
        return this.quantifier(node);
    }
  }

  group(alternatives: readonly AST.Alternative[]): Written {
    const inner = this.alternatives(alternatives);
    return { src: `(?:${inner.src})`, atomic: true, repeat: inner.repeat, size: inner.size };
  }

  assertion(node: AST.Assertion): Written {
    switch (node.kind) {
      case "start":
        // Without the m flag, in both: the start of the string.
        return { src: "^", atomic: false, repeat: 1, size: 1 };
      case "end":
        // RE2's `$` without the m flag is the end of the string too; `\z` says so outright.
        return { src: "\\z", atomic: false, repeat: 1, size: 1 };
      case "word":
        // Both test ASCII word characters on either side (JavaScript's `\w` without the i flag).
        return { src: node.negate ? "\\B" : "\\b", atomic: false, repeat: 1, size: 1 };
      case "lookahead":
      case "lookbehind":
        throw new Refused(
          `uses a ${node.kind} (${node.raw}), which needs a backtracking regular expression engine`,
          node.kind === "lookahead"
            ? 'state each condition as a pattern of its own under "allOf" (a negative one under "not")'
            : "rewrite it without the lookbehind, e.g. by matching the text before as well",
          node,
        );
    }
  }

  quantifier(node: AST.Quantifier): Written {
    const inner = this.element(node.element);
    const { min, max } = node;
    if (max === 0) return { src: "(?:)", atomic: true, repeat: 1, size: 1 };
    const target = inner.atomic ? inner.src : `(?:${inner.src})`;
    // Laziness only changes which match is found, never whether there is one.
    if (max === Number.POSITIVE_INFINITY && min <= 1)
      return {
        src: `${target}${min === 0 ? "*" : "+"}`,
        atomic: false,
        repeat: inner.repeat,
        size: inner.size + (min === 0 ? 2 : 1),
      };
    if (max === 1)
      return min === 0
        ? { src: `${target}?`, atomic: false, repeat: inner.repeat, size: inner.size + 1 }
        : { ...inner, src: target, atomic: true };
    const counted = max === Number.POSITIVE_INFINITY ? min : max;
    if (counted > MAX_REPEAT)
      throw new Refused(
        `repeats ${node.raw.length > 40 ? "an element" : node.raw} up to ${counted} times, more than the linear-time engine's limit of ${MAX_REPEAT}`,
        `bound the length with "maxLength" and repeat with * or + in the pattern`,
        node,
      );
    const repeat = counted * inner.repeat;
    if (repeat > MAX_REPEAT)
      throw new Refused(
        `nests counted repetitions (${node.raw.length > 40 ? `${node.raw.slice(0, 37)}…` : node.raw}) to ${repeat} repetitions in all, more than the linear-time engine's limit of ${MAX_REPEAT}`,
        `bound the length with "maxLength" and repeat with * or + (e.g. ^(?:a{1,30}){1,50}$ as ^a+$ with "maxLength": 1500)`,
        node,
      );
    const bounds = min === max ? `{${min}}` : max === Number.POSITIVE_INFINITY ? `{${min},}` : `{${min},${max}}`;
    // x{n,} is n copies and a loop; x{n,m} is m copies, the last m-n of them optional.
    const size = max === Number.POSITIVE_INFINITY ? 1 + min * inner.size : max * inner.size + (max - min);
    return { src: `${target}${bounds}`, atomic: false, repeat, size };
  }

  characterSet(node: AST.CharacterSet): Written {
    switch (node.kind) {
      case "any":
        return atom(`[${classItems(DOT)}]`);
      case "digit":
      case "space":
      case "word":
        return atom(setClass(node.negate ? complement(ESCAPE_SETS[node.kind]) : ESCAPE_SETS[node.kind]));
      case "property": {
        const item = this.property(node);
        return atom(item.startsWith("\\p") || item.startsWith("\\P") ? item : `[${item}]`);
      }
    }
  }

  /** A property escape as RE2 class items: `\p{…}`, `\P{…}`, or ranges. */
  property(node: AST.UnicodePropertyCharacterSet): string {
    if (node.strings)
      throw new Refused(`uses a property of strings (${node.raw}), which needs the v flag`, "list the strings");
    const translated = translateProperty(node.key, node.value, node.negate);
    switch (translated.kind) {
      case "refused":
        throw new Refused(translated.reason, translated.help ?? "list the characters in a class instead");
      case "ranges": {
        const ranges = translated.negate ? complement(translated.ranges) : translated.ranges;
        // Only `\P{Any}` has no code point: RE2 has that escape too.
        return ranges.length ? classItems(ranges) : "\\P{Any}";
      }
      case "property":
        if (node.key === "Script" || node.key === "sc") this.scripts.add(translated.name);
        return `\\${translated.negate ? "P" : "p"}{${translated.name}}`;
    }
  }

  characterClass(node: AST.CharacterClass): Written {
    const ranges: CodePointRanges[] = [];
    const items: string[] = [];
    for (const element of node.elements) {
      switch (element.type) {
        case "Character":
          ranges.push([[element.value, element.value]]);
          break;
        case "CharacterClassRange":
          ranges.push([[element.min.value, element.max.value]]);
          break;
        case "CharacterSet":
          if (element.kind === "property") items.push(this.property(element));
          else ranges.push(element.negate ? complement(ESCAPE_SETS[element.kind]) : ESCAPE_SETS[element.kind]);
          break;
        default:
          throw new Refused(`uses ${element.raw} in a class, which needs the v flag`, "list the characters");
      }
    }
    const body = classItems(union(...ranges)) + items.join("");
    // `[]` matches nothing and `[^]` any code point; RE2 reads `[]…]` differently, so both are spelled out.
    if (body === "") return atom(node.negate ? `[${classItems(ANY)}]` : NOTHING);
    return atom(`[${node.negate ? "^" : ""}${body}]`);
  }
}

function atom(src: string): Written {
  return { src, atomic: true, repeat: 1, size: 1 };
}

function sum(written: readonly Written[]): number {
  return written.reduce((total, w) => total + w.size, 0);
}

function setClass(ranges: CodePointRanges): string {
  return ranges.length ? `[${classItems(ranges)}]` : NOTHING;
}

/** A code point as RE2 syntax matching exactly it: letters and digits as themselves, anything else escaped. */
function literal(codePoint: number): string {
  return (codePoint >= 0x30 && codePoint <= 0x39) ||
    (codePoint >= 0x41 && codePoint <= 0x5a) ||
    (codePoint >= 0x61 && codePoint <= 0x7a)
    ? String.fromCharCode(codePoint)
    : codePointEscape(codePoint);
}
