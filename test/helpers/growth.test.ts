import { describe, expect, it } from "vitest";
import { growthRatio, LINEAR_GROWTH } from "./growth.js";

// The measure the complexity tests rely on tells linear work from quadratic work.

const numbers = (n: number) => Float64Array.from({ length: n }, (_, i) => (i * 7919) % 1000);

function sum(values: Float64Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Counts the pairs in order: every pair is looked at. */
function orderedPairs(values: Float64Array): number {
  let count = 0;
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) if (values[i]! < values[j]!) count++;
  return count;
}

describe("growthRatio", () => {
  it("stays under the linear bound for linear work", () => {
    expect(growthRatio({ input: numbers, run: sum }, 50_000)).toBeLessThan(LINEAR_GROWTH);
  });

  it("goes over it for quadratic work", () => {
    expect(growthRatio({ input: numbers, run: orderedPairs }, 300)).toBeGreaterThan(LINEAR_GROWTH * 1.25);
  });
});
