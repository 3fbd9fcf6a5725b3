import { describe, expect, it } from "vitest";
import { GENERATORS } from "../../generators/index.js";
import {
  DEFAULT_GENERATOR_NAMES,
  GENERATOR_NAMES,
  OPT_IN_GENERATOR_NAMES,
  type GeneratorName,
} from "../../src/generator-kit/names.js";
import { generatorOrder, requirementCycle } from "../../src/build/order.js";
import { runOrder } from "../../src/build/requirements.js";

// Generators run in an order that respects `requires`: each after the generators it requires,
// otherwise as listed (a stable topological sort).

const table = (entries: Record<string, string[]>) => (name: string) => entries[name] ?? [];

/** Every ordering of a list. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("generator order", () => {
  it("keeps the listed order when nothing requires anything", () => {
    expect(generatorOrder(["c", "a", "b"], table({}))).toEqual(["c", "a", "b"]);
  });

  it("moves a generator after what it requires, and nothing else", () => {
    const requires = table({ server: ["types", "validators"], client: ["types"] });
    // At each step, the first listed generator whose requirements have run.
    expect(generatorOrder(["server", "openai", "client", "validators", "types"], requires)).toEqual([
      "openai",
      "validators",
      "types",
      "server",
      "client",
    ]);
    expect(generatorOrder(["docs", "a", "b"], table({ docs: ["b"] }))).toEqual(["a", "b", "docs"]);
  });

  it("follows chains of requirements", () => {
    expect(generatorOrder(["d", "c", "b", "a"], table({ d: ["c"], c: ["b"], b: ["a"] }))).toEqual(["a", "b", "c", "d"]);
  });

  it("ignores requirements that are not listed (a partial selection)", () => {
    expect(generatorOrder(["server", "openai"], table({ server: ["types", "validators"] }))).toEqual([
      "server",
      "openai",
    ]);
  });

  it("puts generators caught in a cycle last, as listed, and never loops", () => {
    expect(generatorOrder(["a", "b", "c"], table({ a: ["b"], b: ["a"] }))).toEqual(["c", "a", "b"]);
    expect(generatorOrder(["a"], table({ a: ["a"] }))).toEqual(["a"]);
  });

  it("finds cycles", () => {
    expect(requirementCycle(["a", "b", "c"], table({ a: ["b"], b: ["c"], c: ["a"] }))).toEqual(["a", "b", "c", "a"]);
    expect(requirementCycle(["a"], table({ a: ["a"] }))).toEqual(["a", "a"]);
    expect(requirementCycle(["a", "b"], table({ a: ["b"], b: ["x"], x: ["a"] }))).toBeUndefined();
    expect(requirementCycle(["a", "b", "c"], table({ a: ["b", "c"], b: ["c"] }))).toBeUndefined();
  });

  it("runs every permutation of the built-in generators with each after what it requires", () => {
    // Every ordering of the default generators, each with the opt-in ones put in at a place
    // that moves from one ordering to the next (all orderings of all nine would take minutes).
    const optIn = GENERATOR_NAMES.filter((g) => OPT_IN_GENERATOR_NAMES.includes(g));
    const orderings = permutations(DEFAULT_GENERATOR_NAMES).map((list, i) => {
      const generators = [...list];
      for (const [k, g] of optIn.entries()) generators.splice((i + k) % (generators.length + 1), 0, g);
      return generators;
    });
    expect(new Set(orderings.map((o) => o.indexOf("codemode"))).size).toBe(GENERATOR_NAMES.length);
    // Checked with plain comparisons, one expect at the end: tens of thousands of expects are slow.
    const all = [...GENERATOR_NAMES].sort().join();
    const wrong = orderings.filter((generators) => {
      const order = runOrder({ generators, customGenerators: [] }) as GeneratorName[];
      if ([...order].sort().join() !== all) return true;
      for (const [i, name] of order.entries())
        for (const required of GENERATORS[name].requires) if (!(order.indexOf(required) < i)) return true;
      // Stable: generators that require nothing keep their relative order.
      const free = generators.filter((g) => GENERATORS[g].requires.length === 0);
      return order.filter((g) => free.includes(g)).join() !== free.join();
    });
    expect(wrong).toEqual([]);
  });

  it("orders custom generators among the built-in ones", () => {
    const docs = { name: "docs", requires: ["client", "summary"], generate: () => [] };
    const summary = { name: "summary", generate: () => [] };
    expect(runOrder({ generators: ["docs", "client", "summary", "types"], customGenerators: [docs, summary] })).toEqual(
      ["summary", "types", "client", "docs"],
    );
  });
});
