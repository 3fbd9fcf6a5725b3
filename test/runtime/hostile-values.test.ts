/**
 * The registry against hostile values: arguments whose keys shadow Object.prototype
 * methods (validated by `enum` / `const` / `uniqueItems`), handlers that throw or
 * reject with values that are hard to look at, and results JSON cannot hold.
 * `execute` must always resolve with a failure of the right type, never throw.
 */
import { describe, expect, it } from "vitest";
import {
  ajvEqual,
  compileSchema,
  errorToDetail,
  findUnserializable,
  inProcessTransport,
  jsonEqual,
  suggestNames,
  ToolRegistry,
  type Logger,
  type MCPToolResult,
} from "@mcp-specgen/runtime";
import {
  createHostileRegistry,
  EXPECTED_ERROR_TYPES,
  HOSTILE_HANDLERS,
  revokedProxy,
  throwingGetters,
  throwingProxy,
} from "../mcp/fixtures/hostile-tools.js";

/** Argument values whose own keys are Object.prototype's method names (as JSON.parse makes them). */
const HOSTILE_ARGUMENTS = [
  '{"toString": 1}',
  '{"toString": {}}',
  '{"valueOf": 1}',
  '{"valueOf": {}}',
  '{"constructor": {}}',
  '{"constructor": 1}',
  '{"__proto__": {"a": 1}}',
  '{"__proto__": null}',
  '{"hasOwnProperty": 1}',
  '{"toJSON": 1}',
];

describe("validation of arguments with Object.prototype keys", () => {
  const registry = new ToolRegistry();
  registry.register(
    { name: "with_enum", inputSchema: { type: "object", properties: { v: { enum: [{ a: 1 }, 2, "x"] } } } },
    () => "ran",
  );
  registry.register(
    { name: "with_const", inputSchema: { type: "object", properties: { v: { const: { a: 1 } } } } },
    () => "ran",
  );
  registry.register(
    { name: "with_unique", inputSchema: { type: "object", properties: { v: { type: "array", uniqueItems: true } } } },
    () => "ran",
  );
  registry.register(
    {
      name: "enum_of_hostile",
      inputSchema: {
        type: "object",
        properties: { v: { enum: [{ toString: 1 }, { valueOf: {} }, { constructor: 1 }] } },
      },
    },
    () => "ran",
  );

  it.each(HOSTILE_ARGUMENTS)("rejects %s against an object enum / const with ValidationError", async (json) => {
    for (const tool of ["with_enum", "with_const"]) {
      const result = await registry.execute({ tool_name: tool, arguments: { v: JSON.parse(json) } });
      expect(result.status).toBe("failure");
      expect(result.error?.error_type).toBe("ValidationError");
      expect(result.error?.error_message).toMatch(/^Invalid arguments for tool "with_(enum|const)": v must be/);
      expect(registry.validateCall({ tool_name: tool, arguments: { v: JSON.parse(json) } })).toMatchObject({
        ok: false,
        error: { error_type: "ValidationError" },
      });
    }
  });

  it.each(HOSTILE_ARGUMENTS)("checks uniqueItems of [%s, same] without crashing", async (json) => {
    const result = await registry.execute({
      tool_name: "with_unique",
      arguments: { v: [JSON.parse(json), JSON.parse(json)] },
    });
    expect(result.error?.error_type).toBe("ValidationError");
    const distinct = await registry.execute({
      tool_name: "with_unique",
      arguments: { v: [JSON.parse(json), { other: true }] },
    });
    expect(distinct).toMatchObject({ status: "success", data: "ran" });
  });

  it("accepts values equal to allowed objects that have such keys", async () => {
    for (const v of [{ toString: 1 }, { valueOf: {} }, { constructor: 1 }]) {
      expect(await registry.execute({ tool_name: "enum_of_hostile", arguments: { v } })).toMatchObject({
        status: "success",
      });
    }
    const refused = await registry.execute({ tool_name: "enum_of_hostile", arguments: { v: { toString: 2 } } });
    expect(refused.error?.error_type).toBe("ValidationError");
  });

  it("uses the safe equality in compiled and standalone validators", () => {
    const validate = compileSchema({ const: { a: [1, { b: null }] } });
    expect(validate(JSON.parse('{"toString": 1}'))).toBe(false);
    expect(validate({ a: [1, { b: null }] })).toBe(true);
    expect(ajvEqual).toBe(jsonEqual);
  });

  it("jsonEqual compares JSON values without calling anything on them", () => {
    expect(jsonEqual(JSON.parse('{"toString": 1, "a": [1, 2]}'), { a: [1, 2], toString: 1 })).toBe(true);
    expect(jsonEqual(JSON.parse('{"valueOf": 1}'), { valueOf: 2 })).toBe(false);
    expect(jsonEqual(JSON.parse('{"__proto__": {"a": 1}}'), JSON.parse('{"__proto__": {"a": 1}}'))).toBe(true);
    expect(jsonEqual(JSON.parse('{"__proto__": {"a": 1}}'), { a: 1 })).toBe(false);
    expect(jsonEqual([1, [2]], [1, [2]])).toBe(true);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(jsonEqual(NaN, NaN)).toBe(true);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(new Date(5), new Date(5))).toBe(true);
  });

  it("reports arguments a validator cannot read as ValidationError, not a crash", async () => {
    const result = await registry.execute({
      tool_name: "with_enum",
      arguments: throwingProxy() as Record<string, unknown>,
    });
    expect(result.status).toBe("failure");
    expect(["ValidationError", "ToolExecutionError"]).toContain(result.error?.error_type);
  });
});

