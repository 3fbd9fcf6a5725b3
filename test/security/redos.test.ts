import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { RE2JS } from "re2js";
import { RegistrationError, ToolRegistry, type ValidateFunction } from "@mcp-specgen/runtime";
import { runCli, runtimeProject, type TempProject } from "../helpers/project.js";

// Patterns that backtrack catastrophically on JavaScript's RegExp (a 33-character string kept
// a generated server busy for tens of seconds before validation moved to a linear-time
// engine), through what users get: generated validators, the CLI, and the runtime's registry
// for schemas registered without a validator. No clock: a backtracking engine could not
// finish these 10,000-character strings in any test run (2^10,000 paths), so a verdict at all
// shows the linear-time engine ran; the validator source shows where every pattern goes.

const ATTACK = 10_000;
const keyAttack = `key=${"1".repeat(ATTACK - 5)}!`;
const runAttack = `${"a".repeat(ATTACK - 1)}!`;

const tool = (name: string, properties: Record<string, unknown>) => ({
  name,
  description: "Takes strings.",
  inputSchema: { type: "object", properties, additionalProperties: false },
});

describe("generated validators", () => {
  let project: TempProject;
  beforeAll(() => {
    project = runtimeProject({
      "specs/attack.json": JSON.stringify(
        tool("attack.take", {
          key: { type: "string", pattern: "^key=(?:\\w|\\d)+;$" },
          run: { type: "string", pattern: "^(a+)+$" },
          map: { type: "object", patternProperties: { "^(x+x+)+y$": { type: "integer" } } },
        }),
      ),
      "legacy/quoted.json": JSON.stringify(
        tool("legacy.quote", {
          q: { type: "string", pattern: "^(a+)+\\1$" },
          word: { type: "string", pattern: "^\\w+$" },
        }),
      ),
      "mcp-specgen.config.json": JSON.stringify({
        inputs: ["specs", "legacy"],
        backtrackingPatterns: { legacy: { maxLength: 64 } },
      }),
    });
  });
  afterAll(() => project.dispose());

  it("run every spec pattern on the runtime's linear-time engine, never on new RegExp", async () => {
    const r = await runCli(["generate"], project.dir);
    expect(r.stderr).not.toMatch(/ error /);
    expect(r.code).toBe(0);
    const source = project.read("generated/validators/attack.ts");
    expect(source).not.toMatch(/new RegExp|RegExp\(/);
    expect(source).toMatch(/^import \{[^}]*\blinearRegExp\b[^}]*\} from "@mcp-specgen\/runtime";$/m);
    // Each pattern is compiled once, through the engine ajv was given (`const funcN = linearRegExp`).
    const engine = /^const (func\d+) = linearRegExp;$/m.exec(source)?.[1];
    expect(engine).toBeDefined();
    const compiled = [...source.matchAll(/^const pattern\d+ = (\w+)\((".*"), "u"\);$/gm)];
    expect(compiled.map((m) => [m[1], JSON.parse(m[2]!)])).toEqual([
      [engine, "^key=(?:\\w|\\d)+;$"],
      [engine, "^(a+)+$"],
      [engine, "^(x+x+)+y$"],
    ]);
  });

  it("answer attack strings of 10,000 characters, on re2js", async () => {
    const { validateTakeArgs } = (await import(
      pathToFileURL(path.join(project.dir, "generated/validators/attack.ts")).href
    )) as {
      validateTakeArgs: ValidateFunction;
    };
    const tests = vi.spyOn(RE2JS.prototype, "test");
    try {
      expect(validateTakeArgs({ key: keyAttack })).toBe(false);
      expect(validateTakeArgs.errors?.map((e) => e.keyword)).toEqual(["pattern"]);
      expect(validateTakeArgs({ run: runAttack })).toBe(false);
      expect(validateTakeArgs({ map: { [`${"x".repeat(ATTACK)}z`]: 1 } })).toBe(true);
      expect(validateTakeArgs({ key: "key=a1_;", run: "aaa", map: { xxy: 1 } })).toBe(true);
      expect(tests).toHaveBeenCalledTimes(6);
    } finally {
      tests.mockRestore();
    }
  });

  it("warn, at generate, about an opted-in pattern of a shape the length cap does not bound", async () => {
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /legacy\/quoted\.json:1:\d+ warning SPEC_PATTERN_BACKTRACKING .*"\^\(a\+\)\+\\\\1\$" runs on JavaScript's backtracking RegExp .*a\+, inside another, \(a\+\)\+/,
    );
    expect(r.stderr).toMatch(/maxLength/);
    // Only the opted-in input's pattern: the other input's run on re2js.
    expect(r.stderr.match(/SPEC_PATTERN_BACKTRACKING/g)).toHaveLength(1);
  });

  it("run an opted-in input's backtracking patterns on RegExp only under its length cap", async () => {
    const source = project.read("generated/validators/legacy.ts");
    expect(source).toMatch(/^const func\d+ = linearOrCappedRegExp\(64\);$/m);
    expect(source).not.toMatch(/new RegExp/);
    const { validateQuoteArgs } = (await import(
      pathToFileURL(path.join(project.dir, "generated/validators/legacy.ts")).href
    )) as {
      validateQuoteArgs: ValidateFunction;
    };
    const tests = vi.spyOn(RegExp.prototype, "test");
    try {
      // Longer than the cap: refused without the pattern running (it would never finish).
      expect(validateQuoteArgs({ q: runAttack })).toBe(false);
      expect(tests).not.toHaveBeenCalled();
      // Within the cap: JavaScript's RegExp decides.
      expect(validateQuoteArgs({ q: "aa" })).toBe(true);
      expect(validateQuoteArgs({ q: "aab" })).toBe(false);
      expect(tests).toHaveBeenCalledTimes(2);
      // A pattern the engine can run stays on it, under no cap, in the same input.
      expect(validateQuoteArgs({ word: "w".repeat(ATTACK) })).toBe(true);
      expect(tests).toHaveBeenCalledTimes(2);
    } finally {
      tests.mockRestore();
    }
  });
});

