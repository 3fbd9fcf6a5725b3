import { describe, expect, it } from "vitest";
import { levenshtein, suggestNames } from "@mcp-specgen/runtime";

describe("levenshtein", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["kitten", "sitting", 3],
    ["math.sum", "math.sub", 1],
    ["flaw", "lawn", 2],
  ])("%j vs %j = %i", (a, b, d) => {
    expect(levenshtein(a, b)).toBe(d);
    expect(levenshtein(b, a)).toBe(d);
  });
});

describe("suggestNames", () => {
  const names = ["math.sum", "math.sub", "math.multiply", "files.read_file", "files.write_file", "get-sum", "echo"];
  it.each<[string, string[]]>([
    ["math.summ", ["math.sum", "math.sub"]],
    ["files.readfile", ["files.read_file", "files.write_file"]],
    ["get_sum", ["get-sum"]],
    ["GET-SUM", ["get-sum"]],
    ["sum", ["math.sum", "math.sub", "get-sum"]],
    ["multiply", ["math.multiply"]],
    ["echoo", ["echo"]],
    ["completely.unrelated_tool", []],
  ])("%j → %j", (name, expected) => {
    expect(suggestNames(name, names)).toEqual(expected);
  });

  it("returns at most `limit` names", () => {
    expect(suggestNames("math.su", names, 1)).toHaveLength(1);
    expect(suggestNames("math.su", names).length).toBeLessThanOrEqual(3);
  });
});
