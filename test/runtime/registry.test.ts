import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ErrorTypes,
  failure,
  getContent,
  MCPError,
  noChangeNeeded,
  partialSuccess,
  PermissionError,
  RegistrationError,
  success,
  ToolRegistry,
  withContent,
  type AuditRecord,
  type ContentBlock,
  type Logger,
  type MCPToolCall,
  type ToolContext,
  type ToolDefinition,
  type ToolRegistryOptions,
} from "@mcp-specgen/runtime";
import { pendingDeadlines } from "../../packages/runtime/src/timeouts.js";

const sumInput = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
};
const sumOutput = { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] };

const sumTool: ToolDefinition = { name: "math.sum", inputSchema: sumInput, outputSchema: sumOutput };
const sum = ({ a, b }: { a: number; b: number }) => ({ sum: a + b });

function call(tool_name: string, args: Record<string, unknown> = {}): MCPToolCall {
  return { tool_name, arguments: args };
}

function recordingLogger(): Logger & { lines: [string, string, unknown][] } {
  const lines: [string, string, unknown][] = [];
  return {
    lines,
    debug: (m, d) => lines.push(["debug", m, d]),
    info: (m, d) => lines.push(["info", m, d]),
    warn: (m, d) => lines.push(["warn", m, d]),
    error: (m, d) => lines.push(["error", m, d]),
  };
}