describe("handlers that throw, reject or return hostile values", () => {
  const registry = createHostileRegistry();

  it.each(Object.keys(HOSTILE_HANDLERS))("%s: execute resolves with a sendable result", async (tool) => {
    let result: MCPToolResult | undefined;
    expect(() => {
      void registry.execute({ tool_name: tool, arguments: {} }).then((r) => (result = r));
    }).not.toThrow();
    await new Promise((r) => setTimeout(r, tool === "abort_listeners_throw" ? 300 : 0));
    expect(result).toBeDefined();
    expect(() => JSON.stringify(result)).not.toThrow();
    const expected = EXPECTED_ERROR_TYPES[tool];
    if (expected === undefined) expect(result!.status).toBe("success");
    else {
      expect(result!.status).toBe("failure");
      expect(result!.data).toBeNull();
      expect(result!.error?.error_type).toBe(expected);
      expect(typeof result!.error?.error_message).toBe("string");
    }
  });

  it("names where a result cannot be serialized", async () => {
    const big = await registry.execute({ tool_name: "bigint_data", arguments: {} });
    expect(big.error).toEqual({
      error_type: "SerializationError",
      error_message: expect.stringContaining("data.n: BigInt cannot be represented in JSON"),
      error_details: { path: "data.n", reason: expect.stringContaining("BigInt") },
    });
    const content = await registry.execute({ tool_name: "cyclic_content", arguments: {} });
    expect(content.error?.error_details).toEqual({ path: "content[0]._meta.self", reason: "circular reference" });
    const partial = await registry.execute({ tool_name: "partial_bigint_details", arguments: {} });
    expect(partial.error?.error_details).toMatchObject({ path: "error.error_details.n" });
  });

  it("keeps answering through the in-process transport, with a logger and audit hook that throw", async () => {
    const throwing: Logger = {
      debug: () => {
        throw new Error("logger!");
      },
      info: () => {
        throw new Error("logger!");
      },
      warn: () => {
        throw new Error("logger!");
      },
      error: () => {
        throw new Error("logger!");
      },
    };
    const audited: string[] = [];
    const strict = new ToolRegistry({
      logger: throwing,
      onAudit: (r) => {
        audited.push(r.errorType ?? r.status);
        throw new Error("audit!");
      },
    });
    for (const [name, handler] of Object.entries(HOSTILE_HANDLERS))
      strict.register({ name, inputSchema: { type: "object" }, timeoutMs: 100 }, handler);
    const transport = inProcessTransport(strict);
    for (const tool of Object.keys(HOSTILE_HANDLERS)) {
      const result = await transport({ tool_name: tool, arguments: {} }, {});
      expect(result.error?.error_type).toBe(EXPECTED_ERROR_TYPES[tool]);
    }
    expect(audited).toHaveLength(Object.keys(HOSTILE_HANDLERS).length);
    expect(audited).toContain("SerializationError");
  });

  it("never throws synchronously, even for a call that is itself a Proxy", async () => {
    const result = await registry.execute(throwingProxy() as never);
    expect(result.status).toBe("failure");
    const revoked = await registry.execute(revokedProxy() as never);
    expect(revoked.status).toBe("failure");
    expect(() => JSON.stringify([result, revoked])).not.toThrow();
  });

  it("refuses a call whose tool_name is a BigInt with a sendable ValidationError", async () => {
    const result = await registry.execute({ tool_name: BigInt(1), arguments: {} } as never);
    expect(result.status).toBe("failure");
    expect(() => JSON.stringify(result)).not.toThrow();
  });
});

