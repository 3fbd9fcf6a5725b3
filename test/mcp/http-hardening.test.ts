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

const PING = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
const sessionHeaders = (id: string) => ({ "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" });

describe("session limits", () => {
  it("a client at its quota replaces its own least recently used session; others keep theirs", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessionsPerClient: 3, maxSessions: 10 });
    try {
      const other = await openSession(server, "127.0.0.2");
      const own = [];
      for (let i = 0; i < 3; i++) own.push(await openSession(server, "127.0.0.1"));
      // Use the first: the second becomes the least recently used.
      expect((await rawPost(server, PING, sessionHeaders(own[0].id!), "127.0.0.1")).status).toBe(200);
      const fourth = await openSession(server, "127.0.0.1");
      expect(fourth.status).toBe(200);
      expect(server.sessionCount).toBe(4);
      expect(server.stats.evictedSessions).toBe(1);
      const statusOf = async (id: string) => (await rawPost(server, PING, sessionHeaders(id))).status;
      expect(await statusOf(own[1].id!)).toBe(404);
      for (const kept of [own[0], own[2], fourth, other]) expect(await statusOf(kept.id!)).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("evicts sessions never used after initialize before used ones", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessions: 2 });
    try {
      const used = await openSession(server);
      const unused = await openSession(server);
      // `used` is the least recently seen, but it has been used: `unused` goes first.
      expect((await rawPost(server, PING, sessionHeaders(used.id!))).status).toBe(200);
      const third = await openSession(server);
      const statuses = [];
      for (const s of [used, unused, third]) statuses.push((await rawPost(server, PING, sessionHeaders(s.id!))).status);
      expect(statuses).toEqual([200, 404, 200]);
    } finally {
      await server.close();
    }
  });

  it("never lets concurrent initialize requests overshoot the quota", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessionsPerClient: 2 });
    try {
      const responses = await Promise.all(Array.from({ length: 6 }, () => openSession(server)));
      for (const response of responses) {
        expect([200, 429]).toContain(response.status);
        if (response.status === 429) expect(response.headers["retry-after"]).toBe("1");
      }
      expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
      expect(server.sessionCount).toBeLessThanOrEqual(2);
    } finally {
      await server.close();
    }
  });

  it("refuses a newcomer (429, Retry-After) only while every candidate session has a call in flight", async () => {
    const server = await serveHttp(createTestRegistry(), { maxSessionsPerClient: 1 });
    try {
      const busy = await openSession(server);
      const call = rawPost(
        server,
        JSON.stringify({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "slow", arguments: { ms: 300 } },
        }),
        sessionHeaders(busy.id!),
      );
      await waitFor(() => server.stats.inflightRequests === 1);
      const refused = await openSession(server);
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toBe("1");
      expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: -32000 } });
      expect((await call).status).toBe(200);
      expect((await openSession(server)).status).toBe(200);
      expect((await rawPost(server, PING, sessionHeaders(busy.id!))).status).toBe(404);
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
      await waitFor(() => server.sessionCount === 1, 3_000);
      // The used one is still there; the reaped one is gone (404 tells the client to re-initialize).
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
      expect((await rawPost(server, ping, headers)).status).toBe(200);
      expect((await rawPost(server, ping, { ...headers, "mcp-session-id": unused.id! })).status).toBe(404);
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
      const first = await rawPost(server, INITIALIZE, { "x-client": "a" });
      const b = await rawPost(server, INITIALIZE, { "x-client": "b" });
      // The second session of "a" replaces its first, not the session of "b".
      expect((await rawPost(server, INITIALIZE, { "x-client": "a" })).status).toBe(200);
      const statusOf = async (r: RawResponse) =>
        (await rawPost(server, PING, sessionHeaders(r.headers["mcp-session-id"] as string))).status;
      expect(await statusOf(first)).toBe(404);
      expect(await statusOf(b)).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("validates the limits", async () => {
    await expect(serveHttp(createTestRegistry(), { maxSessionsPerClient: 0 })).rejects.toThrow(RangeError);
    await expect(serveHttp(createTestRegistry(), { unusedSessionIdleTimeoutMs: -1 })).rejects.toThrow(RangeError);
  });
});
