import { describe, expect, it } from "vitest";
import { unboundedDeepUniqueItems } from "../../src/schema/unique-items.js";

describe("unboundedDeepUniqueItems", () => {
  it("accepts scalar items (checked in linear time) and bounded arrays", () => {
    expect(unboundedDeepUniqueItems({ type: "array", uniqueItems: true, items: { type: "string" } })).toEqual([]);
    expect(
      unboundedDeepUniqueItems({ type: "array", uniqueItems: true, items: { type: ["integer", "null"] } }),
    ).toEqual([]);
    expect(unboundedDeepUniqueItems({ type: "array", uniqueItems: true, maxItems: 1000 })).toEqual([]);
  });

  it("refuses pairwise comparison of unbounded arrays of objects or untyped items", () => {
    expect(
      unboundedDeepUniqueItems({
        type: "object",
        properties: { a: { type: "array", uniqueItems: true, items: { type: "object" } } },
      }),
    ).toEqual([["properties", "a", "uniqueItems"]]);
    expect(unboundedDeepUniqueItems({ type: "array", uniqueItems: true })).toEqual([["uniqueItems"]]);
    expect(
      unboundedDeepUniqueItems({
        type: "array",
        uniqueItems: true,
        maxItems: 5000,
        items: { type: ["string", "array"] },
      }),
    ).toEqual([["uniqueItems"]]);
  });
});
