import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { translatePattern } from "../../packages/runtime/src/patterns/translate.js";

// The translation is only worth trusting if, for every pattern it accepts, re2js's verdict
// on every string equals JavaScript's (`new RegExp(p, "u").test(s)`): checked here on random
// patterns of a small grammar covering what JavaScript and RE2 read differently, against
// random strings made of the pattern's own characters and the characters that tell them apart.

const SEED = 2026;

/** Characters that tell the engines apart: line terminators, Unicode spaces, U+FEFF, astral, lone surrogates. */
const TRICKY = [
  "\n",
  "\r",
  "\u2028",
  "\u2029",
  "\u000b",
  "\u00a0",
  "\u1680",
  "\u2003",
  "\u3000",
  "\ufeff",
  "\u0085",
  "\u200b",
  "😀",
  "𝒳",
  "\ud83d",
  "\ude00",
  "\u0000",
  "\u0008",
];
const PLAIN = [
  "a",
  "b",
  "c",
  "A",
  "Z",
  "0",
  "1",
  "9",
  "_",
  "-",
  ".",
  " ",
  "é",
  "α",
  "Ω",
  "中",
  "٣",
  "k",
  "K",
  "\u212a",
];

/** Literals as a pattern writes them, with the characters they stand for. */
const LITERALS: Array<[string, string]> = [
  ["a", "a"],
  ["b", "b"],
  ["Z", "Z"],
  ["0", "0"],
  ["_", "_"],
  ["-", "-"],
  [" ", " "],
  ["é", "é"],
  ["α", "α"],
  ["中", "中"],
  ["😀", "😀"],
  ["\\u{1F600}", "😀"],
  ["\\uD83D\\uDE00", "😀"],
  ["\\uD83D", "\ud83d"],
  ["\\u2028", "\u2028"],
  ["\\uFEFF", "\ufeff"],
  ["\\n", "\n"],
  ["\\r", "\r"],
  ["\\t", "\t"],
  ["\\0", "\u0000"],
  ["\\x41", "A"],
  ["\\cJ", "\n"],
  ["\\.", "."],
  ["\\*", "*"],
  ["\\$", "$"],
  ["\\/", "/"],
  ["=", "="],
];
const ESCAPES = ["\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "."];
const PROPERTIES = [
  "\\p{L}",
  "\\p{Lu}",
  "\\P{Ll}",
  "\\p{Nd}",
  "\\p{N}",
  "\\p{Zs}",
  "\\p{Script=Greek}",
  "\\p{sc=Han}",
  "\\P{Script=Latin}",
  "\\p{gc=Punctuation}",
  "\\p{ASCII}",
  "\\P{ASCII}",
  "\\p{Any}",
  "\\p{Assigned}",
  "\\p{White_Space}",
  "\\p{Emoji}",
  "\\p{Alpha}",
  "\\p{Uppercase}",
];
const CLASS_ITEMS = [
  ...LITERALS.filter(([w]) => !["-", "\\."].includes(w)).map(([w]) => w),
  "a-c",
  "α-ω",
  "0-9",
  "\\u2000-\\u200A",
  "\\u{1F600}-\\u{1F64F}",
  "\\-",
  "\\b",
  "\\d",
  "\\D",
  "\\w",
  "\\W",
  "\\s",
  "\\S",
  "\\p{L}",
  "\\P{N}",
  "\\p{Script=Greek}",
];

interface Generated {
  source: string;
  /** The characters the pattern names, for strings that may match it. */
  chars: string[];
}

const leaf = (source: string, chars: string[] = []): Generated => ({ source, chars });

const { pattern } = fc.letrec<{ pattern: Generated; alternative: Generated; term: Generated; atom: Generated }>(
  (tie) => ({
    pattern: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      tie("alternative"),
      fc
        .array(tie("alternative"), { minLength: 2, maxLength: 3 })
        .map((alts) => ({ source: alts.map((a) => a.source).join("|"), chars: alts.flatMap((a) => a.chars) })),
    ),
    alternative: fc
      .array(tie("term"), { minLength: 0, maxLength: 4 })
      .map((terms) => ({ source: terms.map((t) => t.source).join(""), chars: terms.flatMap((t) => t.chars) })),
    term: fc.oneof(
      { depthSize: "small" },
      tie("atom"),
      fc
        .tuple(
          tie("atom"),
          fc.constantFrom("*", "+", "?", "{0}", "{1}", "{2}", "{0,2}", "{1,3}", "{2,}", "{0,1}"),
          fc.boolean(),
        )
        .map(([a, q, lazy]) => ({ source: `${a.source}${q}${lazy ? "?" : ""}`, chars: a.chars })),
      fc.constantFrom(leaf("^"), leaf("$"), leaf("\\b"), leaf("\\B")),
    ),
    atom: fc.oneof(
      { depthSize: "small" },
      fc.constantFrom(...LITERALS.map(([w, c]) => leaf(w, [c]))),
      fc.constantFrom(...ESCAPES.map((e) => leaf(e))),
      fc.constantFrom(...PROPERTIES.map((p) => leaf(p))),
      fc
        .tuple(fc.boolean(), fc.array(fc.constantFrom(...CLASS_ITEMS), { minLength: 0, maxLength: 3 }))
        .map(([negate, items]) =>
          leaf(
            `[${negate ? "^" : ""}${items.join("")}]`,
            items.filter((i) => !i.startsWith("\\")),
          ),
        ),
      fc
        .tuple(fc.constantFrom("(", "(?:", "(?<g>"), tie("pattern"))
        .map(([open, inner]) => ({ source: `${open}${inner.source})`, chars: inner.chars })),
    ),
  }),
);