describe("errorToDetail and findUnserializable never throw", () => {
  it.each<[string, () => unknown]>([
    ["a Proxy with throwing traps", throwingProxy],
    ["a revoked Proxy", revokedProxy],
    ["an object with throwing getters", throwingGetters],
    ["a Symbol", () => Symbol("s")],
    ["null", () => null],
    ["undefined", () => undefined],
  ])("%s", (_name, make) => {
    const value = make();
    const detail = errorToDetail(value);
    expect(detail.error_type).toBe("ToolExecutionError");
    expect(typeof detail.error_message).toBe("string");
    expect(() => findUnserializable(value)).not.toThrow();
  });

  it("reports BigInt, cycles, throwing getters and deep nesting like JSON.stringify would fail", () => {
    expect(findUnserializable({ a: [1, { b: BigInt(1) }] })).toEqual({
      path: "a[1].b",
      reason: expect.stringContaining("BigInt"),
    });
    const cycle: unknown[] = [];
    cycle.push({ back: cycle });
    expect(findUnserializable(cycle)).toEqual({ path: "[0].back", reason: "circular reference" });
    expect(findUnserializable(throwingGetters())?.reason).toMatch(/threw/);
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnserializable(deep)?.reason).toBe("the value is nested too deeply");
    // What JSON.stringify merely drops or nulls is fine; toJSON is honoured.
    expect(findUnserializable({ u: undefined, f: () => 1, n: NaN, d: new Date(0), s: Symbol("x") })).toBeUndefined();
    expect(findUnserializable({ toJSON: () => "ok", big: BigInt(1) })).toBeUndefined();
    const shared = { x: 1 };
    expect(findUnserializable({ a: shared, b: shared })).toBeUndefined(); // repeated, not circular
  });

  it("reports at most 100 issues for an input that fails everywhere", async () => {
    const registry = new ToolRegistry();
    registry.register(
      {
        name: "numbers",
        inputSchema: { type: "object", properties: { v: { type: "array", items: { type: "number" } } } },
      },
      () => 1,
    );
    const result = await registry.execute({
      tool_name: "numbers",
      arguments: { v: Array.from({ length: 100_000 }, (_, i) => `n${i}`) },
    });
    expect(result.error?.error_type).toBe("ValidationError");
    const details = result.error?.error_details as { errors: unknown[]; truncated?: boolean };
    expect(details.errors).toHaveLength(100);
    expect(details.truncated).toBe(true);
    expect(result.error?.error_message).toMatch(/; and more$/);
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it("suggests nothing for an enormous unknown tool name, without comparing it to any name", async () => {
    const registry = new ToolRegistry({ strictToolNames: true });
    for (let i = 0; i < 100; i++)
      registry.register({ name: `math.sum_${i}`, inputSchema: { type: "object" } }, () => 1);
    const name = `a.${"b".repeat(2_000_000)}`;
    const result = await registry.execute({ tool_name: name, arguments: {} });
    expect(result.error?.error_type).toBe("ToolNotFound");
    // The edit distance costs length × length per name: not one candidate is looked at.
    let looked = 0;
    const candidates = {
      *[Symbol.iterator]() {
        looked++;
        yield "math.sum_1";
      },
    };
    expect(suggestNames(name, candidates)).toEqual([]);
    expect(looked).toBe(0);
    expect(suggestNames("math.sum_", candidates)).toContain("math.sum_1");
    expect(looked).toBe(1);
  });
});
