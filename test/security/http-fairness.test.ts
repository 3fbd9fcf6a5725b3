/**
 * Review of issue 26 (HTTP serving bounded and fair): attacks the load limits do not stop
 * yet. Each test fails on the build it was written against and states what must hold.
 * Small limits keep them fast; assertions are on statuses and counters, never durations.
 * Loopback only (127.0.0.2 is a second client address on Linux loopback); every server
 * and socket is closed after.
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serveHttp, ToolRegistry, type HttpServerOptions, type McpHttpServerHandle } from "@mcp-specgen/runtime";
import { waitFor } from "../mcp/helpers.js";

const ACCEPT = "application/json, text/event-stream";
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

let servers: McpHttpServerHandle[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A registry whose tools/list answer is a few KB (24 tools with a schema each). */
function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  for (let i = 0; i < 24; i++) {
    tools.register(
      {
        name: `tool_${i}`,
        description: `Tool number ${i}: ${"does something useful. ".repeat(4)}`,
        inputSchema: {
          type: "object",
          properties: { a: { type: "string", description: "x".repeat(100) }, b: { type: "number" } },
        },
      },
      (args) => args,
    );
  }
  return tools;
}

async function start(options: HttpServerOptions): Promise<McpHttpServerHandle> {
  const server = await serveHttp(registry(), options);
  servers.push(server);
  return server;
}

/** POSTs on a new connection from 127.0.0.1; resolves with the status and headers. */
function post(
  server: McpHttpServerHandle,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/mcp",
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", accept: ACCEPT, ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function openSession(server: McpHttpServerHandle): Promise<Record<string, string>> {
  const init = await post(server, INITIALIZE);
  const headers = { "mcp-session-id": init.headers["mcp-session-id"] as string, "mcp-protocol-version": "2025-11-25" };
  await post(server, { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
  return headers;
}

/** A raw connection from `localAddress` that writes `text` and resolves with the status of the first reply, then stops reading. */
function rawStatus(server: McpHttpServerHandle, text: string, localAddress = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: "127.0.0.1", localAddress }, () => socket.write(text));
    sockets.push(socket);
    socket.once("error", reject);
    let head = "";
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) {
        socket.removeAllListeners("data");
        socket.pause(); // a reader that never reads the rest
        resolve(Number(match[1]));
      }
    });
  });
}

/** A raw connection from `localAddress` that writes `text` and nothing more (resolves once connected). */
function rawSend(server: McpHttpServerHandle, text: string, localAddress = "127.0.0.1"): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: "127.0.0.1", localAddress }, () => {
      socket.write(text);
      resolve(socket);
    });
    sockets.push(socket);
    socket.once("error", reject);
  });
}

function rawPost(
  server: McpHttpServerHandle,
  payload: string,
  headers: Record<string, string>,
  length?: number,
): string {
  const lines = [
    "POST /mcp HTTP/1.1",
    `Host: 127.0.0.1:${server.port}`,
    "Content-Type: application/json",
    `Accept: ${ACCEPT}`,
    `Content-Length: ${length ?? Buffer.byteLength(payload)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${payload}`;
}

describe("HTTP fairness (review of issue 26)", () => {
  it("sessions holding open GET streams do not lock every new client out", async () => {
    // Each session may hold one standalone SSE stream; a stream is a request in progress, so its
    // connection is never the idle one evicted. maxConnections of them leave no room for anyone.
    const server = await start({ maxConnections: 4 });
    for (let i = 0; i < 4; i++) {
      const session = await openSession(server);
      const get = [
        "GET /mcp HTTP/1.1",
        `Host: 127.0.0.1:${server.port}`,
        "Accept: text/event-stream",
        ...Object.entries(session).map(([name, value]) => `${name}: ${value}`),
      ].join("\r\n");
      expect(await rawStatus(server, `${get}\r\n\r\n`, "127.0.0.2")).toBe(200);
    }
    await waitFor(() => server.stats.connections === 4);
    const newcomer = await post(server, INITIALIZE);
    expect(newcomer.status, newcomer.text).toBe(200);
  });

  it("a client sending large bodies slowly does not take every in-flight slot from other clients", async () => {
    // Four connections declare 100 kB and send a few bytes: each held a slot until requestTimeoutMs.
    const server = await start({ maxInflightRequests: 4, stateless: true, jsonResponse: true });
    for (let i = 0; i < 4; i++) await rawSend(server, rawPost(server, '{"jsonrpc"', {}, 100_000), "127.0.0.2");
    // The server is receiving all four bodies (10 bytes each so far).
    await waitFor(() => server.stats.bufferedRequestBytes === 40);
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "tool_0", arguments: { b: 1 } } };
    const reply = await post(server, call);
    expect(reply.status, reply.text).toBe(200);
  });

  it("a batch of protocol requests (no tool call) counts against the in-flight limit", async () => {
    // 100 tools/list in a 5 kB body take no slot: its answer is 100 tool lists, buffered for a
    // reader that never reads. Three such readers on a server allowing 2 requests in flight
    // must not all be served.
    const server = await start({ maxInflightRequests: 2 });
    const session = await openSession(server);
    const batch = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" })),
    );
    const statuses = await Promise.all(
      [0, 1, 2].map(() => rawStatus(server, rawPost(server, batch, session), "127.0.0.2")),
    );
    expect(statuses.filter((status) => status === 200).length, statuses.join(",")).toBeLessThanOrEqual(2);
  });
});