describe("generate", () => {
  it("refuses a pattern the linear-time engine cannot run at file:line:col, with an equivalent", async () => {
    const project = runtimeProject({
      "specs/tools.json": JSON.stringify(
        tool("pw.set", { password: { type: "string", pattern: "^(?=.*\\d)(?=.*[a-z]).{8,}$" } }),
      ),
    });
    try {
      const r = await runCli(["generate"], project.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /specs\/tools\.json:1:\d+ error SPEC_PATTERN_UNSUPPORTED .*uses a lookahead \(\(\?=\.\*\\d\)\)/,
      );
      expect(r.stderr).toContain('"allOf": [{"pattern": "^.*\\\\d"}, {"pattern": "^.*[a-z]"}, {"pattern": "^.{8,}$"}]');
      expect(project.list()).not.toContain("generated/manifest.json");
    } finally {
      project.dispose();
    }
  });
});

describe("generate, on patterns too large or too deep for the linear-time engine", () => {
  it("refuses them at file:line:col", async () => {
    // 800 alternatives of 1,000 repetitions each: 9.5 KB, 800,000 instructions for re2js.
    const pattern = `^(?:${Array.from({ length: 800 }, (_, i) => `${i}\\w{1000}`).join("|")})$`;
    // Valid JavaScript; it overflowed the translator's stack.
    const deep = `^${"(?:".repeat(1000)}a${")".repeat(1000)}$`;
    const project = runtimeProject({
      "specs/tools.json": JSON.stringify(
        tool("big.take", { s: { type: "string", pattern }, d: { type: "string", pattern: deep } }),
        null,
        2,
      ),
    });
    try {
      const r = await runCli(["generate", "--no-cache"], project.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /specs\/tools\.json:\d+:\d+ error SPEC_PATTERN_UNSUPPORTED .*expands to 80\d{4} states on the linear-time engine; at most 5000/,
      );
      expect(r.stderr).toMatch(
        /specs\/tools\.json:\d+:\d+ error SPEC_PATTERN_UNSUPPORTED .*nests groups 1000 deep; at most 100/,
      );
      expect(r.stderr).not.toMatch(/SPEC_INTERNAL/);
    } finally {
      project.dispose();
    }
  });
});

describe("ToolRegistry with a schema and no validator", () => {
  const handler = () => ({ ok: true });

  it("validates attack strings on the linear-time engine", async () => {
    const registry = new ToolRegistry();
    registry.register(
      {
        name: "a.take",
        inputSchema: { type: "object", properties: { key: { type: "string", pattern: "^key=(?:\\w|\\d)+;$" } } },
      },
      handler,
    );
    const result = await registry.execute({ tool_name: "a.take", arguments: { key: keyAttack } });
    expect(result.status).toBe("failure");
    expect(result.error?.error_type).toBe("ValidationError");
    expect((await registry.execute({ tool_name: "a.take", arguments: { key: "key=12;" } })).status).toBe("success");
  });

  it("refuses a pattern the engine cannot run at registration, naming it", () => {
    const registry = new ToolRegistry();
    const register = () =>
      registry.register(
        {
          name: "a.quote",
          inputSchema: { type: "object", properties: { q: { type: "string", pattern: "^(a+)+\\1$" } } },
        },
        handler,
      );
    expect(register).toThrow(RegistrationError);
    expect(register).toThrow(
      /inputSchema pattern "\^\(a\+\)\+\\\\1\$" at \/properties\/q\/pattern uses a backreference/,
    );
    expect(register).toThrow(/backtrackingPatterns/);
    expect(registry.has("a.quote")).toBe(false);
  });

  it("runs it on RegExp under the cap when the registry opts in", async () => {
    const registry = new ToolRegistry({ backtrackingPatterns: { maxLength: 64 } });
    registry.register(
      {
        name: "a.quote",
        inputSchema: { type: "object", properties: { q: { type: "string", pattern: "^(a+)+\\1$" } } },
      },
      handler,
    );
    expect((await registry.execute({ tool_name: "a.quote", arguments: { q: "aa" } })).status).toBe("success");
    const long = await registry.execute({ tool_name: "a.quote", arguments: { q: runAttack } });
    expect(long.error?.error_type).toBe("ValidationError");
  });
});
