import { describe, expect, it } from "vitest";
import type { Generator } from "../../src/generator-kit/contract.js";
import { warmGenerators } from "../../src/build/run-generators.js";
import { GENERATORS } from "../../generators/index.js";

// `generate --watch` warms the generators once it is idle after its first build, so that
// the first rebuild after an edit does not load a compiler first.

/** A generator that records its warm-up, or fails it. */
function fake(name: string, calls: string[], fail?: "throw" | "reject"): Generator {
  return {
    name,
    requires: [],
    warm: () => {
      calls.push(name);
      if (fail === "throw") throw new Error("cannot load");
      if (fail === "reject") return Promise.reject(new Error("cannot load"));
    },
    generate: () => [],
  };
}

describe("warmGenerators", () => {
  it("warms the named generators in order, skipping names it does not know (custom generators)", async () => {
    const calls: string[] = [];
    const registry = { a: fake("a", calls), b: fake("b", calls), c: { name: "c", requires: [], generate: () => [] } };
    await warmGenerators(["b", "mine", "c", "a", "toString"], registry);
    expect(calls).toEqual(["b", "a"]);
  });

  it("never rejects: a generator that fails to warm loads on first use instead", async () => {
    const calls: string[] = [];
    const registry = { a: fake("a", calls, "throw"), b: fake("b", calls, "reject"), c: fake("c", calls) };
    await expect(warmGenerators(["a", "b", "c"], registry)).resolves.toBeUndefined();
    expect(calls).toEqual(["a", "b", "c"]);
  });

  it("warms the types generator, which loads TypeScript's compiler on first use", async () => {
    // Called directly: a failure to load would reject here (warmGenerators swallows it).
    await expect(GENERATORS.types.warm!()).resolves.toBeUndefined();
  });
});
