/**
 * sdkClientTransport: a ToolTransport over an SDK `Client` the caller created and connected,
 * SDK v2 (@modelcontextprotocol/client) and 1.x (@modelcontextprotocol/sdk), against this
 * project's servers (Streamable HTTP in process on 127.0.0.1, stdio child process); and its
 * version detection and error mapping with stand-in clients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  createToolCaller,
  sdkClientTransport,
  serveHttp,
  ToolCallError,
  TransportError,
  type McpHttpServerHandle,
  type MCPToolResult,
  type SdkClientLike,
  type ToolTransport,
} from "@mcp-specgen/runtime";
import { createTestRegistry } from "./fixtures/tools.js";
import { fixtureServer } from "./helpers.js";

const plain = (r: MCPToolResult) => JSON.parse(JSON.stringify(r));
const INFO = { name: "sdk-client-test", version: "1.0.0" };

/** A connected SDK client of either version, over HTTP or stdio. */
type OpenClient = SdkClientLike & { close(): Promise<void>; onerror?: (error: Error) => void };
type Open = () => Promise<{ client: OpenClient; close: () => Promise<void> }>;

let server: McpHttpServerHandle;
beforeAll(async () => {
  server = await serveHttp(createTestRegistry(), { pageSize: 2 });
});
afterAll(async () => {
  await server?.close();
});

const opens: Array<[string, Open]> = [
  [
    "SDK v2 over HTTP",
    async () => {
      const client = new ClientV2(INFO);
      await client.connect(new HttpV2(new URL(server.url)));
      return { client, close: () => client.close() };
    },
  ],
  [
    "SDK 1.x over HTTP",
    async () => {
      const client = new ClientV1(INFO);
      await client.connect(new HttpV1(new URL(server.url)));
      return { client, close: () => client.close() };
    },
  ],
  [
    "SDK v2 over stdio",
    async () => {
      const client = new ClientV2(INFO);
      await client.connect(new StdioV2({ ...fixtureServer(), stderr: "ignore" }));
      return { client, close: () => client.close() };
    },
  ],
  [
    "SDK 1.x over stdio",
    async () => {
      const client = new ClientV1(INFO);
      await client.connect(new StdioV1({ ...fixtureServer(), stderr: "ignore" }));
      return { client, close: () => client.close() };
    },
  ],
];

