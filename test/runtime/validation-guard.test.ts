/**
 * The registry guards every validation of a schema whose validation can grow faster than the
 * value (validation-cost.ts), however small the value; other schemas keep the direct path for
 * values below `minSize`. Whether a validation ran under the guard is read from its stack
 * (the budget's script is on it), never from timing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  createToolCaller,
  ToolRegistry,
  type Logger,
  type MCPToolResult,
  type ValidateFunction,
} from "@mcp-specgen/runtime";
import { isAtLeast } from "../../packages/runtime/src/call-budget.js";

/** A validator that records whether it ran under the budget's guard, and accepts everything. */
function spy(): ValidateFunction & { guarded: boolean[] } {
  const guarded: boolean[] = [];
  return Object.assign(
    (): boolean => {
      guarded.push((new Error().stack ?? "").includes("mcp-specgen:validation-budget"));
      return true;
    },
    { errors: null, guarded },
  );
}

function debugLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const none = () => undefined;
  return { lines, debug: (message: string) => void lines.push(message), info: none, warn: none, error: none };
}

const node = {
  oneOf: ["folder", "group"].map((kind) => ({
    type: "object",
    properties: {
      type: { const: kind },
      name: { type: "string" },
      children: { type: "array", items: { $ref: "#/$defs/node" } },
    },
    required: ["type"],
  })),
};
const treeSchema = { type: "object", properties: { root: { $ref: "#/$defs/node" } }, $defs: { node } };
type Tree = { type: string; children?: Tree[] };
const tree = (depth: number): Tree =>
  depth === 0 ? { type: "folder" } : { type: "folder", children: [tree(depth - 1)] };

describe("schemas guarded whatever the size of the value", () => {
  it("stop an 832-byte argument 26 levels deep (past the watchdog's bound unguarded) within the default budget", async () => {
    const registry = new ToolRegistry();
    registry.register({ name: "save_tree", inputSchema: treeSchema }, () => ({ ok: true }));
    const args = { root: tree(26) };
    expect(JSON.stringify(args).length).toBe(832);
    expect(isAtLeast(args, 1024)).toBe(false);
    const result = await registry.execute({ tool_name: "save_tree", arguments: args });
    expect(result.error).toEqual({
      error_type: "TimeoutError",
      error_message: expect.stringContaining('Validating the arguments of tool "save_tree" took longer than 500 ms'),
      error_details: { timeoutMs: 500, phase: "input validation" },
    });
    // A shallow tree under the same schema is validated as usual.
    expect((await registry.execute({ tool_name: "save_tree", arguments: { root: tree(2) } })).status).toBe("success");
  });

  it("guard results too", async () => {
    const registry = new ToolRegistry({ validationBudget: { timeoutMs: 50 } });
    registry.register({ name: "tree", inputSchema: { type: "object" }, outputSchema: treeSchema }, () => ({
      root: tree(26),
    }));
    const result = await registry.execute({ tool_name: "tree", arguments: {} });
    expect(result.error).toMatchObject({
      error_type: "TimeoutError",
      error_details: { timeoutMs: 50, phase: "output validation" },
    });
  });

  it("are told apart once per tool, with the reason logged at debug level", async () => {
    const logger = debugLog();
    const registry = new ToolRegistry({ logger });
    const exponential = spy();
    const ordinary = spy();
    registry.register({ name: "tree", inputSchema: treeSchema, validateInput: exponential }, () => 1);
    registry.register({ name: "plain", inputSchema: { type: "object" }, validateInput: ordinary }, () => 1);
    for (let i = 0; i < 2; i++) {
      await registry.execute({ tool_name: "tree", arguments: {} });
      await registry.execute({ tool_name: "plain", arguments: {} });
    }
    expect(exponential.guarded).toEqual([true, true]);
    expect(ordinary.guarded).toEqual([false, false]);
    expect(logger.lines).toEqual([
      expect.stringMatching(
        /^Tool "tree": every validation of its arguments runs under the validation budget, however small: .*oneOf.*the work grows with the value's depth$/,
      ),
    ]);
  });

  it("do not include the tools of 20 real servers: their small arguments keep the direct path", async () => {
    const dir = new URL("../fixtures/real-tools/", import.meta.url);
    const registry = new ToolRegistry();
    const validators: Array<ReturnType<typeof spy>> = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const { tools } = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as {
        tools: Array<{ name: string; inputSchema: Record<string, unknown> }>;
      };
      for (const tool of tools) {
        const validateInput = spy();
        validators.push(validateInput);
        registry.register(
          { name: `${file.replace(/\W/g, "_")}.${tool.name}`, inputSchema: tool.inputSchema, validateInput },
          () => 1,
        );
      }
    }
    for (const name of registry.list().map((t) => t.name)) await registry.execute({ tool_name: name, arguments: {} });
    expect(validators.length).toBeGreaterThan(250);
    expect(validators.filter((v) => v.guarded[0] !== false)).toEqual([]);
  });

  it("include every schema with a pattern under a compileSchema of the registry's own", async () => {
    const compiled = spy();
    const registry = new ToolRegistry({ compileSchema: () => compiled });
    const withPattern = { type: "object", properties: { id: { type: "string", pattern: "^[a-z]+$" } } };
    registry.register({ name: "custom", inputSchema: withPattern }, () => 1);
    registry.register({ name: "plain", inputSchema: { type: "object" } }, () => 1);
    // Generated validators bring their own (linear-time) pattern engine.
    const given = spy();
    registry.register({ name: "generated", inputSchema: withPattern, validateInput: given }, () => 1);
    await registry.execute({ tool_name: "custom", arguments: {} });
    await registry.execute({ tool_name: "plain", arguments: {} });
    await registry.execute({ tool_name: "generated", arguments: {} });
    expect(compiled.guarded).toEqual([true, false]);
    expect(given.guarded).toEqual([false]);
  });

  it("include schemas whose patterns run on the backtracking engine (backtrackingPatterns)", async () => {
    const logger = debugLog();
    const registry = new ToolRegistry({ logger, backtrackingPatterns: { maxLength: 64 } });
    registry.register(
      { name: "repeat", inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(ab)\\1$" } } } },
      () => 1,
    );
    expect((await registry.execute({ tool_name: "repeat", arguments: { s: "abab" } })).status).toBe("success");
    expect(logger.lines).toEqual([expect.stringContaining("backtracking RegExp")]);
  });
});

