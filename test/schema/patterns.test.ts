import { describe, expect, it } from "vitest";
import { checkPatterns } from "../../src/schema/patterns.js";

const check = (schema: Record<string, unknown>) =>
  checkPatterns(schema as never).map((p) => [p.code, p.path.join("/")]);

describe("checkPatterns", () => {
  it("accepts the patterns real tool schemas use", () => {
    for (const pattern of [
      "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$",
      "^\\d{4}-\\d{2}-\\d{2}$",
      "^[A-Za-z0-9._-]{1,128}$",
      "^https?://[^\\s/$.?#].[^\\s]*$",
      "^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$",
    ]) {
      expect(check({ type: "string", pattern }), pattern).toEqual([]);
    }
  });

  it("refuses patterns that do not compile, in pattern and patternProperties", () => {
    expect(
      check({ type: "object", properties: { a: { type: "string", pattern: "([a-" } }, patternProperties: { "(": {} } }),
    ).toEqual([
      ["SPEC_PATTERN_INVALID", "patternProperties/("],
      ["SPEC_PATTERN_INVALID", "properties/a/pattern"],
    ]);
  });

  it("refuses exponential backtracking whatever the length bound", () => {
    for (const pattern of ["^(a+)+$", "^(\\w+\\s?)*$", "^(\\d+)*\\.$"]) {
      const problems = checkPatterns({ type: "string", maxLength: 10, pattern });
      expect(
        problems.map((p) => p.code),
        pattern,
      ).toEqual(["SPEC_PATTERN_UNSAFE"]);
    }
  });

  it("refuses polynomial backtracking, even beside maxLength (validators still run the pattern)", () => {
    expect(check({ type: "string", pattern: "\\s*#?\\s*$" })).toEqual([["SPEC_PATTERN_UNSAFE", "pattern"]]);
    expect(check({ type: "string", pattern: "\\s*#?\\s*$", maxLength: 10 })).toEqual([
      ["SPEC_PATTERN_UNSAFE", "pattern"],
    ]);
    expect(check({ type: "string", pattern: "[a-z]+@x" })).toEqual([["SPEC_PATTERN_UNSAFE", "pattern"]]);
    expect(check({ type: "string", pattern: "^[a-z]+@x" })).toEqual([]);
  });

  it("offers an equivalent safe pattern when one is known", () => {
    const [problem] = checkPatterns({ type: "string", pattern: "^(a+)+$" });
    expect(problem!.help).toMatch(/equivalent pattern|nested quantifier/);
  });
});
