import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { tsLiteralDocument } from "../../src/generator-kit/fragments.js";
import { stringLiteral, tsLiteral } from "../../src/generator-kit/ts.js";

const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261128;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

// Any UTF-16 text, line and paragraph separators made likely.
const text = fc.oneof(
  fc.string({ unit: "binary" }),
  fc
    .array(fc.constantFrom("a", '"', "\\", "\n", "\u2028", "\u2029", "\u0000", "é"), { maxLength: 12 })
    .map((cs) => cs.join("")),
);

describe("stringLiteral", () => {
  it("is a string literal of the text itself, with no raw line or paragraph separator", () => {
    fc.assert(
      fc.property(text, (s) => {
        const literal = stringLiteral(s);
        expect(literal).not.toMatch(/[\u2028\u2029]/);
        // JSON quoting, with the separators escaped, is read back as the same text.
        expect(JSON.parse(literal)).toBe(s);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("tsLiteral", () => {
  // Arrays of primitives around the 80-character line where they stop being written flat.
  const primitives = fc.array(fc.oneof(fc.integer(), fc.constantFrom("abcdefghij", "x", null, true)), {
    maxLength: 20,
  });
  const value = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
      { depthSize: "small" },
      fc.jsonValue({ maxDepth: 2 }),
      primitives,
      fc.array(tie("v"), { maxLength: 4 }),
      fc.dictionary(fc.oneof(text, fc.constantFrom("__proto__", "a-b", "ok", "$x", "1")), tie("v"), { maxKeys: 4 }).map(
        // Through JSON.parse, as specs arrive: `__proto__` is then an own key.
        (o) => JSON.parse(JSON.stringify(o)) as unknown,
      ),
    ),
  })).v;

  it("writes what writeLiteral writes a part at a time (tsLiteralDocument without fragments)", () => {
    fc.assert(
      fc.property(value, fc.constantFrom("", "  ", "      "), (v, indent) => {
        expect(tsLiteral(v, indent)).toBe(tsLiteralDocument(v, indent.length / 2).join(""));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("writes an array of primitives on one line up to 80 characters, past that an item a line", () => {
    const fits = ["a".repeat(73), 1]; // ["aaa…", 1]: 80 characters
    expect(tsLiteral(fits)).toBe(`["${"a".repeat(73)}", 1]`);
    expect(tsLiteral(fits).length).toBe(80);
    expect(tsLiteral(["a".repeat(74), 1])).toBe(`[\n  "${"a".repeat(74)}",\n  1,\n]`);
  });
});