function setup(options: ToolRegistryOptions = {}) {
  const audits: AuditRecord[] = [];
  const registry = new ToolRegistry({ onAudit: (r) => audits.push(r), ...options });
  return { registry, audits };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("registration", () => {
  it("registers, lists in order, gets, checks and unregisters tools", () => {
    const registry = new ToolRegistry();
    expect(registry.register(sumTool, sum)).toBe(true);
    expect(registry.register({ name: "get-sum", inputSchema: { type: "object" } }, () => 1)).toBe(true);
    expect(registry.register({ name: "echo", inputSchema: { type: "object" } }, () => 1)).toBe(true);
    expect(registry.list().map((d) => d.name)).toEqual(["math.sum", "get-sum", "echo"]);
    expect(registry.size).toBe(3);
    expect(registry.get("math.sum")).toBe(sumTool);
    expect(registry.get("nope")).toBeUndefined();
    expect(registry.has("echo")).toBe(true);
    expect(registry.unregister("get-sum")).toBe(true);
    expect(registry.unregister("get-sum")).toBe(false);
    expect(registry.list().map((d) => d.name)).toEqual(["math.sum", "echo"]);
  });

  it("changes revision when, and only when, the set of tools changes", () => {
    const registry = new ToolRegistry();
    const seen = [registry.revision];
    const step = (): boolean => {
      const changed = registry.revision !== seen[seen.length - 1];
      seen.push(registry.revision);
      return changed;
    };
    registry.register(sumTool, sum);
    expect(step()).toBe(true);
    registry.register(sumTool, sum); // same schema: a no-op
    expect(step()).toBe(false);
    expect(() => registry.register({ ...sumTool, outputSchema: undefined }, sum)).toThrow(RegistrationError);
    expect(step()).toBe(false);
    registry.unregister("nope");
    expect(step()).toBe(false);
    registry.unregister("math.sum");
    expect(step()).toBe(true);
    registry.register(sumTool, sum); // back to the same set of names: still a new revision
    expect(step()).toBe(true);
    expect(new Set(seen).size).toBe(4);
  });

  it("treats re-registration with a deep-equal schema (any key order) as a no-op", async () => {
    const registry = new ToolRegistry();
    registry.register(sumTool, sum);
    const reordered: ToolDefinition = {
      name: "math.sum",
      outputSchema: { required: ["sum"], properties: { sum: { type: "number" } }, type: "object" },
      inputSchema: {
        additionalProperties: false,
        required: ["a", "b"],
        properties: { b: { type: "number" }, a: { type: "number" } },
        type: "object",
      },
      description: "docs may differ",
    };
    expect(registry.register(reordered, () => ({ sum: -1 }))).toBe(false);
    expect(registry.size).toBe(1);
    expect(registry.get("math.sum")).toBe(sumTool); // the first registration is kept
    expect((await registry.execute(call("math.sum", { a: 1, b: 2 }))).data).toEqual({ sum: 3 });
  });

  it.each<[string, Partial<ToolDefinition>]>([
    ["a different input schema", { inputSchema: { ...sumInput, required: ["a"] } }],
    ["a different output schema", { outputSchema: { type: "object" } }],
    ["an output schema removed", { outputSchema: undefined }],
  ])("throws RegistrationError for the same name with %s", (_name, change) => {
    const registry = new ToolRegistry();
    registry.register(sumTool, sum);
    expect(() => registry.register({ ...sumTool, ...change }, sum)).toThrow(RegistrationError);
    expect(() => registry.register({ ...sumTool, ...change }, sum)).toThrow(
      'Tool "math.sum" is already registered with a different schema',
    );
  });

  it.each<[string, unknown, unknown, RegExp]>([
    ["an invalid name", { name: "bad name", inputSchema: { type: "object" } }, () => 1, /Invalid tool name "bad name"/],
    ["a non-string name", { name: 5, inputSchema: { type: "object" } }, () => 1, /Invalid tool name 5/],
    ["no inputSchema", { name: "a.b" }, () => 1, /has no inputSchema/],
    ["a non-object inputSchema", { name: "a.b", inputSchema: { type: "string" } }, () => 1, /must describe an object/],
    [
      "a non-object outputSchema",
      { name: "a.b", inputSchema: {}, outputSchema: "x" },
      () => 1,
      /outputSchema must be an object/,
    ],
    ["a missing handler", { name: "a.b", inputSchema: {} }, undefined, /handler must be a function/],
    [
      "a bad validator",
      { name: "a.b", inputSchema: {}, validateInput: {} },
      () => 1,
      /validateInput must be a validate function/,
    ],
    ["a negative timeout", { name: "a.b", inputSchema: {}, timeoutMs: -1 }, () => 1, /timeoutMs must be a number >= 0/],
    ["a definition that is not an object", null, () => 1, /must be an object/],
  ])("rejects %s", (_name, definition, handler, message) => {
    const registry = new ToolRegistry();
    const register = () => registry.register(definition as ToolDefinition, handler as () => number);
    expect(register).toThrow(RegistrationError);
    expect(register).toThrow(message);
  });

  it("accepts any MCP name by default and only module.tool names with strictToolNames", () => {
    expect(new ToolRegistry().register({ name: "get-sum", inputSchema: {} }, () => 1)).toBe(true);
    const strict = new ToolRegistry({ strictToolNames: true });
    expect(() => strict.register({ name: "get-sum", inputSchema: {} }, () => 1)).toThrow(/must match/);
    expect(strict.register({ name: "math.get_sum", inputSchema: {} }, () => 1)).toBe(true);
  });
});

describe("execute: results", () => {
  it("wraps plain return values as success data", async () => {
    const { registry } = setup();
    registry.register(sumTool, sum);
    registry.register({ name: "list.items", inputSchema: {} }, () => [1, 2, 3]);
    registry.register({ name: "void.tool", inputSchema: {} }, () => undefined);
    registry.register({ name: "async.tool", inputSchema: {} }, async () => ({ ok: true }));
    expect(await registry.execute(call("math.sum", { a: 2, b: 3 }))).toEqual({ status: "success", data: { sum: 5 } });
    expect(await registry.execute(call("list.items"))).toEqual({ status: "success", data: [1, 2, 3] });
    expect(await registry.execute(call("void.tool"))).toEqual({ status: "success", data: null });
    expect(await registry.execute(call("async.tool"))).toEqual({ status: "success", data: { ok: true } });
  });

  it("does not mistake data with a status field for a result (brand, not duck typing)", async () => {
    const { registry } = setup();
    const lookalike = { status: "failure", error: { error_type: "X", error_message: "not really" }, data: null };
    registry.register({ name: "order.status", inputSchema: {} }, () => lookalike);
    const result = await registry.execute(call("order.status"));
    expect(result.status).toBe("success");
    expect(result.data).toBe(lookalike);
    expect(result.error).toBeUndefined();
  });

  it("passes branded results through", async () => {
    const { registry } = setup();
    registry.register({ name: "a.fail", inputSchema: {} }, () =>
      failure(ErrorTypes.ResourceNotFound, "no such id", { id: 1 }),
    );
    registry.register({ name: "a.ok", inputSchema: {} }, async () => success({ x: 1 }, "fine"));
    expect(await registry.execute(call("a.fail"))).toEqual({
      status: "failure",
      data: null,
      error: { error_type: "ResourceNotFound", error_message: "no such id", error_details: { id: 1 } },
    });
    expect(await registry.execute(call("a.ok"))).toEqual({ status: "success", data: { x: 1 }, explanation: "fine" });
  });

  it("keeps content attached with withContent", async () => {
    const { registry } = setup();
    const content: ContentBlock[] = [{ type: "text", text: "3" }];
    registry.register({ ...sumTool, name: "math.sum_content" }, ({ a, b }: { a: number; b: number }) =>
      withContent({ sum: a + b }, content),
    );
    const result = await registry.execute(call("math.sum_content", { a: 1, b: 2 }));
    expect(result).toEqual({ status: "success", data: { sum: 3 } });
    expect(getContent(result)).toBe(content);
  });

  it("supports non-Promise thenables", async () => {
    const { registry } = setup();
    registry.register({ name: "a.thenable", inputSchema: {} }, () => ({
      then(resolve: (v: unknown) => void) {
        resolve({ via: "thenable" });
      },
    }));
    expect((await registry.execute(call("a.thenable"))).data).toEqual({ via: "thenable" });
  });
});

describe("execute: call validation", () => {
  it.each<[string, unknown, string, RegExp]>([
    ["a non-object call", "math.sum", "", /Invalid MCPToolCall: \(root\) must be an object \(got string\)/],
    ["undefined", undefined, "", /must be an object/],
    ["missing arguments", { tool_name: "math.sum" }, "math.sum", /arguments is required/],
    [
      "array arguments",
      { tool_name: "math.sum", arguments: [] },
      "math.sum",
      /arguments must be an object \(got array\)/,
    ],
    ["a numeric tool_name", { tool_name: 1, arguments: {} }, "", /tool_name must be a string/],
    [
      "an extra envelope field",
      { tool_name: "math.sum", arguments: { a: 1, b: 2 }, id: 3 },
      "math.sum",
      /id is not allowed/,
    ],
    ["an invalid tool name", { tool_name: "math sum", arguments: {} }, "math sum", /tool_name must match/],
  ])("fails %s with ValidationError", async (_name, value, tool, message) => {
    const { registry, audits } = setup();
    registry.register(sumTool, sum);
    const result = await registry.execute(value as MCPToolCall);
    expect(result.status).toBe("failure");
    expect(result.data).toBeNull();
    expect(result.error?.error_type).toBe("ValidationError");
    expect(result.error?.error_message).toMatch(message);
    expect(audits).toEqual([{ tool, durationMs: expect.any(Number), status: "failure", errorType: "ValidationError" }]);
  });

  it("fails unknown tools with ToolNotFound and the closest names", async () => {
    const { registry, audits } = setup();
    for (const name of ["math.sum", "math.sub", "math.multiply", "files.read"])
      registry.register({ name, inputSchema: {} }, () => 1);
    const result = await registry.execute(call("math.summ", { a: 1 }));
    expect(result.error).toEqual({
      error_type: "ToolNotFound",
      error_message: 'Unknown tool "math.summ"; did you mean "math.sum", "math.sub"?',
      error_details: { tool_name: "math.summ", suggestions: ["math.sum", "math.sub"] },
    });
    const none = await registry.execute(call("zzz.qqq"));
    expect(none.error?.error_message).toBe('Unknown tool "zzz.qqq"');
    expect(none.error?.error_details).toEqual({ tool_name: "zzz.qqq", suggestions: [] });
    expect(audits.map((a) => [a.tool, a.errorType])).toEqual([
      ["math.summ", "ToolNotFound"],
      ["zzz.qqq", "ToolNotFound"],
    ]);
  });

  it("lists every failing argument with pointer, rule, message and value", async () => {
    const { registry } = setup();
    registry.register(
      {
        name: "orders.create",
        inputSchema: {
          type: "object",
          properties: {
            customer: { type: "string", minLength: 1 },
            items: {
              type: "array",
              minItems: 1,
              items: {
                type: "object",
                properties: { name: { type: "string" }, qty: { type: "integer", minimum: 1 } },
                required: ["name", "qty"],
              },
            },
          },
          required: ["customer", "items"],
          additionalProperties: false,
        },
      },
      () => "created",
    );
    const result = await registry.execute(
      call("orders.create", { customer: "", items: [{ name: 7, qty: 0 }, { qty: 2 }], coupon: "X" }),
    );
    expect(result.status).toBe("failure");
    expect(result.error?.error_type).toBe("ValidationError");
    expect(result.error?.error_message).toBe(
      'Invalid arguments for tool "orders.create": coupon is not allowed (unknown property); ' +
        "customer must NOT have fewer than 1 characters; items[0].name must be string; " +
        "items[0].qty must be >= 1; items[1].name is required",
    );
    expect(result.error?.error_details).toEqual({
      errors: [
        { pointer: "/coupon", rule: "additionalProperties", message: "is not allowed (unknown property)", value: "X" },
        { pointer: "/customer", rule: "minLength", message: "must NOT have fewer than 1 characters", value: "" },
        { pointer: "/items/0/name", rule: "type", message: "must be string", value: 7 },
        { pointer: "/items/0/qty", rule: "minimum", message: "must be >= 1", value: 0 },
        { pointer: "/items/1/name", rule: "required", message: "is required" },
      ],
    });
  });

  it("does not call the handler when arguments are invalid", async () => {
    const { registry } = setup();
    const handler = vi.fn(sum);
    registry.register(sumTool, handler);
    await registry.execute(call("math.sum", { a: 1 }));
    expect(handler).not.toHaveBeenCalled();
  });

  it("uses precompiled validators instead of compiling", async () => {
    const compileSchema = vi.fn();
    const { registry } = setup({ compileSchema });
    const validateInput = Object.assign((data: unknown) => (data as { ok?: boolean }).ok === true, {
      errors: [
        {
          instancePath: "/ok",
          schemaPath: "#/properties/ok/const",
          keyword: "const",
          params: { allowedValue: true },
          message: "must be equal to constant",
        },
      ],
    });
    registry.register({ name: "a.b", inputSchema: { type: "object" }, validateInput }, () => "ran");
    expect((await registry.execute(call("a.b", { ok: true }))).data).toBe("ran");
    const result = await registry.execute(call("a.b", { ok: false }));
    expect(result.error?.error_details).toEqual({
      errors: [{ pointer: "/ok", rule: "const", message: "must be true", value: false }],
    });
    expect(compileSchema).not.toHaveBeenCalled();
  });

  it("compiles a schema lazily, once, and reports an invalid schema as SchemaError", async () => {
    const compile = vi.fn((schema: Record<string, unknown>) => {
      if (JSON.stringify(schema).includes("bogus"))
        throw new Error("schema is invalid: data/type must be equal to one of the allowed values");
      return Object.assign(() => true, { errors: null });
    });
    const { registry } = setup({ compileSchema: compile });
    registry.register({ name: "a.ok", inputSchema: { type: "object" } }, () => 1);
    registry.register(
      { name: "a.broken", inputSchema: { type: ["object", "bogus"], properties: { x: { type: "bogus" } } } },
      () => 1,
    );
    expect(compile).not.toHaveBeenCalled(); // lazy: nothing at registration
    await registry.execute(call("a.ok"));
    await registry.execute(call("a.ok"));
    expect(compile).toHaveBeenCalledTimes(1);
    const broken = await registry.execute(call("a.broken"));
    expect(broken.error?.error_type).toBe("SchemaError");
    expect(broken.error?.error_message).toMatch(/^Tool "a.broken" has an invalid input schema: /);
  });

  it("validateCall checks without executing", () => {
    const registry = new ToolRegistry();
    const handler = vi.fn(sum);
    registry.register(sumTool, handler);
    expect(registry.validateCall(call("math.sum", { a: 1, b: 2 }))).toEqual({ ok: true });
    const bad = registry.validateCall(call("math.sum", { a: "x", b: 2 }));
    expect(bad).toMatchObject({ ok: false, error: { error_type: "ValidationError" } });
    expect(registry.validateCall(call("math.sun"))).toMatchObject({ ok: false, error: { error_type: "ToolNotFound" } });
    expect(registry.validateCall({ tool_name: "math.sum" } as MCPToolCall)).toMatchObject({
      ok: false,
      error: { error_type: "ValidationError" },
    });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("execute: handler errors", () => {
  class QuotaError extends MCPError {
    constructor() {
      super("quota exhausted", { errorType: ErrorTypes.ApiLimitExceeded, details: { retryAfterSeconds: 30 } });
    }
  }

  it.each<[string, () => unknown, object]>([
    [
      "an Error",
      () => {
        throw new Error("disk on fire");
      },
      { error_type: "ToolExecutionError", error_message: "disk on fire" },
    ],
    [
      "a rejected promise",
      async () => {
        throw new TypeError("bad");
      },
      { error_type: "ToolExecutionError", error_message: "bad", error_details: { exception: "TypeError" } },
    ],
    [
      "an MCPError subclass",
      () => {
        throw new PermissionError("not yours");
      },
      { error_type: "PermissionError", error_message: "not yours" },
    ],
    [
      "a custom MCPError",
      async () => {
        throw new QuotaError();
      },
      { error_type: "ApiLimitExceeded", error_message: "quota exhausted", error_details: { retryAfterSeconds: 30 } },
    ],
    [
      "a plain object with error_type",
      () => {
        throw { error_type: "FileNotFoundError", error_message: "missing /x", error_details: { path: "/x" } };
      },
      { error_type: "FileNotFoundError", error_message: "missing /x", error_details: { path: "/x" } },
    ],
    [
      "a string",
      () => {
        throw "nope";
      },
      { error_type: "ToolExecutionError", error_message: "nope" },
    ],
  ])("maps %s to a failure result", async (_name, handler, error) => {
    const logger = recordingLogger();
    const { registry, audits } = setup({ logger });
    registry.register({ name: "a.tool", inputSchema: {} }, handler);
    const result = await registry.execute(call("a.tool"));
    expect(result).toEqual({ status: "failure", data: null, error });
    expect(audits[0]).toMatchObject({
      tool: "a.tool",
      status: "failure",
      errorType: (error as { error_type: string }).error_type,
    });
    expect(logger.lines.some(([level]) => level === "warn")).toBe(true);
  });
});

describe("execute: time limits and cancellation", () => {
  it("fails a slow handler with TimeoutError and aborts its signal", async () => {
    const { registry, audits } = setup();
    let signal: AbortSignal | undefined;
    registry.register({ name: "slow.tool", inputSchema: {}, timeoutMs: 20 }, (_args, ctx) => {
      signal = ctx.signal;
      return new Promise(() => {}); // never settles
    });
    // (That it does not time out before the limit is checked under fake timers: fake-timers.test.ts.)
    const result = await registry.execute(call("slow.tool"));
    expect(result).toEqual({
      status: "failure",
      data: null,
      error: {
        error_type: "TimeoutError",
        error_message: 'Tool "slow.tool" timed out after 20 ms',
        error_details: { timeoutMs: 20 },
      },
    });
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).name).toBe("TimeoutError");
    expect(audits[0]).toMatchObject({ tool: "slow.tool", status: "failure", errorType: "TimeoutError" });
    expect(pendingDeadlines()).toBe(0);
  });

  it("lets the call override the tool's limit and the registry set the default", async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 15 });
    registry.register({ name: "a.hang", inputSchema: {} }, () => new Promise(() => {}));
    registry.register({ name: "a.wait", inputSchema: {}, timeoutMs: 10 }, () => sleep(40).then(() => "done"));
    expect((await registry.execute(call("a.hang"))).error?.error_message).toBe('Tool "a.hang" timed out after 15 ms');
    expect((await registry.execute(call("a.wait"))).error?.error_type).toBe("TimeoutError");
    expect(await registry.execute(call("a.wait"), { timeoutMs: 500 })).toEqual({ status: "success", data: "done" });
    expect(pendingDeadlines()).toBe(0);
  });

  it("gives a handler that reads its signal late an already-aborted signal", async () => {
    const registry = new ToolRegistry();
    let late: AbortSignal | undefined;
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    registry.register({ name: "a.late", inputSchema: {}, timeoutMs: 10 }, async (_args, ctx) => {
      await sleep(30);
      late = ctx.signal;
      finish();
      return "too late";
    });
    expect((await registry.execute(call("a.late"))).error?.error_type).toBe("TimeoutError");
    await done;
    expect(late?.aborted).toBe(true);
  });

  it("ignores a handler that fails after its time limit", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register({ name: "a.fails_late", inputSchema: {}, timeoutMs: 5 }, async () => {
      await sleep(20);
      throw new Error("late failure");
    });
    expect((await registry.execute(call("a.fails_late"))).error?.error_type).toBe("TimeoutError");
    await sleep(30);
    expect(
      logger.lines.some(
        ([level, message]) => level === "debug" && message.includes("after its call had already ended"),
      ),
    ).toBe(true);
  });

  it("does not start a timer for synchronous handlers", async () => {
    const registry = new ToolRegistry();
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    registry.register(sumTool, sum);
    for (let i = 0; i < 10; i++) await registry.execute(call("math.sum", { a: i, b: 1 }));
    expect(setTimeoutSpy).not.toHaveBeenCalled();
    expect(pendingDeadlines()).toBe(0);
  });

  it("creates an AbortController only when the handler reads ctx.signal", async () => {
    const registry = new ToolRegistry();
    const Original = globalThis.AbortController;
    let created = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        created++;
      }
    };
    try {
      registry.register({ name: "a.quiet", inputSchema: {} }, async () => 1);
      registry.register({ name: "a.listens", inputSchema: {} }, async (_args, ctx) => ctx.signal.aborted);
      await registry.execute(call("a.quiet"));
      expect(created).toBe(0);
      expect((await registry.execute(call("a.listens"))).data).toBe(false);
      expect(created).toBe(1);
    } finally {
      globalThis.AbortController = Original;
    }
  });

  it("cancels through the caller's signal", async () => {
    const { registry, audits } = setup();
    let handlerSignal: AbortSignal | undefined;
    registry.register({ name: "a.slow", inputSchema: {} }, (_args, ctx) => {
      handlerSignal = ctx.signal;
      return sleep(1000).then(() => "finished");
    });
    const controller = new AbortController();
    const pending = registry.execute(call("a.slow"), { signal: controller.signal, callId: "req-1" });
    setTimeout(() => controller.abort(new Error("user pressed stop")), 10);
    const result = await pending;
    expect(result.error).toEqual({
      error_type: "Cancelled",
      error_message: 'Call to tool "a.slow" was cancelled: user pressed stop',
    });
    expect(handlerSignal?.aborted).toBe(true);
    expect((handlerSignal?.reason as Error).message).toBe("user pressed stop");
    expect(audits[0]).toMatchObject({ tool: "a.slow", status: "failure", errorType: "Cancelled", callId: "req-1" });
    expect(pendingDeadlines()).toBe(0);
  });

  it("does not run the handler when the caller's signal is already aborted", async () => {
    const registry = new ToolRegistry();
    const handler = vi.fn(() => 1);
    registry.register({ name: "a.b", inputSchema: {} }, handler);
    const result = await registry.execute(call("a.b"), { signal: AbortSignal.abort() });
    expect(result.error?.error_type).toBe("Cancelled");
    expect(handler).not.toHaveBeenCalled();
  });

  it("detaches from the caller's signal once the call ends", async () => {
    const registry = new ToolRegistry();
    registry.register({ name: "a.b", inputSchema: {} }, async () => "ok");
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, "removeEventListener");
    expect((await registry.execute(call("a.b"), { signal: controller.signal })).data).toBe("ok");
    expect(remove).toHaveBeenCalledTimes(1);
    controller.abort(); // no effect on the finished call
  });
});

