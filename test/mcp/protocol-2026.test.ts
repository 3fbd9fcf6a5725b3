/**
 * serveStdio / serveHttp speak protocol revision 2026-07-28 beside the 2025 era:
 * SDK v2 clients negotiate it (server/discover, per-request envelope, cache hints,
 * input_required rounds for ctx.elicit), SDK v1 clients keep the 2025 handshake
 * (ctx.elicit as a server-to-client request), and raw HTTP checks the header
 * rules (Mcp-Method / Mcp-Name / MCP-Protocol-Version), the envelope checks and
 * the Host check of loopback binds.
 */
import { request as httpRequest } from "node:http";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioTransportV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioTransportV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fromCallToolResult,
  serveHttp,
  serveStdio,
  toCallToolResult,
  type McpHttpServerHandle,
} from "@mcp-specgen/runtime";
import { failure, success } from "@mcp-specgen/runtime";
import { createEraRegistry, runs } from "./fixtures/era-tools.js";
import { tsChildArgs } from "../helpers/ts-child.js";

const MODERN = "2026-07-28";
const PV = "io.modelcontextprotocol/protocolVersion";
const CAPS = "io.modelcontextprotocol/clientCapabilities";
const INFO = "io.modelcontextprotocol/clientInfo";
const LOG_LEVEL = "io.modelcontextprotocol/logLevel";
const SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** The first content block of a CallToolResult, parsed as JSON. */
function firstJson(result: object): unknown {
  return JSON.parse((result as { content: { text: string }[] }).content[0].text);
}

const ERA_SERVER = fileURLToPath(new URL("./fixtures/era-server.ts", import.meta.url));
const stdioParams = { command: process.execPath, args: tsChildArgs(ERA_SERVER) };

/** Things to close after each test (servers, clients), last opened first. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});

async function startHttp(options: Parameters<typeof serveHttp>[1] = {}): Promise<McpHttpServerHandle> {
  const server = await serveHttp(createEraRegistry(), {
    host: "127.0.0.1",
    port: 0,
    name: "era-http",
    version: "2.0.0",
    ...options,
  });
  cleanups.push(() => server.close());
  return server;
}

/** An SDK v2 client that negotiates the era (`versionNegotiation: auto`) and answers elicitations. */
function v2Client(answers: string[] = [], capabilities: Record<string, unknown> = { elicitation: {} }) {
  const client = new ClientV2(
    { name: "v2-test", version: "1.0.0" },
    { capabilities, versionNegotiation: { mode: "auto" } },
  );
  const asked: string[] = [];
  if ("elicitation" in capabilities) {
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push((request.params as { message: string }).message);
      const name = answers.shift();
      return name === undefined ? { action: "decline" } : { action: "accept", content: { name } };
    });
  }
  cleanups.push(() => client.close());
  return { client, asked };
}

