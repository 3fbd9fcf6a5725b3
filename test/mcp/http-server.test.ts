/**
 * serveHttp: the official SDK Client over Streamable HTTP (stateful and
 * stateless), and raw fetch requests for the HTTP-level rules (Origin, body
 * size, malformed bodies, sessions). Loopback only; every server is closed after.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { EmptyResultSchema, LoggingMessageNotificationSchema, type McpError } from "@modelcontextprotocol/sdk/types.js";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveHttp, toolInfo, type HttpServerOptions, type McpHttpServerHandle } from "@mcp-specgen/runtime";
import { createTestRegistry, stats } from "./fixtures/tools.js";
import { waitFor } from "./helpers.js";

const ACCEPT = "application/json, text/event-stream";

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** POSTs a JSON-RPC body; returns the status, headers and the JSON-RPC messages (JSON or SSE). */
async function post(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: ACCEPT, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let messages: any[] = [];
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    messages = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)));
  } else if (text !== "") messages = [JSON.parse(text)];
  return { status: response.status, headers: response.headers, messages };
}

const initialize = (protocolVersion = "2025-11-25", id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

for (const stateless of [false, true]) {
  describe(`serveHttp ${stateless ? "stateless" : "stateful"} with the SDK Client`, () => {
    let server: McpHttpServerHandle;
    let client: Client;
    beforeAll(async () => {
      // 64 calls at once below: twice the default in-flight limit.
      server = await serveHttp(createTestRegistry(), {
        stateless,
        name: "fixture-http",
        version: "2.0.0",
        maxInflightRequests: 64,
      });
      client = await connect(server.url);
    });
    afterAll(async () => {
      await client?.close();
      await server?.close();
    });

    it("initializes and lists tools exactly as registered", async () => {
      expect(client.getServerVersion()).toEqual({ name: "fixture-http", version: "2.0.0" });
      const { tools } = await client.listTools();
      expect(tools).toEqual(createTestRegistry().list().map(toolInfo));
      expect(server.sessionCount).toBe(stateless ? 0 : 1);
    });

    it("calls tools and returns validation failures as isError", async () => {
      expect(await client.callTool({ name: "get_sum", arguments: { a: 1, b: 2 } })).toEqual({
        content: [{ type: "text", text: '{"sum":3}' }],
        structuredContent: { sum: 3 },
      });
      const bad = await client.callTool({ name: "get_sum", arguments: { a: 1 } });
      expect(bad.isError).toBe(true);
      expect(JSON.parse((bad.content as { text: string }[])[0].text).error_type).toBe("ValidationError");
    });

    it("answers unknown tools with -32602 and unknown methods with -32601", async () => {
      const unknownTool = await client.callTool({ name: "nope", arguments: {} }).catch((e: unknown) => e);
      expect((unknownTool as McpError).code).toBe(-32602);
      const unknownMethod = await client
        .request({ method: "prompts/list" }, EmptyResultSchema)
        .catch((e: unknown) => e);
      expect((unknownMethod as McpError).code).toBe(-32601);
    });

    it("answers ping", async () => {
      await expect(client.ping()).resolves.toEqual({});
    });

    it("streams progress notifications over SSE", async () => {
      const seen: number[] = [];
      await client.callTool({ name: "slow", arguments: { ms: 30, steps: 3 } }, undefined, {
        onprogress: (p) => seen.push(p.progress),
      });
      expect(seen).toEqual([1, 2, 3]);
    });

    it("streams log notifications", async () => {
      const levels: string[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        levels.push(n.params.level);
      });
      await client.callTool({ name: "logs", arguments: {} });
      await waitFor(() => levels.length === 4);
      expect(levels).toEqual(["debug", "info", "warning", "error"]);
      if (!stateless) {
        // The level is session state: only a stateful server keeps it between requests.
        levels.length = 0;
        await client.setLoggingLevel("error");
        await client.callTool({ name: "logs", arguments: {} });
        await client.ping();
        await new Promise((r) => setTimeout(r, 20));
        expect(levels).toEqual(["error"]);
      }
    });

    it("runs 64 concurrent calls concurrently", async () => {
      const before = stats.maxRunning;
      stats.maxRunning = 0;
      // Each call returns once all 64 run at once: one at a time, the first would wait its 30 s.
      const results = await Promise.all(
        Array.from({ length: 64 }, () => client.callTool({ name: "slow", arguments: { ms: 30_000, until: 64 } })),
      );
      expect(results.map((r) => JSON.parse((r.content as Array<{ text: string }>)[0]!.text))).toEqual(
        Array(64).fill({ together: true }),
      );
      expect(stats.maxRunning).toBe(64);
      stats.maxRunning = Math.max(before, stats.maxRunning);
    });
  });
}

