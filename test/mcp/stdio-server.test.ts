/**
 * serveStdio: the official SDK Client against the fixture server in a child
 * process, and raw JSON-RPC lines against an in-process server for what the SDK
 * client cannot send (bad JSON, malformed requests, old protocol versions).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { EmptyResultSchema, LoggingMessageNotificationSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolRegistry } from "@mcp-specgen/runtime";
import { LATEST_PROTOCOL_VERSION, toolInfo } from "@mcp-specgen/runtime";
import { createTestRegistry, DEFINITIONS, stats } from "./fixtures/tools.js";
import { fixtureServer, startRawStdio, waitFor, type RawPeer } from "./helpers.js";

/** The fixture's counters, read through its `stats` tool. */
async function statsOf(client: Client): Promise<{ aborted: number; maxRunning: number }> {
  const result = await client.callTool({ name: "stats", arguments: {} });
  return JSON.parse((result.content as { text: string }[])[0].text);
}

async function connectSdkClient(env: Record<string, string> = {}): Promise<Client> {
  const server = fixtureServer(env);
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...server, stderr: "inherit" }));
  return client;
}

describe("serveStdio with the SDK Client (child process)", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectSdkClient();
  });
  afterAll(async () => {
    await client?.close();
  });

  it("initializes with serverInfo, capabilities and the latest version", () => {
    expect(client.getServerVersion()).toEqual({ name: "fixture-stdio", version: "1.2.3" });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false }, logging: {} });
  });

  it("lists tools exactly as the registry defines them", async () => {
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).toBeUndefined();
    const expected = createTestRegistry().list().map(toolInfo);
    expect(tools).toEqual(expected);
    const sum = tools.find((t) => t.name === "get_sum");
    expect(sum).toEqual({
      name: "get_sum",
      title: DEFINITIONS.get_sum.title,
      description: DEFINITIONS.get_sum.description,
      inputSchema: DEFINITIONS.get_sum.inputSchema,
      outputSchema: DEFINITIONS.get_sum.outputSchema,
      annotations: DEFINITIONS.get_sum.annotations,
    });
  });

  it("calls a tool: structuredContent plus its JSON text", async () => {
    const result = await client.callTool({ name: "get_sum", arguments: { a: 2, b: 3 } });
    expect(result).toEqual({ content: [{ type: "text", text: '{"sum":5}' }], structuredContent: { sum: 5 } });
  });

  // Regression: this result used to be a success without structuredContent, which
  // made the SDK's callTool throw "has an output schema but did not return structured content".
  it("answers a tool with an output schema that returns nothing with an isError ValidationError", async () => {
    await client.listTools(); // the SDK client checks structuredContent only for tools it has listed
    const result = await client.callTool({ name: "no_output", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject({
      error_type: "ValidationError",
      error_message: 'Output of tool "no_output" does not match its output schema: (root) must be object',
    });
  });

  it("returns input validation failures as isError results", async () => {
    const result = await client.callTool({ name: "get_sum", arguments: { a: "x" } });
    expect(result.isError).toBe(true);
    const detail = JSON.parse((result.content as { text: string }[])[0].text);
    expect(detail.error_type).toBe("ValidationError");
    expect(detail.error_details.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/a", "/b"]);
    expect(result.structuredContent).toBeUndefined();
  });

  it("answers an unknown tool with JSON-RPC -32602", async () => {
    const error = await client.callTool({ name: "nope", arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toContain("Unknown tool: nope");
  });

  it("answers an unknown method with -32601", async () => {
    const error = await client.request({ method: "resources/list" }, EmptyResultSchema).catch((e: unknown) => e);
    expect((error as McpError).code).toBe(-32601);
  });

  it("answers ping", async () => {
    await expect(client.ping()).resolves.toEqual({});
  });

  // Retried: the SDK client drops a progress notification it reads in the same chunk as the
  // response (the server writes the response 1 ms later to avoid that), which a heavily
  // loaded machine can still cause.
  it("sends progress notifications for a request with a progress token", { retry: 2 }, async () => {
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const result = await client.callTool({ name: "slow", arguments: { ms: 30, steps: 3 } }, undefined, {
      onprogress: (p) => seen.push(p),
    });
    expect(result.isError).toBeFalsy();
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
    ]);
  });

  it("aborts the handler of a cancelled call", async () => {
    const before = await statsOf(client);
    const controller = new AbortController();
    const pending = client.callTool({ name: "slow", arguments: { ms: 10_000 } }, undefined, {
      signal: controller.signal,
    });
    await new Promise((r) => setTimeout(r, 100));
    controller.abort("stop");
    await expect(pending).rejects.toThrow();
    await waitFor(async () => (await statsOf(client)).aborted === before.aborted + 1);
  });

  it("filters log notifications by logging/setLevel", async () => {
    const messages: { level: string; logger?: string; data: unknown }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      messages.push(n.params);
    });
    await client.callTool({ name: "logs", arguments: {} });
    await waitFor(() => messages.length === 4);
    expect(messages.map((m) => m.level)).toEqual(["debug", "info", "warning", "error"]);
    expect(messages[1]).toEqual({ level: "info", logger: "logs", data: { note: "info message" } });
    messages.length = 0;
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "logs", arguments: {} });
    await client.ping(); // notifications precede the responses after them
    expect(messages.map((m) => m.level)).toEqual(["warning", "error"]);
  });

  it("runs 64 concurrent calls concurrently", async () => {
    // Each call returns once all 64 run at once: one at a time, the first would wait its 30 s.
    const results = await Promise.all(
      Array.from({ length: 64 }, () => client.callTool({ name: "slow", arguments: { ms: 30_000, until: 64 } })),
    );
    expect(results.map((r) => JSON.parse((r.content as Array<{ text: string }>)[0]!.text))).toEqual(
      Array(64).fill({ together: true }),
    );
    expect((await statsOf(client)).maxRunning).toBeGreaterThanOrEqual(64);
  });
});

