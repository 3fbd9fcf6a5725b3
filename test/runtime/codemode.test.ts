import { describe, expect, it } from "vitest";
import vm from "node:vm";
import {
  createToolApi,
  failure,
  inProcessTransport,
  ToolCallError,
  ToolError,
  ToolRegistry,
  TransportError,
  type ToolApiClient,
  type ToolSurface,
} from "@mcp-specgen/runtime";

// createToolApi binds the code-mode surface (module → function → wire name) to live tools:
// each function resolves with the result data and throws a ToolError whose code is the
// MCPErrorDetail's error_type — over a registry, a transport, or a generated client.

const surface = {
  math: { sum: "math.sum", fail: "math.fail", slow: "math.slow" },
  files: { deleteFile: "files.delete_file" },
} as const satisfies ToolSurface;

type Api = {
  math: {
    sum(args: { a: number; b: number }): Promise<{ sum: number }>;
    fail(args?: object): Promise<unknown>;
    slow(args?: object, options?: { signal?: AbortSignal }): Promise<unknown>;
  };
  files: { deleteFile(args: { path: string }): Promise<{ deleted: boolean }> };
};

function registry(): ToolRegistry {
  const r = new ToolRegistry();
  r.register(
    {
      name: "math.sum",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
        additionalProperties: false,
      },
      outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
    },
    ({ a, b }: { a: number; b: number }) => ({ sum: a + b }),
  );
  r.register({ name: "math.fail", inputSchema: { type: "object" } }, () =>
    failure("Overflow", "too big", { limit: 10 }),
  );
  r.register(
    { name: "math.slow", inputSchema: { type: "object" } },
    (_args: object, ctx: { signal: AbortSignal }) =>
      new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve({ stopped: true }))),
  );
  r.register(
    {
      name: "files.delete_file",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      annotations: { destructiveHint: true },
    },
    () => ({ deleted: true }),
  );
  return r;
}

/** What a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe("createToolApi over a registry", () => {
  it("resolves with the result data, not the MCPToolResult", async () => {
    const api = createToolApi<Api>(surface, registry());
    await expect(api.math.sum({ a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
  });

  it("throws a ToolError carrying the tool's error_type, message and details", async () => {
    const api = createToolApi<Api>(surface, registry());
    const error = await rejection(api.math.fail());
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({
      name: "ToolError",
      code: "Overflow",
      tool: "math.fail",
      message: "too big",
      details: { limit: 10 },
      detail: { error_type: "Overflow", error_message: "too big", error_details: { limit: 10 } },
    });
  });

  it("turns arguments the schema refuses into a ValidationError", async () => {
    const api = createToolApi<Api>(surface, registry());
    const error = (await rejection(api.math.sum({ a: 1 } as never))) as ToolError;
    expect(error).toBeInstanceOf(ToolError);
    expect(error.code).toBe("ValidationError");
  });

  it("surfaces a destructive call the trust policy refuses as a PermissionError", async () => {
    const api = createToolApi<Api>(surface, registry());
    const error = (await rejection(api.files.deleteFile({ path: "a" }))) as ToolError;
    expect(error.code).toBe("PermissionError");
    expect(error.tool).toBe("files.delete_file");
  });

  it("aborts every call with the API's signal", async () => {
    const controller = new AbortController();
    const api = createToolApi<Api>(surface, registry(), { signal: controller.signal });
    const pending = api.math.slow();
    controller.abort();
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).not.toBe("");
  });

  it("gives frozen objects without a prototype", () => {
    const api = createToolApi<Api>(surface, registry());
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.math)).toBe(true);
    expect(Object.getPrototypeOf(api.math)).toBe(null);
    expect(Object.keys(api)).toEqual(["math", "files"]);
    expect(Object.keys(api.math)).toEqual(["sum", "fail", "slow"]);
  });

  it("runs a program in a node:vm context, whose objects come from another realm", async () => {
    const api = createToolApi<Api>(surface, registry());
    const context = vm.createContext({ ...api, ToolError });
    const program = `(async () => {
      const { sum } = await math.sum({ a: 20, b: 22 });
      try { await files.deleteFile({ path: "x" }); } catch (e) {
        if (e instanceof ToolError) return { sum, refused: e.code };
        throw e;
      }
      return { sum, refused: null };
    })()`;
    const result = await vm.runInContext(program, context, { timeout: 1000 });
    expect(JSON.parse(JSON.stringify(result))).toEqual({ sum: 42, refused: "PermissionError" });
  });
});

describe("createToolApi over a transport or a client", () => {
  it("calls a transport, and turns a transport failure into a ToolError", async () => {
    const api = createToolApi<Api>(surface, inProcessTransport(registry()));
    await expect(api.math.sum({ a: 1, b: 1 })).resolves.toEqual({ sum: 2 });
    const broken = createToolApi<Api>(surface, () => Promise.reject(new TransportError("connection closed")));
    const error = (await rejection(broken.math.sum({ a: 1, b: 1 }))) as ToolError;
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code: "TransportError", message: "connection closed", tool: "math.sum" });
  });

  it("calls a generated client's methods and keeps the ToolCallError's detail", async () => {
    const calls: unknown[] = [];
    const client = {
      math: {
        sum: async (args: { a: number; b: number }) => {
          calls.push(args);
          return { sum: args.a + args.b };
        },
        fail: async () => {
          throw new ToolCallError({ error_type: "Overflow", error_message: "too big" });
        },
        slow: async () => null,
      },
      files: { deleteFile: async () => ({ deleted: true }) },
    } satisfies ToolApiClient;
    const api = createToolApi<Api>(surface, client);
    await expect(api.math.sum({ a: 1, b: 2 })).resolves.toEqual({ sum: 3 });
    expect(calls).toEqual([{ a: 1, b: 2 }]);
    const error = (await rejection(api.math.fail())) as ToolError;
    expect(error).toMatchObject({ code: "Overflow", message: "too big", tool: "math.fail" });
  });

  it("refuses a client that lacks a function of the surface, naming it", () => {
    expect(() => createToolApi(surface, { math: {}, files: {} })).toThrow(/no function math\.sum/);
  });
});