/** Patterns JavaScript accepts (the grammar can make a few it refuses, such as a quantified `^` or two `(?<g>`). */
const validPattern = pattern.filter((p) => {
  try {
    new RegExp(p.source, "u");
    return true;
  } catch {
    return false;
  }
});

/**
 * JavaScript's verdict as ECMA-262 defines it: in Unicode mode a search tries a match at each
 * code point boundary, never between the two halves of a surrogate pair. V8 also tries there,
 * where `\B` holds (neither half is a word character): `/\B/u.test("a😀a")` is true on V8,
 * false by the standard and on re2js (docs/patterns.md). A sticky search at each boundary is
 * the standard's; it differs from V8's `test` in exactly that case.
 */
function standardTest(source: string, s: string): boolean {
  const sticky = new RegExp(source, "uy");
  for (let i = 0; i <= s.length; i++) {
    if (insideSurrogatePair(s, i)) continue;
    sticky.lastIndex = i;
    if (sticky.test(s)) return true;
  }
  return false;
}

const insideSurrogatePair = (s: string, i: number) =>
  i > 0 && i < s.length && /[\uD800-\uDBFF]/.test(s[i - 1]!) && /[\uDC00-\uDFFF]/.test(s[i]!);

const stringsFor = (chars: string[]) =>
  fc
    .array(fc.constantFrom(...new Set([...chars, ...TRICKY, ...PLAIN])), { maxLength: 10 })
    .map((parts) => parts.join(""));

describe("translatePattern: same verdicts as JavaScript", () => {
  it(`on random patterns and strings (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        validPattern.chain((p) =>
          fc.tuple(fc.constant(p), fc.array(stringsFor(p.chars), { minLength: 24, maxLength: 24 })),
        ),
        ([p, strings]) => {
          const translated = translatePattern(p.source);
          // The grammar holds only what RE2 can express: every pattern of it must translate.
          if (!translated.ok) throw new Error(`refused ${JSON.stringify(p.source)}: ${translated.reason}`);
          for (const s of strings) {
            expect(
              translated.regexp.test(s),
              `${JSON.stringify(p.source)} → ${translated.source} on ${JSON.stringify(s)}`,
            ).toBe(standardTest(p.source, s));
          }
        },
      ),
      { seed: SEED, numRuns: 1500 },
    );
  });

  it("where V8 departs from the standard: \\B inside a surrogate pair", () => {
    const translated = translatePattern("\\B");
    if (!translated.ok) throw new Error(translated.reason);
    for (const [s, verdict] of [
      ["a😀a", false],
      ["😀", true],
      ["a😀", true],
      ["a", false],
    ] as const) {
      expect(standardTest("\\B", s), s).toBe(verdict);
      expect(translated.regexp.test(s), s).toBe(verdict);
    }
    // V8 finds its match at index 2, between the halves of 😀 (true where the standard says false).
    const v8 = /\B/u.exec("a😀a");
    if (v8) expect(insideSurrogatePair("a😀a", v8.index)).toBe(true);
  });

  it("on every code point, for the sets JavaScript and RE2 define differently", () => {
    const codePoints: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) codePoints.push(cp);
    for (let cp = 0x10000; cp <= 0x10ffff; cp += 97) codePoints.push(cp);
    for (const source of [
      "^\\s$",
      "^\\S$",
      "^\\d$",
      "^\\D$",
      "^\\w$",
      "^\\W$",
      "^.$",
      "^[^\\s\\w]$",
      "^[\\S\\d]$",
      "\\b",
      "^\\B",
    ]) {
      const translated = translatePattern(source);
      if (!translated.ok) throw new Error(translated.reason);
      const js = new RegExp(source, "u");
      const differing = codePoints.filter((cp) => {
        const s = String.fromCodePoint(cp);
        return translated.regexp.test(s) !== js.test(s);
      });
      expect(differing, source).toEqual([]);
    }
  });
});