describe.each(opens)("sdkClientTransport → our server (%s)", (_name, open) => {
  let client: OpenClient;
  let close: () => Promise<void>;
  let transport: ToolTransport;
  beforeAll(async () => {
    ({ client, close } = await open());
    client.onerror = () => undefined; // the SDKs report late answers to cancelled calls here
    transport = sdkClientTransport(client);
  });
  afterAll(async () => {
    await close?.();
  });

  it.each([
    ["success", "get_sum", { a: 2, b: 5 }, { status: "success", data: { sum: 7 } }],
    ["success without outputSchema", "echo", { message: "hi" }, { status: "success", data: { echo: "hi" } }],
    [
      "partial_success",
      "partial",
      {},
      {
        status: "partial_success",
        data: { done: 2, total: 3 },
        error: { error_type: "ToolExecutionError", error_message: "item 3 failed" },
        explanation: "2 of 3 done",
      },
    ],
    [
      "failure",
      "fail",
      { id: "k" },
      {
        status: "failure",
        data: null,
        error: { error_type: "ResourceNotFound", error_message: "No resource k", error_details: { id: "k" } },
        explanation: "check the id",
      },
    ],
  ])("round-trips %s exactly", async (_case, tool, args, expected) => {
    expect(plain(await transport({ tool_name: tool, arguments: args }, {}))).toEqual(expected);
  });

  it("maps invalid arguments to a ValidationError failure", async () => {
    const result = await transport({ tool_name: "get_sum", arguments: { a: "x", b: 1 } }, {});
    expect(result).toMatchObject({ status: "failure", error: { error_type: "ValidationError" } });
  });

  it("maps an unknown tool to a ToolNotFound failure", async () => {
    const result = await transport({ tool_name: "missing_tool", arguments: {} }, {});
    expect(result).toMatchObject({
      status: "failure",
      data: null,
      error: { error_type: "ToolNotFound", error_message: "Unknown tool: missing_tool" },
    });
  });

  it("reports every progress notification, in order, before the result", async () => {
    const seen: [number, number | undefined, string | undefined][] = [];
    const result = await transport(
      { tool_name: "slow", arguments: { ms: 30, steps: 3 } },
      { onProgress: (p, t, m) => seen.push([p, t, m]) },
    );
    expect(result.status).toBe("success");
    expect(seen).toEqual([
      [1, 3, "step 1"],
      [2, 3, "step 2"],
      [3, 3, "step 3"],
    ]);
  });

  it("keeps progress apart for calls in flight together, and over two transports of one client", async () => {
    const other = sdkClientTransport(client);
    const a: number[] = [];
    const b: number[] = [];
    const [ra, rb] = await Promise.all([
      transport({ tool_name: "slow", arguments: { ms: 40, steps: 2 } }, { onProgress: (p) => a.push(p) }),
      other({ tool_name: "slow", arguments: { ms: 20, steps: 4 } }, { onProgress: (p) => b.push(p) }),
    ]);
    expect([ra.status, rb.status]).toEqual(["success", "success"]);
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1, 2, 3, 4]);
  });

  it("a throwing progress callback does not break the call", async () => {
    const result = await transport(
      { tool_name: "slow", arguments: { ms: 10, steps: 2 } },
      {
        onProgress: () => {
          throw new Error("boom");
        },
      },
    );
    expect(result.status).toBe("success");
  });

  it("turns a time-out into a TimeoutError failure (the call's own, then the transport's default)", async () => {
    const result = await transport({ tool_name: "slow", arguments: { ms: 5_000 } }, { timeoutMs: 50 });
    expect(result).toMatchObject({ status: "failure", error: { error_type: "TimeoutError" } });
    const quick = sdkClientTransport(client, { timeoutMs: 50 });
    expect((await quick({ tool_name: "slow", arguments: { ms: 5_000 } }, {})).error?.error_type).toBe("TimeoutError");
  });

  it("turns an abort into a Cancelled failure, before and during the call", async () => {
    const controller = new AbortController();
    const pending = transport({ tool_name: "slow", arguments: { ms: 5_000 } }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 50);
    expect(await pending).toMatchObject({
      status: "failure",
      error: { error_type: "Cancelled", error_message: 'Call to tool "slow" was cancelled: user left' },
    });
    const already = await transport({ tool_name: "get_sum", arguments: { a: 1, b: 1 } }, { signal: controller.signal });
    expect(already.error?.error_type).toBe("Cancelled");
  });

  it("drives createToolCaller, with result validation", async () => {
    const caller = createToolCaller(transport, {
      validateResult: (name) =>
        name === "get_sum" ? (data: unknown) => (data as { sum: number }).sum > 100 : undefined,
    });
    await expect(caller.data("echo", { message: "x" })).resolves.toEqual({ echo: "x" });
    const error = await caller.data("get_sum", { a: 1, b: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as ToolCallError).detail.error_type).toBe("ValidationError");
  });
});

describe("sdkClientTransport: the connection itself failing", () => {
  it.each([
    ["SDK v2", () => new ClientV2(INFO)],
    ["SDK 1.x", () => new ClientV1(INFO)],
  ])("%s: a client that is not connected → TransportError", async (_name, make) => {
    const transport = sdkClientTransport(make());
    await expect(transport({ tool_name: "get_sum", arguments: { a: 1, b: 2 } }, {})).rejects.toBeInstanceOf(
      TransportError,
    );
  });

  it.each([
    ["SDK v2", opens[2]![1]],
    ["SDK 1.x", opens[3]![1]],
  ])("%s: the connection closing during a call → TransportError", async (_name, open) => {
    const { client, close } = await open();
    const transport = sdkClientTransport(client);
    const pending = transport({ tool_name: "slow", arguments: { ms: 5_000 } }, {});
    await new Promise((r) => setTimeout(r, 100));
    await close();
    await expect(pending).rejects.toBeInstanceOf(TransportError);
  });
});

/** A stand-in client recording how callTool was called, answering with `answer`. */
function fake(v2: boolean, answer: () => Promise<unknown>) {
  const calls: unknown[][] = [];
  const callTool = (...args: unknown[]) => {
    calls.push(args);
    return answer();
  };
  const client = v2 ? { callTool, getProtocolEra: () => "legacy" } : { callTool };
  return { client: client as SdkClientLike, calls };
}

const OK = { content: [{ type: "text", text: '{"ok":true}' }] };

