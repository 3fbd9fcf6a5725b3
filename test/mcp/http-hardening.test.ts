/**
 * serveHttp hardening: the default Host check of a loopback server, strict
 * Origin parsing, per-client session limits and the short idle time of unused
 * sessions. Raw node:http requests (fetch cannot set Host or a local address);
 * loopback only, every server closed after.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveHttp, type McpHttpServerHandle } from "@mcp-specgen/runtime";
import { defaultAllowedHosts, isLoopbackOrigin, originAllowed } from "../../packages/runtime/src/mcp/http-guards.js";
import { clientKeyOf } from "../../packages/runtime/src/mcp/http-sessions.js";
import type { IncomingMessage } from "node:http";
import { createTestRegistry } from "./fixtures/tools.js";
import { waitFor } from "./helpers.js";

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** POSTs `body` to the server with raw headers (Host included) from an optional local address. */
function rawPost(
  server: McpHttpServerHandle,
  body: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<RawResponse> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Opens a session (initialize, nothing else); returns its id. */
async function openSession(server: McpHttpServerHandle, localAddress?: string): Promise<RawResponse & { id?: string }> {
  const response = await rawPost(server, INITIALIZE, {}, localAddress);
  const id = response.headers["mcp-session-id"];
  return { ...response, id: typeof id === "string" ? id : undefined };
}

describe("Host check", () => {
  let server: McpHttpServerHandle;
  beforeAll(async () => {
    server = await serveHttp(createTestRegistry());
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a foreign Host by default on loopback, with a JSON-RPC error body", async () => {
    for (const host of [
      "evil.example.com",
      `evil.example.com:${server.port}`,
      "127.0.0.1.evil.example",
      `localhost:${server.port + 1}`,
    ]) {
      const response = await rawPost(server, INITIALIZE, { host });
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32000, message: expect.stringContaining("host") },
      });
    }
    expect(server.sessionCount).toBe(0);
  });

  it("accepts localhost, 127.0.0.1 and [::1] with the bound port or none", async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      "localhost",
      "LOCALHOST",
      `[::1]:${server.port}`,
      "127.0.0.1",
    ]) {
      expect((await rawPost(server, INITIALIZE, { host })).status, host).toBe(200);
    }
  });

  it("lets allowedHosts replace the default, and '*' turn the check off", async () => {
    const named = await serveHttp(createTestRegistry(), { allowedHosts: ["mcp.example.com"] });
    const any = await serveHttp(createTestRegistry(), { allowedHosts: ["*"] });
    try {
      expect((await rawPost(named, INITIALIZE, { host: "MCP.example.com" })).status).toBe(200);
      expect((await rawPost(named, INITIALIZE, { host: `127.0.0.1:${named.port}` })).status).toBe(403);
      expect((await rawPost(any, INITIALIZE, { host: "evil.example.com" })).status).toBe(200);
    } finally {
      await named.close();
      await any.close();
    }
  });

  it("lists the defaults only for loopback addresses", () => {
    expect(defaultAllowedHosts("127.0.0.1", 8080)).toEqual([
      "localhost",
      "localhost:8080",
      "127.0.0.1",
      "127.0.0.1:8080",
      "[::1]",
      "[::1]:8080",
    ]);
    expect(defaultAllowedHosts("127.0.0.2", 1)).toContain("127.0.0.2:1");
    expect(defaultAllowedHosts("::1", 1)).toContain("[::1]:1");
    expect(defaultAllowedHosts("0.0.0.0", 1)).toEqual([]);
    expect(defaultAllowedHosts("192.168.1.2", 1)).toEqual([]);
  });
});