describe("serveStdio pagination (child process)", () => {
  it("pages tools/list with an opaque cursor", async () => {
    const client = await connectSdkClient({ MCP_PAGE_SIZE: "4", MCP_EXTRA_TOOLS: "5" });
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor });
        expect(page.tools.length).toBeLessThanOrEqual(4);
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== undefined);
      expect(names).toEqual(
        createTestRegistry(5)
          .list()
          .map((d) => d.name),
      );
      expect(pages).toBe(Math.ceil(names.length / 4));
      const error = await client.listTools({ cursor: "not-a-cursor" }).catch((e: unknown) => e);
      expect((error as McpError).code).toBe(-32602);
    } finally {
      await client.close();
    }
  });

  it("works with the SDK's reader too", async () => {
    const client = await connectSdkClient({ MCP_READER: "sdk" });
    try {
      const result = await client.callTool({ name: "get_sum", arguments: { a: 1, b: 1 } });
      expect(result.structuredContent).toEqual({ sum: 2 });
    } finally {
      await client.close();
    }
  });
});

describe("serveStdio raw JSON-RPC (in-process)", () => {
  let peer: RawPeer;
  beforeAll(async () => {
    peer = await startRawStdio(createTestRegistry(), { name: "raw", version: "0.1.0", instructions: "Use get_sum." });
  });
  afterAll(async () => {
    await peer.close();
  });

  it.each([
    ["2024-11-05", "2024-11-05"],
    ["2025-03-26", "2025-03-26"],
    ["2025-06-18", "2025-06-18"],
    ["2025-11-25", "2025-11-25"],
    ["1999-01-01", LATEST_PROTOCOL_VERSION],
  ])("negotiates protocol version %s → %s", async (requested, expected) => {
    const response = await peer.request("initialize", {
      protocolVersion: requested,
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    });
    expect(response.result).toEqual({
      protocolVersion: expected,
      capabilities: { tools: { listChanged: false }, logging: {} },
      serverInfo: { name: "raw", version: "0.1.0" },
      instructions: "Use get_sum.",
    });
  });

  it("answers a line that is not JSON with -32700 and id null", async () => {
    peer.send("{not json");
    const response = await peer.next((m) => m.error?.code === -32700);
    expect(response.id).toBeNull();
    expect(response.jsonrpc).toBe("2.0");
  });

  it.each([
    ["no method", { jsonrpc: "2.0", id: 7 }, 7],
    ["wrong jsonrpc", { jsonrpc: "1.0", id: 8, method: "ping" }, 8],
    ["a batch (not supported)", [{ jsonrpc: "2.0", id: 9, method: "ping" }], null],
    ["a bare value", 42, null],
    ["an object id", { jsonrpc: "2.0", id: { x: 1 }, method: "ping" }, null],
  ])("answers a malformed request (%s) with -32600", async (_name, message, id) => {
    peer.send(message);
    const response = await peer.next((m) => m.error?.code === -32600);
    expect(response.id).toEqual(id);
  });

  it("answers tools/call without a name with -32602", async () => {
    const response = await peer.request("tools/call", { arguments: {} });
    expect(response.error.code).toBe(-32602);
  });

  it("ignores unknown notifications and stray responses", async () => {
    peer.send({ jsonrpc: "2.0", method: "notifications/whatever" });
    peer.send({ jsonrpc: "2.0", id: 77, result: {} });
    const response = await peer.request("ping");
    expect(response.result).toEqual({});
    expect(peer.received).toEqual([]);
  });

  it("rejects an invalid log level with -32602", async () => {
    const response = await peer.request("logging/setLevel", { level: "verbose" });
    expect(response.error.code).toBe(-32602);
  });

  it("accepts string ids and echoes them", async () => {
    peer.send({
      jsonrpc: "2.0",
      id: "abc",
      method: "tools/call",
      params: { name: "get_sum", arguments: { a: 1, b: 2 } },
    });
    const response = await peer.next((m) => m.id === "abc");
    expect(response.result.structuredContent).toEqual({ sum: 3 });
  });

  it("maps every result shape", async () => {
    const call = async (name: string, args: object = {}) =>
      (await peer.request("tools/call", { name, arguments: args })).result;
    expect(await call("rich")).toEqual({
      content: [
        { type: "text", text: '{"ok":true}' },
        { type: "image", data: expect.any(String), mimeType: "image/png" },
        { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///tmp/report.txt", name: "report.txt", mimeType: "text/plain" },
        { type: "resource", resource: { uri: "file:///tmp/inline.txt", mimeType: "text/plain", text: "inline" } },
      ],
    });
    expect(await call("partial")).toEqual({
      content: [
        { type: "text", text: '{"done":2,"total":3}' },
        { type: "text", text: "2 of 3 done" },
      ],
      _meta: {
        "mcp-specgen/status": "partial_success",
        "mcp-specgen/error": { error_type: "ToolExecutionError", error_message: "item 3 failed" },
      },
    });
    expect(await call("nochange")).toEqual({
      content: [{ type: "text", text: "already up to date" }],
      _meta: { "mcp-specgen/status": "no_change_needed" },
    });
    expect(await call("fail", { id: "x1" })).toEqual({
      content: [
        {
          type: "text",
          text: JSON.stringify({
            error_type: "ResourceNotFound",
            error_message: "No resource x1",
            error_details: { id: "x1" },
          }),
        },
        { type: "text", text: "check the id" },
      ],
      isError: true,
    });
    const bad = await call("unserializable");
    expect(bad.isError).toBe(true);
    expect(JSON.parse(bad.content[0].text).error_type).toBe("SerializationError");
  });

  it("aborts a cancelled call's handler and sends no response for it", async () => {
    const aborted = stats.aborted;
    peer.send({ jsonrpc: "2.0", id: "c1", method: "tools/call", params: { name: "slow", arguments: { ms: 5_000 } } });
    await waitFor(() => stats.running > 0);
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "c1", reason: "user hit stop" },
    });
    await waitFor(() => stats.aborted === aborted + 1);
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "c1" } }); // late: ignored
    expect((await peer.request("ping")).result).toEqual({});
    await new Promise((r) => setTimeout(r, 20));
    expect(peer.received.filter((m) => m.id === "c1")).toEqual([]);
  });

  it("skips an over-long line with -32600 and keeps serving", async () => {
    const small = await startRawStdio(new ToolRegistry(), { maxMessageBytes: 100 });
    try {
      small.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(200) } }));
      const tooLong = await small.next();
      expect(tooLong.error.code).toBe(-32600);
      expect((await small.request("ping")).result).toEqual({});
    } finally {
      await small.close();
    }
  });

  it("skips an over-long line that arrives in pieces", async () => {
    const small = await startRawStdio(new ToolRegistry(), { maxMessageBytes: 100 });
    try {
      small.write("x".repeat(150)); // over the limit before the line even ends
      expect((await small.next()).error.code).toBe(-32600);
      small.write("y".repeat(50) + "\n" + '{"jsonrpc":"2.0","id":1,"method":"ping"}');
      small.write("\n");
      expect(await small.next()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      small.write('{"jsonrpc":"2.0","id":2,');
      small.write('"method":"ping"}\r\n'); // split across writes, CRLF
      expect(await small.next()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
      expect(small.received).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it("accepts a line of exactly maxMessageBytes that arrives in pieces, and refuses one more", async () => {
    const small = await startRawStdio(new ToolRegistry(), { maxMessageBytes: 100 });
    const message = (length: number) => {
      const head = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":"';
      return head + "x".repeat(length - head.length - 3) + '"}}';
    };
    try {
      const exact = message(100);
      expect(exact).toHaveLength(100);
      for (let i = 0; i < 100; i += 30) small.stdin.emit("data", exact.slice(i, i + 30));
      small.stdin.emit("data", "\r\n");
      expect(await small.next()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      const shorter = message(90);
      for (let i = 0; i < 90; i += 30) small.stdin.emit("data", shorter.slice(i, i + 30));
      small.stdin.emit("data", "\r"); // CRLF split between chunks
      small.stdin.emit("data", "\n");
      expect(await small.next()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      const over = message(101);
      for (let i = 0; i < 101; i += 30) small.stdin.emit("data", over.slice(i, i + 30));
      small.stdin.emit("data", "\n");
      expect((await small.next()).error.code).toBe(-32600);
      expect((await small.request("ping")).result).toEqual({});
      expect(small.received).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it("finishes a buffered line and reads the further lines of the same chunk", async () => {
    const other = await startRawStdio(new ToolRegistry());
    try {
      other.stdin.emit("data", '{"jsonrpc":"2.0",');
      other.stdin.emit("data", '"id":1,');
      other.stdin.emit(
        "data",
        '"method":"ping"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\r\n\n{"jsonrpc":"2.0","id":3,"method":"pi',
      );
      other.stdin.emit("data", 'ng"}\n');
      const ids = [(await other.next()).id, (await other.next()).id, (await other.next()).id];
      expect(ids).toEqual([1, 2, 3]);
    } finally {
      await other.close();
    }
  });

  // Regression: the reader used to join the buffered text with each new chunk and search
  // all of it for "\n", so a line of n bytes in chunks of c cost O(n²/c) (an 8 MB line: 0.5 s).
  it("searches each byte of a long line for the newline once, however it is split", async () => {
    const other = await startRawStdio(createTestRegistry());
    const text = "é€ long line ".repeat(80_000); // ~1 MB of UTF-16, multi-byte in UTF-8
    const line = Buffer.from(
      JSON.stringify({
        jsonrpc: "2.0",
        id: "long",
        method: "tools/call",
        params: { name: "echo", arguments: { message: text } },
      }) + "\n",
    );
    const indexOf = String.prototype.indexOf;
    let scanned = 0;
    String.prototype.indexOf = function (this: string, search: string, position?: number): number {
      if (search === "\n") scanned += this.length - (position ?? 0);
      return indexOf.call(this, search, position);
    };
    try {
      // 2 KiB byte chunks (some split a multi-byte character), handed over synchronously.
      for (let i = 0; i < line.length; i += 2048) other.stdin.emit("data", line.subarray(i, i + 2048));
    } finally {
      String.prototype.indexOf = indexOf;
    }
    try {
      expect(scanned).toBeLessThanOrEqual(line.length);
      const response = await other.next((m) => m.id === "long");
      expect(JSON.parse(response.result.content[0].text).echo).toBe(text);
    } finally {
      await other.close();
    }
  });

  it("with the SDK reader, answers bad JSON with -32700 and a non-message with -32600", async () => {
    const sdk = await startRawStdio(new ToolRegistry(), { reader: "sdk" });
    try {
      sdk.send("{not json");
      expect((await sdk.next()).error.code).toBe(-32700);
      sdk.send({ jsonrpc: "2.0", id: 3 });
      expect(await sdk.next()).toMatchObject({ id: null, error: { code: -32600 } });
      expect((await sdk.request("ping")).result).toEqual({});
    } finally {
      await sdk.close();
    }
  });

  it("closes when stdin ends", async () => {
    const other = await startRawStdio(new ToolRegistry());
    await other.close();
    await expect(other.handle.closed).resolves.toBeUndefined();
  });
});