describe("serveHttp cancellation", () => {
  it("stateful: notifications/cancelled aborts the handler", async () => {
    const server = await serveHttp(createTestRegistry());
    const client = await connect(server.url);
    try {
      const aborted = stats.aborted;
      const controller = new AbortController();
      const pending = client.callTool({ name: "slow", arguments: { ms: 10_000 } }, undefined, {
        signal: controller.signal,
      });
      await waitFor(() => stats.running > 0);
      controller.abort("enough");
      await expect(pending).rejects.toThrow();
      await waitFor(() => stats.aborted === aborted + 1);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("stateless: closing the HTTP request aborts the handler", async () => {
    const server = await serveHttp(createTestRegistry(), { stateless: true });
    try {
      const aborted = stats.aborted;
      const controller = new AbortController();
      const pending = post(
        server.url,
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "slow", arguments: { ms: 10_000 } } },
        {},
        controller.signal,
      ).catch((e: unknown) => e);
      await waitFor(() => stats.running > 0);
      controller.abort();
      await pending;
      await waitFor(() => stats.aborted === aborted + 1);
    } finally {
      await server.close();
    }
  });
});

describe("serveHttp HTTP rules (raw requests)", () => {
  let server: McpHttpServerHandle;
  let stateless: McpHttpServerHandle;
  beforeAll(async () => {
    const options: HttpServerOptions = { maxBodyBytes: 2_000, allowedOrigins: ["https://app.example"], pageSize: 3 };
    server = await serveHttp(createTestRegistry(), options);
    stateless = await serveHttp(createTestRegistry(), { ...options, stateless: true, jsonResponse: true });
  });
  afterAll(async () => {
    await server.close();
    await stateless.close();
  });

  it.each([
    ["2024-11-05", "2024-11-05"],
    ["2025-03-26", "2025-03-26"],
    ["2030-01-01", "2025-11-25"],
  ])("negotiates %s → %s and issues a session id", async (requested, expected) => {
    const { status, headers, messages } = await post(server.url, initialize(requested));
    expect(status).toBe(200);
    expect(headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(messages[0].result.protocolVersion).toBe(expected);
  });

  it("rejects a foreign Origin with 403 and accepts an allowed one", async () => {
    expect((await post(server.url, initialize(), { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(server.url, initialize(), { origin: "https://app.example" })).status).toBe(200);
  });

  it("by default accepts only loopback origins", async () => {
    const local = await serveHttp(createTestRegistry(), { stateless: true });
    try {
      expect((await post(local.url, initialize(), { origin: "http://localhost:5173" })).status).toBe(200);
      expect((await post(local.url, initialize(), { origin: "http://attacker.example" })).status).toBe(403);
    } finally {
      await local.close();
    }
  });

  it("rejects a body over maxBodyBytes with 413", async () => {
    const big = { ...initialize(), params: { ...initialize().params, pad: "x".repeat(5_000) } };
    const { status, messages } = await post(server.url, big);
    expect(status).toBe(413);
    expect(messages[0].error.code).toBe(-32000);
  });

  it("rejects a chunked body that grows over maxBodyBytes with 413", async () => {
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { "content-type": "application/json", accept: ACCEPT },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write("[" + " ".repeat(1_500));
      setTimeout(() => req.end(" ".repeat(1_500) + "]"), 20);
    });
    expect(status).toBe(413);
  });

  it("answers bad JSON with 400 / -32700", async () => {
    const { status, messages } = await post(server.url, "{oops");
    expect(status).toBe(400);
    expect(messages[0]).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it("answers a malformed message with 400 / -32600 and its id", async () => {
    const { status, messages } = await post(server.url, { jsonrpc: "2.0", id: 5, method: 42 });
    expect(status).toBe(400);
    expect(messages[0]).toMatchObject({ id: 5, error: { code: -32600 } });
  });

  it("requires a session id, and 404s an unknown one", async () => {
    const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
    expect((await post(server.url, ping)).status).toBe(400);
    const unknown = await post(server.url, ping, { "mcp-session-id": "no-such-session" });
    expect(unknown.status).toBe(404);
    expect(unknown.messages[0].error.code).toBe(-32001);
  });

  it("serves a session until DELETE", async () => {
    const init = await post(server.url, initialize());
    const sessionId = init.headers.get("mcp-session-id")!;
    const headers = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
    expect((await post(server.url, { jsonrpc: "2.0", method: "notifications/initialized" }, headers)).status).toBe(202);
    const list = await post(server.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, headers);
    expect(list.messages[0].result.tools).toHaveLength(3);
    expect(typeof list.messages[0].result.nextCursor).toBe("string");
    const count = server.sessionCount;
    const deleted = await fetch(server.url, { method: "DELETE", headers });
    expect(deleted.status).toBe(200);
    expect(server.sessionCount).toBe(count - 1);
    expect((await post(server.url, { jsonrpc: "2.0", id: 3, method: "ping" }, headers)).status).toBe(404);
  });

  it("closes idle sessions, and the least recently used one when the table is full", async () => {
    const small = await serveHttp(createTestRegistry(), { sessionIdleTimeoutMs: 200, maxSessions: 1 });
    try {
      const first = await post(small.url, initialize());
      expect(first.status).toBe(200);
      expect(small.sessionCount).toBe(1);
      const second = await post(small.url, initialize());
      expect(second.status).toBe(200);
      expect(small.sessionCount).toBe(1);
      const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
      const headers = (r: typeof first) => ({
        "mcp-session-id": r.headers.get("mcp-session-id")!,
        "mcp-protocol-version": "2025-11-25",
      });
      // The evicted client is told to start over; the newcomer is served.
      expect((await post(small.url, ping, headers(first))).status).toBe(404);
      expect((await post(small.url, ping, headers(second))).status).toBe(200);
      expect(small.stats.evictedSessions).toBe(1);
      await waitFor(() => small.sessionCount === 0);
    } finally {
      await small.close();
    }
  });

  it("404s other paths and 405s other methods", async () => {
    expect((await fetch(server.url.replace("/mcp", "/other"), { method: "POST" })).status).toBe(404);
    expect((await fetch(server.url, { method: "PUT" })).status).toBe(405);
  });

  it("stateless: answers with plain JSON, no session, GET/DELETE 405", async () => {
    const init = await post(stateless.url, initialize());
    expect(init.headers.get("content-type")).toContain("application/json");
    expect(init.headers.get("mcp-session-id")).toBeNull();
    const call = await post(stateless.url, {
      jsonrpc: "2.0",
      id: 9,
      method: "tools/call",
      params: { name: "get_sum", arguments: { a: 20, b: 22 } },
    });
    expect(call.messages[0]).toEqual({
      jsonrpc: "2.0",
      id: 9,
      result: { content: [{ type: "text", text: '{"sum":42}' }], structuredContent: { sum: 42 } },
    });
    expect((await fetch(stateless.url, { headers: { accept: "text/event-stream" } })).status).toBe(405);
    expect((await fetch(stateless.url, { method: "DELETE" })).status).toBe(405);
  });
});