/** The calls every v2 connection must get right, whatever the transport. */
async function exerciseV2(connect: (client: ClientV2) => Promise<void>): Promise<void> {
  const { client, asked } = v2Client(["Ada", "Lovelace", "Grace"]);
  await connect(client);
  expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
  expect(client.getProtocolEra()).toBe("modern");
  expect(client.getServerVersion()).toMatchObject({ name: expect.stringMatching(/^era-/), version: "2.0.0" });
  expect(client.getServerCapabilities()).toMatchObject({ tools: {} });

  const listed = await client.listTools();
  expect(listed.tools.map((t) => t.name)).toContain("get_sum");
  expect(listed).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
  // Any JSON Schema as outputSchema (SEP-2106).
  expect(listed.tools.find((t) => t.name === "numbers")?.outputSchema).toMatchObject({ type: "array" });

  const sum = await client.callTool({ name: "get_sum", arguments: { a: 2, b: 3 } });
  expect(sum.structuredContent).toEqual({ sum: 5 });
  expect(sum.isError).toBeFalsy();

  // SEP-2106: an array as structuredContent (a 2025 client gets text only).
  const numbers = await client.callTool({ name: "numbers", arguments: {} });
  expect(numbers.structuredContent).toEqual([1, 2, 3]);
  expect(fromCallToolResult(numbers)).toMatchObject({ status: "success", data: [1, 2, 3] });

  // A failure of a tool with an outputSchema carries the error as structuredContent on 2026-07-28.
  const broken = await client.callTool({ name: "broken", arguments: {} });
  expect(broken.isError).toBe(true);
  expect(broken.structuredContent).toEqual({
    error_type: "ResourceNotFound",
    error_message: "nothing here",
    error_details: { id: 7 },
  });
  expect(fromCallToolResult(broken)).toMatchObject({ status: "failure", error: { error_type: "ResourceNotFound" } });

  const progress: { progress: number; total?: number }[] = [];
  const done = await client.callTool(
    { name: "progress", arguments: {} },
    { onprogress: (p) => void progress.push({ progress: p.progress, total: p.total }) },
  );
  expect(done.isError).toBeFalsy();
  // The server writes the three notifications before the result, in order; the SDK's client
  // may still be running its handlers for the last ones when the call's promise resolves
  // (they arrive in one read on a busy machine), so wait for them rather than race them.
  await vi.waitFor(() => expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]), { timeout: 2_000 });

  // One elicitation: one input_required round, answered by the client's handler.
  const one = await client.callTool({ name: "ask", arguments: {} });
  expect(one.content[0]).toEqual({ type: "text", text: JSON.stringify({ action: "accept", name: "Ada" }) });
  expect(asked).toEqual(["Your name?"]);

  // Two elicitations: two rounds, and the handler gets both answers in the end.
  const two = await client.callTool({ name: "ask_twice", arguments: {} });
  expect(JSON.parse((two.content[0] as { text: string }).text)).toEqual({ first: "Lovelace", second: "Grace" });
  expect(asked).toEqual(["Your name?", "First name?", "Last name?"]);
}

describe("SDK v2 client, 2026-07-28", () => {
  it("over Streamable HTTP: discover, cache hints, calls, progress, elicitation rounds", async () => {
    const server = await startHttp();
    const before = runs.ask_twice;
    await exerciseV2((client) => client.connect(new HttpTransportV2(new URL(server.url))));
    expect(server.sessionCount).toBe(0); // stateless: no Mcp-Session-Id
    expect(runs.ask_twice - before).toBe(3); // replay: the handler ran once per round
  });

  it("over stdio", async () => {
    await exerciseV2((client) => client.connect(new StdioTransportV2({ ...stdioParams, stderr: "ignore" })));
  });

  it("ctx.createMessage round-trips through input_required to the client's sampling handler", async () => {
    const server = await startHttp();
    const { client } = v2Client([], { sampling: {} });
    client.setRequestHandler("sampling/createMessage", async () => ({
      role: "assistant",
      content: { type: "text", text: "hi" },
      model: "test-model",
    }));
    await client.connect(new HttpTransportV2(new URL(server.url)));
    const result = await client.callTool({ name: "sample", arguments: {} });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      model: "test-model",
      content: { type: "text", text: "hi" },
    });
  });

  it("a handler's ctx.elicit is refused (ClientRequestError) when the envelope declares no elicitation", async () => {
    const server = await startHttp();
    const { client } = v2Client([], {});
    await client.connect(new HttpTransportV2(new URL(server.url)));
    const result = await client.callTool({ name: "ask_or_fallback", arguments: {} });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
      asked: false,
      error: "ClientRequestError",
    });
  });
});

