import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { backtrackingRisk } from "@mcp-specgen/runtime";
import { rewriteRepetitions, saferEquivalent } from "../../src/schema/pattern-rewrites.js";
import { checkPatterns } from "../../src/schema/patterns.js";

// The equivalents offered for ambiguous repetitions accept exactly the strings the original
// accepts: checked on random patterns of the shapes rewritten, and random strings over the
// characters they use, with a fixed seed.

const SEED = 28;
const ALPHABET = ["a", "b", "1", "-", ".", "x", " ", "_"];

const atom = fc.constantFrom("a", "b", "[ab]", "[^a]", "\\d", "\\w", "\\s", "-", "\\.", ".", "1", "[a-z0-9._-]");
const quantifier = fc.constantFrom("", "*", "+", "?", "{1,}", "{2}", "{0,2}", "*?", "+?");

/** Patterns built from groups, alternatives and repetitions of repetitions, a few levels deep. */
const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", maxDepth: 3, withCrossShrink: true },
    atom,
    fc.tuple(tie("expr"), tie("expr")).map(([a, b]) => a + b),
    fc.tuple(fc.constantFrom("(", "(?:"), tie("expr"), quantifier).map(([open, inner, q]) => `${open}${inner})${q}`),
    fc
      .tuple(fc.constantFrom("(", "(?:"), fc.array(tie("expr"), { minLength: 2, maxLength: 3 }), quantifier)
      .map(([open, alternatives, q]) => `${open}${alternatives.join("|")})${q}`),
    fc.tuple(tie("expr"), quantifier).map(([inner, q]) => `(?:${inner})${q}`),
  ),
})).expr;

const pattern = fc
  .tuple(fc.boolean(), expression, fc.boolean())
  .map(([start, body, end]) => `${start ? "^" : ""}${body}${end ? "$" : ""}`);

const strings = fc.array(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 9 }), {
  minLength: 10,
  maxLength: 10,
});

describe("rewriteRepetitions", () => {
  it("accepts the same strings as the pattern it rewrites (random patterns and strings, fixed seed)", () => {
    let rewritten = 0;
    fc.assert(
      fc.property(pattern, strings, (p, inputs) => {
        const q = rewriteRepetitions(p);
        if (q === undefined || q === p) return;
        rewritten++;
        const original = new RegExp(p, "u");
        const equivalent = new RegExp(q, "u");
        for (const s of inputs)
          expect(equivalent.test(s), `${p} → ${q} on ${JSON.stringify(s)}`).toBe(original.test(s));
      }),
      { seed: SEED, numRuns: 400 },
    );
    // The property says something only if many patterns were rewritten.
    expect(rewritten).toBeGreaterThan(100);
  });

  it("leaves alone a pattern with a backreference, lazy repetitions and groups with modifiers", () => {
    expect(rewriteRepetitions("^(a+)+\\1$")).toBeUndefined();
    expect(rewriteRepetitions("^(x+?)+$")).toBe("^(x+?)+$");
    expect(rewriteRepetitions("^(?i:(a+)+)$")).toBe("^(?i:(a+)+)$");
    expect(rewriteRepetitions("(")).toBeUndefined();
  });
});

describe("saferEquivalent", () => {
  it.each([
    ["^(?=.*\\d)([a-z0-9]+)*$", "^(?=.*\\d)[a-z0-9]*$"],
    ["^[a-zA-Z0-9._]([-._a-zA-Z0-9])*$", "^[a-zA-Z0-9._][-._a-zA-Z0-9]*$"],
    ["^(?!x)(\\w|\\d)+$", "^(?!x)[\\w\\d]+$"],
    ["^(?!-)(a+)+$", "^(?!-)a+$"],
    ["^(\\p{L}|\\d|-)+$", "^[\\p{L}\\d\\-]+$"],
  ])("offers %s as %s, which the risk check no longer flags", (from, to) => {
    expect(saferEquivalent(from)).toBe(to);
    expect(backtrackingRisk(to)).toBeUndefined();
  });

  it("offers nothing when no rewrite removes the risk", () => {
    expect(saferEquivalent("^(a|ab)*$")).toBeUndefined();
    expect(saferEquivalent("^(\\w+\\s?)*$")).toBeUndefined();
  });

  it("is what the SPEC_PATTERN_BACKTRACKING help offers", () => {
    const [warning] = checkPatterns(
      { type: "string", pattern: "^(?=.*\\d)([a-z0-9]+)*$" },
      { backtracking: { maxLength: 1000 } },
    );
    expect(warning!.code).toBe("SPEC_PATTERN_BACKTRACKING");
    expect(warning!.help).toContain('use the equivalent pattern "^(?=.*\\\\d)[a-z0-9]*$"');
  });
});