describe("execute: output validation", () => {
  const badOutput = () => ({ sum: "three" });

  it('fails a result that breaks the output schema ("error", the default)', async () => {
    const { registry, audits } = setup();
    registry.register({ ...sumTool, inputSchema: {} }, badOutput);
    const result = await registry.execute(call("math.sum"));
    expect(result).toEqual({
      status: "failure",
      data: null,
      error: {
        error_type: "ValidationError",
        error_message: 'Output of tool "math.sum" does not match its output schema: sum must be number',
        error_details: { errors: [{ pointer: "/sum", rule: "type", message: "must be number", value: "three" }] },
      },
    });
    expect(audits[0]).toMatchObject({ status: "failure", errorType: "ValidationError" });
  });

  it('returns the result and reports the problem with "warn"', async () => {
    const logger = recordingLogger();
    const { registry, audits } = setup({ outputValidation: "warn", logger });
    registry.register({ ...sumTool, inputSchema: {} }, badOutput);
    expect(await registry.execute(call("math.sum"))).toEqual({ status: "success", data: { sum: "three" } });
    expect(logger.lines).toContainEqual([
      "warn",
      'Output of tool "math.sum" does not match its output schema: sum must be number',
      { tool: "math.sum", errors: [{ pointer: "/sum", rule: "type", message: "must be number", value: "three" }] },
    ]);
    expect(audits[0]).toEqual({
      tool: "math.sum",
      durationMs: expect.any(Number),
      status: "success",
      outputIssues: [{ pointer: "/sum", rule: "type", message: "must be number", value: "three" }],
    });
  });

  it('skips the check with "off"', async () => {
    const { registry } = setup({
      outputValidation: "off",
      compileSchema: () => {
        throw new Error("not compiled");
      },
    });
    registry.register(
      { ...sumTool, inputSchema: {}, validateInput: Object.assign(() => true, { errors: null }) },
      badOutput,
    );
    expect((await registry.execute(call("math.sum"))).status).toBe("success");
  });

  it("checks branded success and partial_success results, not failures", async () => {
    const { registry } = setup();
    registry.register({ name: "a.branded", inputSchema: {}, outputSchema: sumOutput }, async () =>
      success({ sum: "x" }),
    );
    registry.register({ name: "a.partial", inputSchema: {}, outputSchema: sumOutput }, () =>
      partialSuccess({ sum: "x" }),
    );
    registry.register({ name: "a.failed", inputSchema: {}, outputSchema: sumOutput }, () => failure("X", "m"));
    expect((await registry.execute(call("a.branded"))).error?.error_type).toBe("ValidationError");
    expect((await registry.execute(call("a.partial"))).error?.error_type).toBe("ValidationError");
    expect((await registry.execute(call("a.failed"))).error?.error_type).toBe("X");
  });

  // Regression: null data used to skip the check, so a tool with an output schema that
  // returned nothing succeeded without structuredContent, and the official SDK client's
  // callTool threw "has an output schema but did not return structured content".
  it.each<[string, () => unknown]>([
    ["returns undefined", () => undefined],
    ["returns null", () => null],
    ["resolves to undefined", async () => undefined],
    ["returns success(null)", () => success(null)],
    ["returns partialSuccess(null)", () => partialSuccess(null, { error_type: "X", error_message: "half" })],
    ["returns partialSuccess(undefined)", () => partialSuccess(undefined)],
  ])("fails a tool with an output schema that %s", async (_name, handler) => {
    const { registry, audits } = setup();
    registry.register({ name: "a.null", inputSchema: {}, outputSchema: sumOutput }, handler);
    expect(await registry.execute(call("a.null"))).toEqual({
      status: "failure",
      data: null,
      error: {
        error_type: "ValidationError",
        error_message: 'Output of tool "a.null" does not match its output schema: (root) must be object',
        error_details: { errors: [{ pointer: "", rule: "type", message: "must be object", value: null }] },
      },
    });
    expect(audits[0]).toMatchObject({ status: "failure", errorType: "ValidationError" });
  });

  it("checks null data with a precompiled output validator too", async () => {
    const { registry } = setup();
    const errors = [{ instancePath: "", schemaPath: "#/type", keyword: "type", message: "must be object", params: {} }];
    const validateOutput = Object.assign((data: unknown) => data !== null, { errors });
    registry.register({ name: "a.null", inputSchema: {}, outputSchema: sumOutput, validateOutput }, () => undefined);
    expect((await registry.execute(call("a.null"))).error?.error_type).toBe("ValidationError");
  });

  it("accepts null data when the output schema allows it", async () => {
    const { registry } = setup();
    registry.register(
      { name: "a.nullable", inputSchema: {}, outputSchema: { type: ["object", "null"] } },
      () => undefined,
    );
    expect(await registry.execute(call("a.nullable"))).toEqual({ status: "success", data: null });
  });

  it("checks no_change_needed data too (MCP clients need conforming structuredContent); null data is fine without an output schema", async () => {
    const { registry } = setup();
    registry.register({ name: "a.same", inputSchema: {}, outputSchema: sumOutput }, () => noChangeNeeded("up to date"));
    registry.register({ name: "a.kept", inputSchema: {}, outputSchema: sumOutput }, () =>
      noChangeNeeded("up to date", { sum: 3 }),
    );
    registry.register({ name: "a.void", inputSchema: {} }, () => undefined);
    registry.register({ name: "a.nothing", inputSchema: {} }, () => noChangeNeeded("nothing to do"));
    expect(await registry.execute(call("a.same"))).toMatchObject({
      status: "failure",
      error: { error_type: "ValidationError" },
    });
    expect(await registry.execute(call("a.kept"))).toEqual({
      status: "no_change_needed",
      data: { sum: 3 },
      explanation: "up to date",
    });
    expect(await registry.execute(call("a.void"))).toEqual({ status: "success", data: null });
    expect(await registry.execute(call("a.nothing"))).toMatchObject({ status: "no_change_needed", data: null });
  });

  it('returns null data and reports it with "warn"; skips the check with "off"', async () => {
    const logger = recordingLogger();
    const warn = setup({ outputValidation: "warn", logger });
    warn.registry.register({ name: "a.null", inputSchema: {}, outputSchema: sumOutput }, () => undefined);
    expect(await warn.registry.execute(call("a.null"))).toEqual({ status: "success", data: null });
    expect(warn.audits[0].outputIssues).toEqual([
      { pointer: "", rule: "type", message: "must be object", value: null },
    ]);
    expect(logger.lines[0][1]).toBe('Output of tool "a.null" does not match its output schema: (root) must be object');
    const off = setup({ outputValidation: "off" });
    off.registry.register({ name: "a.null", inputSchema: {}, outputSchema: sumOutput }, () => undefined);
    expect(await off.registry.execute(call("a.null"))).toEqual({ status: "success", data: null });
  });
});

