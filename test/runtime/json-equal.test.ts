import { describe, expect, it } from "vitest";
import { jsonEqual } from "../../packages/runtime/src/json-equal.js";

describe("jsonEqual", () => {
  it("compares JSON values structurally, keys in any order", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: [1, { c: "x" }] }, { a: 1, b: [1, { c: "y" }] })).toBe(false);
    expect(jsonEqual([NaN], [NaN])).toBe(true);
    expect(jsonEqual({ a: 0 }, { a: -0 })).toBe(true);
    expect(jsonEqual({ a: "1" }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: [] }, { a: {} })).toBe(false);
    expect(jsonEqual({ toString: 1 }, { toString: 1 })).toBe(true);
  });

  it("does not remember an object once it has changed (fingerprints last one task)", async () => {
    const a = { list: [1, 2, 3] };
    const b = { list: [1, 2, 3] };
    expect(jsonEqual(a, b)).toBe(true);
    await Promise.resolve();
    b.list.push(4);
    expect(jsonEqual(a, b)).toBe(false);
  });

  it("compares every pair of a thousand large items in about linear time", () => {
    const items = Array.from({ length: 1000 }, (_, i) =>
      Object.fromEntries([...Array.from({ length: 300 }, (_, k) => [`k${k}`, 0]), ["d", i]]),
    );
    let equalPairs = 0;
    for (let i = items.length; i--; ) for (let j = i; j--; ) if (jsonEqual(items[i], items[j])) equalPairs++;
    expect(equalPairs).toBe(0);
    items.push({ ...items[3]! });
    expect(jsonEqual(items[3], items[1000])).toBe(true);
  });
});