describe("SDK v1 client, 2025 era", () => {
  /** A v1 client with an elicitation handler that answers `name`. */
  function v1Client(name: string) {
    const client = new ClientV1({ name: "v1-test", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return { action: "accept", content: { name } };
    });
    cleanups.push(() => client.close());
    return { client, asked };
  }

  async function exerciseV1(client: ClientV1, asked: unknown[]): Promise<void> {
    expect(client.getServerVersion()).toMatchObject({ version: "2.0.0" });
    const sum = await client.callTool({ name: "get_sum", arguments: { a: 1, b: 2 } });
    expect(sum.structuredContent).toEqual({ sum: 3 });
    // 2025: an array is never structuredContent, and an error of a tool with an outputSchema has none.
    const numbers = await client.callTool({ name: "numbers", arguments: {} });
    expect(numbers.structuredContent).toBeUndefined();
    const broken = await client.callTool({ name: "broken", arguments: {} });
    expect(broken).toMatchObject({ isError: true });
    expect(broken.structuredContent).toBeUndefined();
    // Without an outputSchema the error detail is structuredContent.
    const oops = await client.callTool({ name: "oops", arguments: {} });
    expect(oops.structuredContent).toEqual({ error_type: "ResourceNotFound", error_message: "gone" });
    // ctx.elicit: a real elicitation/create request; the handler runs once.
    const answer = await client.callTool({ name: "ask", arguments: {} });
    expect(firstJson(answer)).toEqual({ action: "accept", name: "Bob" });
    expect(asked).toEqual([
      {
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      },
    ]);
    const listed = await client.listTools();
    expect((listed as Record<string, unknown>).ttlMs).toBeUndefined(); // no 2026 fields on 2025 results
    // A non-object outputSchema cannot be listed to a 2025 client (SDK 1.x would reject the whole list).
    expect(listed.tools.find((t) => t.name === "numbers")).not.toHaveProperty("outputSchema");
    expect(listed.tools.find((t) => t.name === "get_sum")).toHaveProperty("outputSchema");
  }

  it("over stdio: initialize, calls, ctx.elicit as elicitation/create", async () => {
    const { client, asked } = v1Client("Bob");
    await client.connect(new StdioTransportV1({ ...stdioParams, stderr: "ignore" }));
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    await exerciseV1(client, asked);
  });

  it("over Streamable HTTP (stateful SSE)", async () => {
    const server = await startHttp();
    const { client, asked } = v1Client("Bob");
    await client.connect(new HttpTransportV1(new URL(server.url)));
    expect(server.sessionCount).toBe(1);
    await exerciseV1(client, asked);
  });

  it("a client without the elicitation capability gets no request: the handler sees ClientRequestError", async () => {
    const server = await startHttp();
    const client = new ClientV1({ name: "v1-test", version: "1.0.0" });
    cleanups.push(() => client.close());
    await client.connect(new HttpTransportV1(new URL(server.url)));
    const result = await client.callTool({ name: "ask_or_fallback", arguments: {} });
    expect(firstJson(result)).toMatchObject({ asked: false, error: "ClientRequestError" });
  });

  it("cancelling a call that waits for the user cancels the elicitation/create request too", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const handle = await serveStdio(createEraRegistry(), { stdin, stdout });
    cleanups.push(() => handle.close());
    const lines: Record<string, any>[] = [];
    let buffer = "";
    stdout.setEncoding("utf8");
    stdout.on("data", (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        lines.push(JSON.parse(buffer.slice(0, nl)));
        buffer = buffer.slice(nl + 1);
      }
    });
    const until = async (match: (m: Record<string, any>) => boolean) => {
      for (let i = 0; i < 200; i++) {
        const found = lines.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error("timed out");
    };
    const send = (m: unknown) => stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: { elicitation: {} },
        clientInfo: { name: "raw", version: "1" },
      },
    });
    await until((m) => m.id === 1);
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ask_slowly", arguments: {} } });
    const ask = await until((m) => m.method === "elicitation/create");
    expect(ask.params).toEqual({
      message: "Take your time",
      requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } });
    const cancelled = await until((m) => m.method === "notifications/cancelled");
    expect(cancelled.params).toMatchObject({ requestId: ask.id });
    // A late answer is ignored, and the session still works.
    send({ jsonrpc: "2.0", id: ask.id, result: { action: "accept", content: { name: "late" } } });
    send({ jsonrpc: "2.0", id: 3, method: "ping" });
    expect(await until((m) => m.id === 3)).toEqual({ jsonrpc: "2.0", id: 3, result: {} });
    expect(lines.some((m) => m.id === 2)).toBe(false); // cancelled calls are not answered on stdio
  });
});

