import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findLoneSurrogate, hasLoneSurrogate } from "../../src/parse/unicode.js";

const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261128;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

// Text made of what an escaped lone surrogate looks like in JSON, and the real thing.
const text = fc
  .array(fc.constantFrom("\\", "u", "d", "8", "a", "\uD800", "\uDC00", "\uD83D\uDE00", "\\ud800", "x"), {
    maxLength: 6,
  })
  .map((parts) => parts.join(""));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(text, tie("v"), { maxKeys: 3 }),
  ),
})).v;

/** Whether any string or key in `value` holds a lone surrogate, by a plain walk. */
function anyLoneSurrogate(v: unknown): boolean {
  if (typeof v === "string") return hasLoneSurrogate(v);
  if (Array.isArray(v)) return v.some(anyLoneSurrogate);
  if (v && typeof v === "object") return Object.entries(v).some(([k, x]) => hasLoneSurrogate(k) || anyLoneSurrogate(x));
  return false;
}

/** The string or key a path leads to (the last step names a key when it is one). */
function at(v: unknown, path: ReadonlyArray<string | number>): string[] {
  let node = v;
  const found: string[] = [];
  for (const step of path) {
    if (typeof step === "string") found.push(step);
    node = (node as Record<string | number, unknown>)[step];
  }
  if (typeof node === "string") found.push(node);
  return found;
}

describe("findLoneSurrogate", () => {
  it("finds a lone surrogate exactly when a string or key holds one, and its path leads to it", () => {
    fc.assert(
      fc.property(value, (v) => {
        const path = findLoneSurrogate(v);
        expect(path !== undefined).toBe(anyLoneSurrogate(v));
        if (path) expect(at(v, path).some(hasLoneSurrogate)).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("is not misled by text that only looks like an escaped surrogate", () => {
    expect(findLoneSurrogate({ a: "\\ud800", "\\udc00": ["\\\\ud900"] })).toBeUndefined();
    expect(findLoneSurrogate({ a: ["ok", "\\\uD800"] })).toEqual(["a", 1]);
    expect(findLoneSurrogate({ "k\uDFFF": 1 })).toEqual(["k\uDFFF"]);
    expect(findLoneSurrogate("\uD83D\uDE00")).toBeUndefined();
  });
});
