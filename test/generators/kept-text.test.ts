import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { tsLiteral } from "../../src/generate/ts.js";
import { deepFreeze } from "../../src/cache/store.js";

// Frozen IR has its TypeScript text kept and reused (generate --watch): the text must be
// exactly what the plain serialisation gives, frozen or not, shared or not.
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const data = fc.jsonValue({ maxDepth: 5 }).map((v) => ({ shared: [v, { again: v }] }));

describe("text kept for frozen values", () => {
  it("tsLiteral gives the same text for a frozen value as for a plain one", () => {
    fc.assert(
      fc.property(data, ({ shared }) => {
        const plain = tsLiteral(shared);
        const frozen = deepFreeze(structuredClone(shared));
        expect(tsLiteral(frozen)).toBe(plain);
        expect(tsLiteral(frozen)).toBe(plain);
        expect(tsLiteral({ outer: frozen }, "  ")).toBe(tsLiteral({ outer: shared }, "  "));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