// ---------------------------------------------------------------- raw HTTP

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** POSTs `body` with exactly these headers (node:http: fetch cannot set Host). */
function rawPost(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const target = new URL(url);
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const envelope = (extra: Record<string, unknown> = {}) => ({
  [PV]: MODERN,
  [CAPS]: {},
  [INFO]: { name: "raw", version: "1" },
  ...extra,
});

/** A 2026-07-28 request and the standard headers SEP-2243 requires for it. */
function modern(method: string, params: Record<string, unknown> = {}, id: number | string = 1) {
  const headers: Record<string, string> = { "mcp-protocol-version": MODERN, "mcp-method": method };
  if (typeof params.name === "string") headers["mcp-name"] = params.name;
  return {
    body: { jsonrpc: "2.0", id, method, params: { ...params, _meta: { ...envelope(), ...(params._meta as object) } } },
    headers,
  };
}

/** The events of an SSE body. */
function sseMessages(text: string): any[] {
  return text
    .split("\n\n")
    .filter((frame) => frame.includes("data: "))
    .map((frame) => JSON.parse(frame.slice(frame.indexOf("data: ") + 6)));
}

describe("raw HTTP, 2026-07-28", () => {
  it("server/discover: versions, capabilities, cache hints, identity; no session", async () => {
    const server = await startHttp({ instructions: "Be nice." });
    const { body, headers } = modern("server/discover");
    const res = await rawPost(server.url, body, headers);
    expect(res.status).toBe(200);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
    expect(res.json).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        resultType: "complete",
        supportedVersions: [MODERN],
        capabilities: { tools: { listChanged: false }, logging: {} },
        instructions: "Be nice.",
        ttlMs: 60_000,
        cacheScope: "public",
        _meta: { [SERVER_INFO]: { name: "era-http", version: "2.0.0" } },
      },
    });
  });

  it("tools/list carries resultType and the cache hints of cacheTtlMs", async () => {
    const server = await startHttp({ cacheTtlMs: 5000 });
    const { body, headers } = modern("tools/list");
    const res = await rawPost(server.url, body, headers);
    expect(res.json.result).toMatchObject({ resultType: "complete", ttlMs: 5000, cacheScope: "public" });
    expect(res.json.result.tools.length).toBeGreaterThan(3);
  });

  it("Mcp-Method / Mcp-Name / MCP-Protocol-Version that disagree with the body: 400, -32020", async () => {
    const server = await startHttp();
    const call = modern("tools/call", { name: "get_sum", arguments: { a: 1, b: 1 } });
    const cases: [string, Record<string, string | undefined>, string][] = [
      ["Mcp-Method mismatch", { "mcp-method": "tools/list" }, "the Mcp-Method header names tools/list"],
      ["Mcp-Method missing", { "mcp-method": undefined }, "the required Mcp-Method header is absent"],
      ["Mcp-Name mismatch", { "mcp-name": "other" }, 'the Mcp-Name header names "other"'],
      ["Mcp-Name missing", { "mcp-name": undefined }, "the required Mcp-Name header is absent"],
      ["Mcp-Name bad sentinel", { "mcp-name": "=?base64?***?=" }, "invalid Base64 sentinel"],
      [
        "version mismatch",
        { "mcp-protocol-version": "2025-11-25" },
        "the MCP-Protocol-Version header names 2025-11-25",
      ],
      ["version missing", { "mcp-protocol-version": undefined }, "the required MCP-Protocol-Version header is absent"],
    ];
    for (const [name, change, text] of cases) {
      const headers: Record<string, string> = { ...call.headers };
      for (const [key, value] of Object.entries(change)) {
        if (value === undefined) delete headers[key];
        else headers[key] = value;
      }
      const res = await rawPost(server.url, call.body, headers);
      expect(res.status, name).toBe(400);
      expect(res.json, name).toMatchObject({
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32020, message: expect.stringContaining(text), data: { mismatch: expect.any(Object) } },
      });
    }
    // A Base64-encoded Mcp-Name that decodes to the body's name is accepted.
    const encoded = `=?base64?${Buffer.from("get_sum").toString("base64")}?=`;
    const ok = await rawPost(server.url, call.body, { ...call.headers, "mcp-name": encoded });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toMatchObject({ resultType: "complete", structuredContent: { sum: 2 } });
  });

  it("checks the envelope: malformed → -32602, unsupported revision → -32022, missing with a 2026 header → -32602", async () => {
    const server = await startHttp();
    const noCaps = { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: { [PV]: MODERN } } };
    const bad = await rawPost(server.url, noCaps, { "mcp-protocol-version": MODERN, "mcp-method": "tools/list" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: -32602, data: { envelope: { key: CAPS, problem: "missing" } } });

    const future = { jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: envelope({ [PV]: "2099-01-01" }) } };
    const unsupported = await rawPost(server.url, future, {
      "mcp-protocol-version": "2099-01-01",
      "mcp-method": "tools/list",
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.json).toMatchObject({
      id: 3,
      error: { code: -32022, data: { supported: [MODERN], requested: "2099-01-01" } },
    });

    const bare = { jsonrpc: "2.0", id: 4, method: "tools/list", params: {} };
    const missing = await rawPost(server.url, bare, { "mcp-protocol-version": MODERN, "mcp-method": "tools/list" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: -32602, data: { envelope: { missing: ["_meta"] } } });

    // Methods the revision does not have: -32601, HTTP 404 (as SDK v2).
    const ping = modern("ping");
    const gone = await rawPost(server.url, ping.body, ping.headers);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe(-32601);

    // A batch may not hold 2026-07-28 requests.
    const batch = await rawPost(server.url, [modern("tools/list").body]);
    expect(batch.status).toBe(400);
    expect(batch.json.error.code).toBe(-32600);
  });

  it("answers input_required and resumes with inputResponses + requestState", async () => {
    const server = await startHttp();
    const caps = { elicitation: {} };
    const first = modern("tools/call", { name: "ask_twice", arguments: {}, _meta: { [CAPS]: caps } });
    const r1 = await rawPost(server.url, first.body, first.headers);
    expect(r1.json.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { "elicit-1": { method: "elicitation/create", params: { message: "First name?" } } },
      requestState: expect.any(String),
    });
    const answer = (name: string) => ({ action: "accept", content: { name } });
    const second = modern("tools/call", {
      name: "ask_twice",
      arguments: {},
      inputResponses: { "elicit-1": answer("A") },
      requestState: r1.json.result.requestState,
      _meta: { [CAPS]: caps },
    });
    const r2 = await rawPost(server.url, second.body, second.headers);
    expect(Object.keys(r2.json.result.inputRequests)).toEqual(["elicit-2"]);
    // Only the latest round's answer is sent: the first one travels in requestState.
    const third = modern("tools/call", {
      name: "ask_twice",
      arguments: {},
      inputResponses: { "elicit-2": answer("B") },
      requestState: r2.json.result.requestState,
      _meta: { [CAPS]: caps },
    });
    const r3 = await rawPost(server.url, third.body, third.headers);
    expect(r3.json.result).toMatchObject({ resultType: "complete" });
    expect(JSON.parse(r3.json.result.content[0].text)).toEqual({ first: "A", second: "B" });
  });

  it("streams progress and logs (only at the envelope's log level) as SSE before the response", async () => {
    const server = await startHttp();
    const withLogs = modern("tools/call", {
      name: "progress",
      arguments: {},
      _meta: { progressToken: "p", [LOG_LEVEL]: "info" },
    });
    const res = await rawPost(server.url, withLogs.body, withLogs.headers);
    expect(res.headers["content-type"]).toBe("text/event-stream");
    const messages = sseMessages(res.text);
    expect(messages.filter((m) => m.method === "notifications/progress").map((m) => m.params.progress)).toEqual([
      1, 2, 3,
    ]);
    expect(messages.filter((m) => m.method === "notifications/message")).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({ id: 1, result: { resultType: "complete" } });

    const quiet = modern("tools/call", { name: "progress", arguments: {} });
    const plain = await rawPost(server.url, quiet.body, quiet.headers);
    // No progress token, no log level: nothing to stream, a plain JSON answer.
    expect(plain.headers["content-type"]).toBe("application/json");
    expect(plain.json.result.structuredContent).toBeUndefined();
  });

  it("2025 requests on the same endpoint still need initialize and Mcp-Session-Id", async () => {
    const server = await startHttp();
    const list = await rawPost(server.url, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(list.status).toBe(400);
    expect(list.json.error.message).toContain("Mcp-Session-Id");
    const init = await rawPost(server.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: MODERN, capabilities: {}, clientInfo: { name: "x", version: "1" } },
    });
    // A 2026 version asked through initialize gets the latest 2025 one: that era has no initialize.
    expect(init.status).toBe(200);
    expect(sseMessages(init.text)[0].result.protocolVersion).toBe("2025-11-25");
  });
});

