import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { jsonFile } from "../../src/generate/json-file.js";
import { tsLiteral } from "../../src/generate/ts.js";
import { deepFreeze } from "../../src/cache/store.js";

// Frozen IR has its TypeScript text kept and reused (generate --watch), and JSON output is
// written from it too: the text must be exactly what the plain serialisation gives, frozen
// or not, shared or not.
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const data = fc.jsonValue({ maxDepth: 5 }).map((v) => ({ v, shared: [v, { again: v }] }));

describe("text kept for frozen values", () => {
  it("jsonFile is JSON.stringify(value, null, 2), frozen or not", () => {
    fc.assert(
      fc.property(data, ({ v, shared }) => {
        const plain = `${JSON.stringify(shared, null, 2)}\n`;
        expect(jsonFile(shared)).toBe(plain);
        const frozen = deepFreeze(structuredClone(shared));
        expect(jsonFile(frozen)).toBe(plain);
        // Again: now from the kept text, at other indents too.
        expect(jsonFile(frozen)).toBe(plain);
        expect(jsonFile({ outer: frozen })).toBe(`${JSON.stringify({ outer: shared }, null, 2)}\n`);
        expect(jsonFile(v)).toBe(`${JSON.stringify(v, null, 2)}\n`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("drops what JSON.stringify drops: undefined members, and writes undefined array items as null", () => {
    const value = deepFreeze({ a: undefined, b: [undefined, 1], c: { d: undefined } });
    expect(jsonFile(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

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
