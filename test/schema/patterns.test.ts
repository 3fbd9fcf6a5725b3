import { describe, expect, it, vi } from "vitest";
import { RE2JS } from "re2js";
import { MAX_PROGRAM_SIZE } from "@mcp-specgen/runtime";
import { checkPatterns, type PatternMemo } from "../../src/schema/patterns.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { validateTools } from "../../src/validate/index.js";
import { makeTool } from "../helpers/make-tool.js";

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

  it("refuses a pattern whose program would be too large, before compiling anything", () => {
    // 800 alternatives of 1,000 repetitions: 9.5 KB of pattern, 800,000 instructions for re2js.
    const pattern = `^(?:${Array.from({ length: 800 }, (_, i) => `${i}\\w{1000}`).join("|")})$`;
    const compiles = vi.spyOn(RE2JS, "compile");
    try {
      const problems = checkPatterns({ type: "string", pattern });
      expect(problems.map((p) => p.code)).toEqual(["SPEC_PATTERN_UNSUPPORTED"]);
      expect(problems[0]!.message).toMatch(
        new RegExp(`expands to 80\\d{4} states on the linear-time engine; at most ${MAX_PROGRAM_SIZE}`),
      );
      expect(compiles).not.toHaveBeenCalled();
    } finally {
      compiles.mockRestore();
    }
    // Below the bound: `.{1,1000}` twice is about 4,000.
    expect(check({ type: "string", pattern: "^.{1,1000}:.{1,1000}$" })).toEqual([]);
  });

  it("compiles each pattern at most once per run, for the checks and the usage examples together", () => {
    const pattern = "^[a-z]{1,40}$";
    const schema = { type: "object", properties: { a: { type: "string", pattern } } };
    const example = (value: string) => ({
      kind: "call" as const,
      value: { a: value },
      loc: { file: "specs/tools.json", line: 1, column: 1 },
    });
    const tools = [
      makeTool({ name: "demo.one", inputSchema: schema, examples: [example("abc")] }),
      makeTool({ name: "demo.two", inputSchema: { ...schema, required: ["a"] }, examples: [example("ABC")] }),
    ];
    const compiles = vi.spyOn(RE2JS, "compile");
    try {
      const diagnostics = new DiagnosticBag();
      validateTools(tools, diagnostics);
      // The second tool's example is checked with the pattern, compiled once for both tools.
      expect(diagnostics.items.filter((d) => d.code === "SPEC_EXAMPLE_INVALID")).toHaveLength(1);
      expect(compiles.mock.calls.filter(([source]) => source.includes("{1,40}"))).toHaveLength(1);
    } finally {
      compiles.mockRestore();
    }
  });

  it("warns about an opted-in pattern of a shape that can take exponential time under the cap", () => {
    const warned = (pattern: string) =>
      checkPatterns({ type: "string", pattern }, { backtracking: { maxLength: 1000 } }).map((p) => [
        p.code,
        p.severity,
      ]);
    for (const pattern of [
      "^(?!-)(a+)+$",
      "^(?=(a+)+$)",
      "^(\\w+\\s?)*\\1$",
      "^(?!x)(\\w|\\d)+$",
      "^(?<!x)(?:ab|a)*$",
      "^(?!x)(?:\\p{L}|é)+$",
    ])
      expect(warned(pattern), pattern).toEqual([["SPEC_PATTERN_BACKTRACKING", "warning"]]);
    for (const pattern of [
      "^(?!-)[a-z0-9-]{1,63}(?<!-)$",
      "^(['\"]).*\\1$",
      "^(?=.*\\d)(?=.*[a-z]).{8,}$",
      "^(?!x)(?:\\d|[a-z])+$",
      "^(?!x)(?:\\p{L}|\\d)+$",
      "^(?!x)(?:a{1,3}b)+$",
    ])
      expect(warned(pattern), pattern).toEqual([]);
    const [warning] = checkPatterns({ type: "string", pattern: "^(?!-)(a+)+$" }, { backtracking: { maxLength: 1000 } });
    expect(warning!.message).toContain("has a repetition without bound, a+, inside another, (a+)+");
    expect(warning!.message).toContain("a cap of 1000 characters");
    expect(warning!.help).toMatch(/maxLength/);
    // Without the opt-in such a pattern is refused, not warned about.
    expect(check({ type: "string", pattern: "^(?!-)(a+)+$" })).toEqual([["SPEC_PATTERN_UNSUPPORTED", "pattern"]]);
  });
});