describe("sdkClientTransport: SDK version and error mapping (stand-in clients)", () => {
  it("passes the options second to a v2 client (it has getProtocolEra) and third to a 1.x one", async () => {
    const signal = new AbortController().signal;
    for (const v2 of [true, false]) {
      const { client, calls } = fake(v2, async () => OK);
      const result = await sdkClientTransport(client, { timeoutMs: 1234 })(
        { tool_name: "t", arguments: { x: 1 } },
        { signal },
      );
      expect(result).toMatchObject({ status: "success", data: { ok: true } });
      const options = { signal, timeout: 1234 };
      expect(calls).toEqual([
        v2 ? [{ name: "t", arguments: { x: 1 } }, options] : [{ name: "t", arguments: { x: 1 } }, undefined, options],
      ]);
    }
  });

  it("sdkVersion overrides the detection", async () => {
    const { client, calls } = fake(false, async () => OK);
    await sdkClientTransport(client, { sdkVersion: 2 })({ tool_name: "t", arguments: {} }, {});
    expect(calls[0]).toHaveLength(2);
  });

  it("falls back to the SDK's onprogress when the client has no transport to intercept", async () => {
    const seen: number[] = [];
    const { client, calls } = fake(true, async () => {
      const options = calls[0]![1] as { onprogress: (p: { progress: number }) => void };
      options.onprogress({ progress: 1 });
      return OK;
    });
    await sdkClientTransport(client)({ tool_name: "t", arguments: {} }, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([1]);
    expect(calls[0]![0]).not.toHaveProperty("_meta");
  });

  const sdkError = (name: string, code: unknown, message: string, data?: unknown) =>
    Object.assign(new Error(message), { name, code, data });

  it.each([
    [
      "1.x McpError -32602 unknown tool",
      sdkError("McpError", -32602, "MCP error -32602: Tool x not found"),
      "ToolNotFound",
    ],
    ["v2 ProtocolError -32602", sdkError("ProtocolError", -32602, "Invalid arguments"), "ValidationError"],
    [
      "the SDK's own output-schema check",
      sdkError("ProtocolError", -32600, "Tool x has an output schema but did not return structured content"),
      "ValidationError",
    ],
    [
      "1.x McpError -32001 (time-out)",
      sdkError("McpError", -32001, "MCP error -32001: Request timed out"),
      "TimeoutError",
    ],
    ["v2 SdkError REQUEST_TIMEOUT", sdkError("SdkError", "REQUEST_TIMEOUT", "Request timed out"), "TimeoutError"],
    ["v2 SdkError INVALID_RESULT", sdkError("SdkError", "INVALID_RESULT", "Invalid result"), "TransportError"],
    ["a server error", sdkError("ProtocolError", -32603, "Internal error", { hint: "h" }), "TransportError"],
  ])("%s → a %s failure", async (_name, error, type) => {
    const { client } = fake(true, () => Promise.reject(error));
    const result = await sdkClientTransport(client)({ tool_name: "x", arguments: {} }, {});
    expect(result).toMatchObject({ status: "failure", data: null, error: { error_type: type } });
    expect(result.error?.error_message).not.toMatch(/^MCP error/);
    expect(result.error?.error_details).toMatchObject({ tool_name: "x" });
  });

  it.each([
    ["1.x McpError -32000 (connection closed)", sdkError("McpError", -32000, "MCP error -32000: Connection closed")],
    ["v2 SdkError CONNECTION_CLOSED", sdkError("SdkError", "CONNECTION_CLOSED", "Connection closed")],
    ["v2 SdkError NOT_CONNECTED", sdkError("SdkError", "NOT_CONNECTED", "Not connected")],
    ["an HTTP error", Object.assign(new Error("Error POSTing to endpoint (HTTP 500)"), { code: 500 })],
    ["a plain Error", new Error("Not connected")],
  ])("%s → rejects with TransportError", async (_name, error) => {
    const { client } = fake(false, () => Promise.reject(error));
    const rejection = await sdkClientTransport(client)({ tool_name: "x", arguments: {} }, {}).catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(TransportError);
    expect((rejection as TransportError).cause).toBe(error);
  });
});

describe("sdkClientTransport: types", () => {
  it("takes both SDKs' Client classes as they are", () => {
    // A compile-time check (npm run typecheck): no cast needed for either SDK's Client.
    const clients: SdkClientLike[] = [new ClientV2(INFO), new ClientV1(INFO)];
    expect(clients.map((c) => typeof sdkClientTransport(c))).toEqual(["function", "function"]);
  });
});