describe("execute: destructive tool gating", () => {
  const destructive: ToolDefinition = {
    name: "files.delete",
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
    annotations: { destructiveHint: true },
  };

  it("refuses destructive tools without a trust policy", async () => {
    const { registry, audits } = setup();
    const handler = vi.fn(() => "deleted");
    registry.register(destructive, handler);
    const result = await registry.execute(call("files.delete", { path: "/tmp/x" }));
    expect(result.error).toEqual({
      error_type: "PermissionError",
      error_message: 'Tool "files.delete" is destructive and was not allowed to run: no trust policy is configured',
      error_details: { tool: "files.delete", destructive: true },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(audits[0]).toMatchObject({ tool: "files.delete", status: "failure", errorType: "PermissionError" });
  });

  it.each<[string, ToolRegistryOptions["trustPolicy"], string]>([
    ["allows when the policy returns true", () => true, "success"],
    ["allows when an async policy resolves true", async () => true, "success"],
    ["refuses when the policy returns false", () => false, "PermissionError"],
    ["refuses truthy non-true values", (() => "yes") as never, "PermissionError"],
    ["refuses when an async policy resolves false", async () => false, "PermissionError"],
    [
      "refuses when the policy throws",
      () => {
        throw new Error("gateway down");
      },
      "PermissionError",
    ],
    [
      "refuses when an async policy rejects",
      async () => {
        throw new Error("gateway down");
      },
      "PermissionError",
    ],
  ])("%s", async (_name, trustPolicy, outcome) => {
    const { registry } = setup({ trustPolicy });
    registry.register(destructive, () => "deleted");
    const result = await registry.execute(call("files.delete", { path: "/tmp/x" }));
    expect(result.error?.error_type ?? result.status).toBe(outcome);
  });

  it("passes the definition and the call to the policy", async () => {
    const trustPolicy = vi.fn(() => true);
    const { registry } = setup({ trustPolicy });
    registry.register(destructive, () => "deleted");
    const c = call("files.delete", { path: "/tmp/x" });
    await registry.execute(c);
    expect(trustPolicy).toHaveBeenCalledWith(destructive, c);
  });

  it("validates arguments before consulting the policy", async () => {
    const trustPolicy = vi.fn(() => true);
    const { registry } = setup({ trustPolicy });
    registry.register(destructive, () => "deleted");
    const result = await registry.execute(call("files.delete", { path: 1 }));
    expect(result.error?.error_type).toBe("ValidationError");
    expect(trustPolicy).not.toHaveBeenCalled();
  });

  it.each<[string, ToolDefinition["annotations"]]>([
    ["no annotations (MCP default destructiveHint is ignored for gating)", undefined],
    ["destructiveHint false", { destructiveHint: false }],
    ["readOnlyHint true", { readOnlyHint: true }],
  ])("does not gate tools with %s", async (_name, annotations) => {
    const trustPolicy = vi.fn(() => false);
    const { registry } = setup({ trustPolicy });
    registry.register({ name: "files.read", inputSchema: {}, annotations }, () => "content");
    expect((await registry.execute(call("files.read"))).status).toBe("success");
    expect(trustPolicy).not.toHaveBeenCalled();
  });
});

describe("execute: audit, context and robustness", () => {
  it("audits every invocation exactly once", async () => {
    const { registry, audits } = setup({ trustPolicy: () => false });
    registry.register(sumTool, sum);
    registry.register({ name: "a.throws", inputSchema: {} }, () => {
      throw new Error("x");
    });
    registry.register({ name: "a.gated", inputSchema: {}, annotations: { destructiveHint: true } }, () => 1);
    await registry.execute(call("math.sum", { a: 1, b: 1 }), { callId: 7 });
    await registry.execute(call("math.sum", { a: 1 }));
    await registry.execute(call("nope.tool"));
    await registry.execute({} as MCPToolCall);
    await registry.execute(call("a.throws"));
    await registry.execute(call("a.gated"));
    expect(audits.map((a) => [a.tool, a.status, a.errorType, a.callId])).toEqual([
      ["math.sum", "success", undefined, 7],
      ["math.sum", "failure", "ValidationError", undefined],
      ["nope.tool", "failure", "ToolNotFound", undefined],
      ["", "failure", "ValidationError", undefined],
      ["a.throws", "failure", "ToolExecutionError", undefined],
      ["a.gated", "failure", "PermissionError", undefined],
    ]);
    for (const a of audits) expect(a.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("survives an audit hook that throws", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({
      logger,
      onAudit: () => {
        throw new Error("audit sink down");
      },
    });
    registry.register(sumTool, sum);
    expect((await registry.execute(call("math.sum", { a: 1, b: 2 }))).data).toEqual({ sum: 3 });
    expect(logger.lines.some(([level, message]) => level === "warn" && message === "onAudit hook failed")).toBe(true);
  });

  it("never rejects, even for hostile input", async () => {
    const registry = new ToolRegistry();
    const hostile = {
      get tool_name(): string {
        throw new Error("getter exploded");
      },
      arguments: {},
    };
    const result = await registry.execute(hostile as MCPToolCall);
    expect(result.status).toBe("failure");
    expect(result.error?.error_message).toBe("getter exploded");
  });

  it("gives handlers a context with tool name, call id, logger, progress and log", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    let seen: ToolContext | undefined;
    registry.register({ name: "a.ctx", inputSchema: {} }, async (_args, ctx) => {
      seen = ctx;
      ctx.reportProgress(1, 3, "one");
      ctx.reportProgress(3, 3);
      ctx.log("info", { step: "done" });
      ctx.logger.info("from handler");
      return "ok";
    });
    const progress: unknown[] = [];
    const logs: unknown[] = [];
    await registry.execute(call("a.ctx"), {
      callId: "c1",
      onProgress: (...args) => progress.push(args),
      onLog: (level, data) => logs.push([level, data]),
    });
    expect(seen?.toolName).toBe("a.ctx");
    expect(seen?.callId).toBe("c1");
    expect(progress).toEqual([
      [1, 3, "one"],
      [3, 3, undefined],
    ]);
    expect(logs).toEqual([["info", { step: "done" }]]);
    expect(logger.lines).toContainEqual(["info", "from handler", undefined]);
  });

  it("makes reportProgress and log no-ops without callbacks, and survives throwing callbacks", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register({ name: "a.quiet", inputSchema: {} }, (_args, ctx) => {
      ctx.reportProgress(1);
      ctx.log("debug", "x");
      return "ok";
    });
    expect((await registry.execute(call("a.quiet"))).data).toBe("ok");
    const failing = () => {
      throw new Error("transport closed");
    };
    expect((await registry.execute(call("a.quiet"), { onProgress: failing, onLog: failing })).data).toBe("ok");
    expect(logger.lines.filter(([level]) => level === "warn")).toHaveLength(2);
  });

  it("types handler arguments from the register call", async () => {
    const registry = new ToolRegistry();
    registry.register<{ a: number; b: number }, { sum: number }>(sumTool, ({ a, b }) => ({ sum: a + b }));
    expect((await registry.execute(call("math.sum", { a: 1, b: 1 }))).data).toEqual({ sum: 2 });
  });

  it("handles many concurrent async calls with mixed time limits", async () => {
    const registry = new ToolRegistry();
    registry.register({ name: "a.echo", inputSchema: {} }, async (args) => {
      await sleep(Number(args.delay));
      return args.delay;
    });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        registry.execute(call("a.echo", { delay: i % 5 }), { timeoutMs: i % 2 === 0 ? 1000 : 2000 + i }),
      ),
    );
    expect(results.every((r, i) => r.status === "success" && r.data === i % 5)).toBe(true);
    expect(pendingDeadlines()).toBe(0);
  });
});