describe("raw HTTP, Host check on loopback binds", () => {
  const INITIALIZE = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
  };

  it("refuses a foreign Host (no Origin) with 403 and a JSON-RPC error, for both eras", async () => {
    const server = await startHttp();
    const refused = await rawPost(server.url, INITIALIZE, { host: "evil.example.com" });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
    const discover = modern("server/discover");
    const modernRefused = await rawPost(server.url, discover.body, {
      ...discover.headers,
      host: `evil.example.com:${server.port}`,
    });
    expect(modernRefused.status).toBe(403);
    // The conformance suite's dns-rebinding scenario: Host and Origin both foreign.
    const both = await rawPost(server.url, INITIALIZE, { host: "evil.example.com", origin: "http://evil.example.com" });
    expect(both.status).toBe(403);
  });

  it("accepts the loopback forms with the bound port", async () => {
    const server = await startHttp();
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`]) {
      const discover = modern("server/discover");
      const res = await rawPost(server.url, discover.body, { ...discover.headers, host, origin: `http://${host}` });
      expect(res.status, host).toBe(200);
    }
  });

  it("allowedHosts overrides the default", async () => {
    const server = await startHttp({ allowedHosts: ["mcp.example.com"] });
    const discover = modern("server/discover");
    expect((await rawPost(server.url, discover.body, { ...discover.headers, host: "mcp.example.com" })).status).toBe(
      200,
    );
    expect(
      (await rawPost(server.url, discover.body, { ...discover.headers, host: `127.0.0.1:${server.port}` })).status,
    ).toBe(403);
  });
});

