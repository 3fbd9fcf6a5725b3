import { describe, expect, it } from "vitest";
import { checkPatterns, type PatternMemo } from "../../src/schema/patterns.js";

const check = (schema: Record<string, unknown>, maxLength?: number) =>
  checkPatterns(schema as never, { backtracking: maxLength === undefined ? undefined : { maxLength } }).map((p) => [
    p.code,
    p.path.join("/"),
  ]);

describe("checkPatterns", () => {
  it("accepts the patterns real tool schemas use, and the ones that backtrack catastrophically in JavaScript", () => {
    for (const pattern of [
      "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$",
      "^\\d{4}-\\d{2}-\\d{2}$",
      "^[A-Za-z0-9._-]{1,128}$",
      "^https?://[^\\s/$.?#].[^\\s]*$",
      "^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$",
      // Exponential or polynomial on a backtracking engine, linear on the one validators use.
      "^(a+)+$",
      "^key=(?:\\w|\\d)+;$",
      "\\s*#?\\s*$",
      "^(?:a|b|ab)*$",
      "^(\\w{1,20}\\s?){1,20}$",
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

  it("refuses what the linear-time engine cannot run, naming the construct", () => {
    for (const [pattern, named] of [
      ["^(['\"]).*\\1$", /backreference \(\\1\)/],
      ["^(?=.*\\d).{8,}$", /lookahead \(\(\?=\.\*\\d\)\)/],
      ['(?<!\\\\)"', /lookbehind/],
      ["^.{1,5000}$", /5000 times, more than .* 1000/],
      ["^(?:a{1,40}){1,30}$", /1200 repetitions/],
      ["\\p{scx=Greek}", /Script_Extensions/],
    ] as const) {
      const problems = checkPatterns({ type: "string", pattern });
      expect(
        problems.map((p) => p.code),
        pattern,
      ).toEqual(["SPEC_PATTERN_UNSUPPORTED"]);
      expect(problems[0]!.message, pattern).toMatch(named);
      expect(problems[0]!.help, pattern).toMatch(/backtrackingPatterns/);
    }
  });

  it("offers an equivalent when one is obvious", () => {
    const [lookaheads] = checkPatterns({ type: "string", pattern: "^(?=.*\\d)(?!.*admin).{8,}$" });
    expect(lookaheads!.help).toContain(
      '"allOf": [{"pattern": "^.*\\\\d"}, {"not": {"type": "string", "pattern": "^.*admin"}}, {"pattern": "^.{8,}$"}]',
    );
    const [long] = checkPatterns({ type: "string", pattern: "^[a-z]{1,5000}$" });
    expect(long!.help).toContain('"pattern": "^[a-z]*$", "minLength": 1, "maxLength": 5000');
  });

  it("lets an input that opts in run unsupported patterns, never invalid ones", () => {
    expect(check({ type: "string", pattern: "^(a)\\1$" }, 256)).toEqual([]);
    expect(check({ type: "string", pattern: "^(a" }, 256)).toEqual([["SPEC_PATTERN_INVALID", "pattern"]]);
  });

  it("translates each distinct pattern once per memo the caller owns", () => {
    const memo: PatternMemo = new Map();
    checkPatterns({ type: "object", properties: { a: { pattern: "^x+$" }, b: { pattern: "^x+$" } } }, { memo });
    const first = memo.get("^x+$");
    checkPatterns({ type: "string", pattern: "^x+$" }, { memo });
    expect([...memo.keys()]).toEqual(["^x+$"]);
    expect(memo.get("^x+$")).toBe(first);
  });
});