describe("typing", () => {
  interface SumArgs {
    a: number;
    b: number;
  }
  it("accepts calls whose arguments are typed with an interface", async () => {
    const registry = new ToolRegistry();
    registry.register<SumArgs, { sum: number }>(sumTool, ({ a, b }) => ({ sum: a + b }));
    const typed: MCPToolCall<SumArgs> = { tool_name: "math.sum", arguments: { a: 2, b: 2 } };
    expect(registry.validateCall(typed)).toEqual({ ok: true });
    expect((await registry.execute(typed)).data).toEqual({ sum: 4 });
  });
});

describe("options", () => {
  it("rejects an unknown outputValidation mode", () => {
    expect(() => new ToolRegistry({ outputValidation: "warning" as never })).toThrow(/outputValidation must be/);
  });

  it("drops progress and log notifications after the call ended", async () => {
    const registry = new ToolRegistry();
    const progress: number[] = [];
    const logs: unknown[] = [];
    let release: () => void = () => {};
    const finished = new Promise<void>((resolve) => (release = resolve));
    registry.register({ name: "a.chatty", inputSchema: {}, timeoutMs: 5 }, async (_args, ctx) => {
      ctx.reportProgress(1);
      await sleep(20);
      ctx.reportProgress(2);
      ctx.log("info", "late");
      release();
    });
    const result = await registry.execute(call("a.chatty"), {
      onProgress: (p) => progress.push(p),
      onLog: (_l, d) => logs.push(d),
    });
    expect(result.error?.error_type).toBe("TimeoutError");
    await finished;
    expect(progress).toEqual([1]);
    expect(logs).toEqual([]);
  });
});
