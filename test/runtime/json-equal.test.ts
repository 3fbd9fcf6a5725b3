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

  it("compares every pair of many large items reading each item about once, not once per pair", () => {
    let reads = 0;
    const counted = <T extends object>(value: T): T =>
      new Proxy(value, {
        get(target, key, receiver) {
          reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    const members = 301;
    const items = Array.from({ length: 200 }, (_, i) =>
      counted(Object.fromEntries([...Array.from({ length: members - 1 }, (_, k) => [`k${k}`, 0]), ["d", i]])),
    );
    let equalPairs = 0;
    for (let i = items.length; i--; ) for (let j = i; j--; ) if (jsonEqual(items[i], items[j])) equalPairs++;
    expect(equalPairs).toBe(0);
    // Fingerprinting reads each member once; member-by-member comparison of all 19,900 pairs
    // (they differ only in their last member) would read about twelve million.
    expect(reads).toBeLessThanOrEqual(2 * items.length * members);
    const copy = counted({ ...items[3]! });
    expect(jsonEqual(items[3], copy)).toBe(true);
  });
});