describe("toCallToolResult / fromCallToolResult by revision", () => {
  const withOutput = { outputSchema: { type: "object" } };
  const noOutput = {};

  it("failures: the error as structuredContent without an outputSchema, and always on 2026-07-28", () => {
    const failed = failure("ResourceNotFound", "gone");
    const detail = { error_type: "ResourceNotFound", error_message: "gone" };
    expect(toCallToolResult(withOutput, failed).structuredContent).toBeUndefined();
    expect(toCallToolResult(noOutput, failed).structuredContent).toEqual(detail);
    expect(toCallToolResult(withOutput, failed, { protocolVersion: MODERN }).structuredContent).toEqual(detail);
    expect(toCallToolResult(withOutput, failed, { protocolVersion: "2025-06-18" }).structuredContent).toBeUndefined();
    expect(fromCallToolResult(toCallToolResult(noOutput, failed))).toMatchObject({ status: "failure", error: detail });
  });

  it("successes: any JSON data is structuredContent on 2026-07-28 (objects only before)", () => {
    for (const data of [[1, 2], 42, "text", true]) {
      expect(toCallToolResult(withOutput, success(data)).structuredContent).toBeUndefined();
      const wire = toCallToolResult(withOutput, success(data), { protocolVersion: MODERN });
      expect(wire.structuredContent).toEqual(data);
      expect(fromCallToolResult(wire)).toMatchObject({ status: "success", data });
      expect(fromCallToolResult(wire).explanation).toBeUndefined();
    }
    const nothing = toCallToolResult(withOutput, success(null), { protocolVersion: MODERN });
    expect(nothing).toMatchObject({ structuredContent: null, content: [{ type: "text", text: "null" }] });
    expect(fromCallToolResult(nothing)).toMatchObject({ status: "success", data: null });
    expect(toCallToolResult(noOutput, success([1]), { protocolVersion: MODERN }).structuredContent).toBeUndefined();
  });

  it("reads the error from structuredContent of an isError result (other servers' text aside)", () => {
    const result = fromCallToolResult({
      isError: true,
      content: [{ type: "text", text: "Something broke" }],
      structuredContent: { error_type: "Busy", error_message: "try later" },
    });
    expect(result).toMatchObject({ status: "failure", error: { error_type: "Busy" }, explanation: "Something broke" });
  });
});