describe("asynchronous validators", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
    unhandled.length = 0;
  });

  it("are refused at registration when they say so ($async)", () => {
    const registry = new ToolRegistry();
    const validateInput = Object.assign(async () => true, { $async: true }) as unknown as ValidateFunction;
    expect(() => registry.register({ name: "t", inputSchema: { type: "object" }, validateInput }, () => 1)).toThrow(
      /validateInput is asynchronous .*"\$async": true/,
    );
  });

  it("fail validation, with their rejection handled, when they return a promise anyway", async () => {
    process.on("unhandledRejection", onUnhandled);
    const registry = new ToolRegistry();
    const validateInput = (() => Promise.reject(new Error("invalid"))) as unknown as ValidateFunction;
    const ran: unknown[] = [];
    registry.register({ name: "t", inputSchema: { type: "object" }, validateInput }, (args) => void ran.push(args));
    for (const args of [{}, { pad: "x".repeat(2_000) }]) {
      const result = await registry.execute({ tool_name: "t", arguments: args });
      expect(result.error).toMatchObject({
        error_type: "ValidationError",
        error_message: expect.stringContaining("the validator returned a promise"),
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([]);
    expect(unhandled).toEqual([]);
  });

  it('are never compiled from a raw schema: "$async" is dropped, in subschemas too', async () => {
    const registry = new ToolRegistry();
    const inputSchema = {
      $async: true,
      type: "object",
      properties: { n: { $ref: "#/$defs/n" }, $async: { type: "boolean" } },
      $defs: { n: { $async: true, type: "number" } },
    };
    registry.register({ name: "t", inputSchema }, (args) => args);
    expect((await registry.execute({ tool_name: "t", arguments: { n: 1, $async: true } })).status).toBe("success");
    // A property named "$async" is data the schema describes, not the keyword: still checked.
    expect((await registry.execute({ tool_name: "t", arguments: { n: 1, $async: 1 } })).error?.error_type).toBe(
      "ValidationError",
    );
    expect((await registry.execute({ tool_name: "t", arguments: { n: "1" } })).error?.error_type).toBe(
      "ValidationError",
    );
    expect(inputSchema.$defs.n.$async).toBe(true); // the caller's schema is left as it was
  });
});

describe("the typed client's result check", () => {
  const forever: ValidateFunction = Object.assign(
    (): boolean => {
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        // spin
      }
      return true;
    },
    { errors: null },
  );
  const answer = (data: unknown) => async (): Promise<MCPToolResult> => ({
    status: "success",
    data,
    error: null,
    explanation: null,
  });

  it("runs under the budget: a large result whose check runs past it fails with a TimeoutError", async () => {
    const caller = createToolCaller(answer({ text: "x".repeat(2_000) }), {
      validateResult: () => forever,
      validationBudget: { timeoutMs: 30 },
    });
    const result = await caller.raw("t", {});
    expect(result.error).toMatchObject({
      error_type: "TimeoutError",
      error_message: expect.stringContaining("(the client's validationBudget.timeoutMs)"),
      error_details: { timeoutMs: 30, phase: "output validation" },
    });
  });

  it("counts only `true` as valid", async () => {
    const truthy = (() => 1) as unknown as ValidateFunction;
    const caller = createToolCaller(answer({ a: 1 }), { validateResult: () => truthy });
    expect((await caller.raw("t", {})).error?.error_type).toBe("ValidationError");
  });
});