describe("Origin check", () => {
  let server: McpHttpServerHandle;
  beforeAll(async () => {
    server = await serveHttp(createTestRegistry());
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    "https://[::1]:99999",
    "http://localhost:0",
    "http://localhost:65536",
    "http://localhost:080",
    "http://localhost:",
    "null",
    "http://user@localhost",
    "http://user:pw@127.0.0.1:3000",
    "http://127.1",
    "http://0x7f.0.0.1",
    "http://localhost.",
    "http://localhost/",
    "http://localhost/path",
    "http://localhost?x",
    "ftp://localhost",
    "file://localhost",
    "http://localhost.evil.example",
    "http://[::1",
    "http://::1",
  ])("refuses %j", async (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(false);
    const response = await rawPost(server, INITIALIZE, { origin });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe(-32000);
  });

  it.each([
    "http://localhost",
    "http://localhost:5173",
    "https://127.0.0.1:65535",
    "http://[::1]:1",
    "HTTP://LOCALHOST:3000",
  ])("accepts %j", async (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
    expect((await rawPost(server, INITIALIZE, { origin })).status).toBe(200);
  });

  it("refuses surrounding whitespace (HTTP trims it, direct callers may not)", () => {
    expect(isLoopbackOrigin(" http://localhost")).toBe(false);
    expect(isLoopbackOrigin("http://localhost\n")).toBe(false);
  });

  it("refuses a null origin even with '*', unless listed", () => {
    expect(originAllowed("null", ["*"])).toBe(false);
    expect(originAllowed("null", ["null"])).toBe(true);
    expect(originAllowed("https://app.example", ["*"])).toBe(true);
  });
});

describe("session limits", () => {
  it("one client exhausting its quota does not stop another client", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessionsPerClient: 3, maxSessions: 10 });
    try {
      for (let i = 0; i < 3; i++) expect((await openSession(server, "127.0.0.1")).status).toBe(200);
      const refused = await openSession(server, "127.0.0.1");
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
      // Another address on the loopback network: another client.
      const other = await openSession(server, "127.0.0.2");
      expect(other.status).toBe(200);
      expect(other.id).toBeTypeOf("string");
      expect(server.sessionCount).toBe(4);
    } finally {
      await server.close();
    }
  });

  it("counts concurrent initialize requests before they complete", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessionsPerClient: 2 });
    try {
      const statuses = (await Promise.all(Array.from({ length: 6 }, () => openSession(server))))
        .map((r) => r.status)
        .sort();
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      expect(server.sessionCount).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("reaps a session that was only initialized after the short idle time, and keeps one in use", async () => {
    const server = await serveHttp(createTestRegistry(), {
      unusedSessionIdleTimeoutMs: 150,
      sessionIdleTimeoutMs: 60_000,
    });
    try {
      const used = await openSession(server);
      const headers = { "mcp-session-id": used.id!, "mcp-protocol-version": "2025-11-25" };
      expect(
        (await rawPost(server, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), headers))
          .status,
      ).toBe(202);
      const unused = await openSession(server);
      expect(server.sessionCount).toBe(2);
      await waitFor(() => server.sessionCount === 1);
      // The used one is still there; the reaped one is gone (404 tells the client to re-initialize).
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
      expect((await rawPost(server, ping, headers)).status).toBe(200);
      expect((await rawPost(server, ping, { ...headers, "mcp-session-id": unused.id! })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("frees a client's quota as its sessions are reaped", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessionsPerClient: 1, unusedSessionIdleTimeoutMs: 100 });
    try {
      expect((await openSession(server)).status).toBe(200);
      expect((await openSession(server)).status).toBe(429);
      await waitFor(() => server.sessionCount === 0);
      expect((await openSession(server)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("tells clients apart by address, IPv6 by /64", () => {
    const key = (remoteAddress: string) => clientKeyOf({ socket: { remoteAddress } } as unknown as IncomingMessage);
    expect(key("127.0.0.1")).toBe("127.0.0.1");
    expect(key("::ffff:10.0.0.7")).toBe("10.0.0.7");
    expect(key("2001:db8::1")).toBe(key("2001:0db8:0:0:ffff::2"));
    expect(key("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
  });

  it("uses clientKey when given (e.g. behind a proxy)", async () => {
    const server = await serveHttp(createTestRegistry(), {
      maxSessionsPerClient: 1,
      clientKey: (req) => String(req.headers["x-client"] ?? "anonymous"),
    });
    try {
      expect((await rawPost(server, INITIALIZE, { "x-client": "a" })).status).toBe(200);
      expect((await rawPost(server, INITIALIZE, { "x-client": "a" })).status).toBe(429);
      expect((await rawPost(server, INITIALIZE, { "x-client": "b" })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("validates the limits", async () => {
    await expect(serveHttp(createTestRegistry(), { maxSessionsPerClient: 0 })).rejects.toThrow(RangeError);
    await expect(serveHttp(createTestRegistry(), { unusedSessionIdleTimeoutMs: -1 })).rejects.toThrow(RangeError);
  });
});
