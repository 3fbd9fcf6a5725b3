import { describe, expect, it } from "vitest";
import { closestName, editDistance } from "../../src/naming/closest.js";
import { suggestType } from "../../src/parse/primitives/type-suggestions.js";

// One edit distance for every "did you mean" (options, commands, type words): a swap of two
// adjacent letters is one slip, as a lost or doubled letter is.
describe("edit distance and the closest name", () => {
  it("counts a swap of two adjacent letters as one edit", () => {
    expect(editDistance("strnig", "string")).toBe(1);
    expect(editDistance("integr", "integer")).toBe(1);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("suggests an option or a type word for a swap, and nothing for an unrelated word", () => {
    expect(closestName("otuDir", ["inputs", "outDir", "generators"])).toBe("outDir");
    expect(closestName("ab", ["inputs", "outDir"])).toBeUndefined();
    expect(suggestType("strnig")).toBe("string");
    expect(suggestType("banana")).toBeUndefined();
  });
});
