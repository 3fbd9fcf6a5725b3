// src/sdk-server.ts — the conformance tools inside an official SDK v2 McpServer, next to the
// resources, resource templates, prompts and completions the suite asks for (registered with the
// SDK's own API), served over Streamable HTTP on 127.0.0.1.
//
// Both protocol eras: 2026-07-28 requests go to the SDK's createMcpHandler (one server instance
// per request); 2025-era clients get a session each (a WebStandardStreamableHTTPServerTransport
// with an event store, so a stream closed mid-call can be resumed), which server-to-client
// requests (sampling, elicitation) need. Host and Origin are checked against DNS rebinding.
//
// Usage: node dist/src/sdk-server.js [--port N] [--max-seconds N]; prints {"url": …} when listening.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import {
  completable,
  createMcpHandler,
  type EventStore,
  hostHeaderValidationResponse,
  isLegacyRequest,
  type JSONRPCMessage,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
  ResourceTemplate,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import { registerTools } from "../generated/server.js";
import { handlers, RED_PIXEL_PNG } from "./handlers.js";
import { runUntilStopped, serverArgs } from "./lifetime.js";

const SERVER_INFO = { name: "mcp-specgen-conformance-sdk", version: "1.0.0" };

/** One server instance: the generated tools plus the SDK-registered resources, prompts and completions. */
function buildServer(): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { logging: {}, resources: { subscribe: true, listChanged: true }, prompts: {}, completions: {} },
  });

  const tools = registerTools(server, handlers);
  // test_reconnection closes its SSE stream mid-call (SEP-1699), which only the SDK's own request
  // context can do: the SDK registers that one tool itself, under the same name and schema.
  tools.test_reconnection?.remove();
  server.registerTool(
    "test_reconnection",
    {
      description: "Closes the SSE stream mid-call, then answers on the resumed stream (SEP-1699).",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    async (_args, ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ctx.http?.closeSSE?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { content: [{ type: "text", text: "Reconnection test completed successfully" }] };
    },
  );

  server.registerResource(
    "static-text",
    "test://static-text",
    { title: "Static text", description: "A static text resource for testing", mimeType: "text/plain" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: "This is the content of the static text resource." }],
    }),
  );
  server.registerResource(
    "static-binary",
    "test://static-binary",
    { title: "Static binary", description: "A static binary resource (a PNG) for testing", mimeType: "image/png" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "image/png", blob: RED_PIXEL_PNG }] }),
  );
  server.registerResource(
    "watched-resource",
    "test://watched-resource",
    { title: "Watched resource", description: "A resource clients may subscribe to", mimeType: "text/plain" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: "Watched resource content." }] }),
  );
  server.registerResource(
    "template-data",
    new ResourceTemplate("test://template/{id}/data", {
      list: undefined,
      complete: { id: (value) => ["123", "456", "789"].filter((id) => id.startsWith(value)) },
    }),
    { title: "Template data", description: "A resource template with an id parameter", mimeType: "application/json" },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );
  // resources/subscribe and resources/unsubscribe: McpServer has no API of its own for them.
  const subscriptions = new Set<string>();
  server.server.setRequestHandler("resources/subscribe", (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler("resources/unsubscribe", (request) => {
    subscriptions.delete(request.params.uri);
    return {};
  });

  server.registerPrompt(
    "test_simple_prompt",
    { title: "Simple prompt", description: "A simple prompt without arguments" },
    () => ({ messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }] }),
  );
  server.registerPrompt(
    "test_prompt_with_arguments",
    {
      title: "Prompt with arguments",
      description: "A prompt with two required arguments",
      argsSchema: z.object({
        arg1: completable(z.string().describe("First test argument"), (value) =>
          ["paris", "park", "party"].filter((word) => word.startsWith(value)),
        ),
        arg2: z.string().describe("Second test argument"),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: "user", content: { type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );
  server.registerPrompt(
    "test_prompt_with_embedded_resource",
    {
      title: "Prompt with an embedded resource",
      description: "A prompt that embeds the resource it is given",
      argsSchema: z.object({ resourceUri: z.string().describe("URI of the resource to embed") }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: "user",
          content: {
            type: "resource",
            resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." },
          },
        },
        { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
      ],
    }),
  );
  server.registerPrompt(
    "test_prompt_with_image",
    { title: "Prompt with an image", description: "A prompt with image content" },
    () => ({
      messages: [
        { role: "user", content: { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" } },
        { role: "user", content: { type: "text", text: "Please analyze the image above." } },
      ],
    }),
  );
  return server;
}

/** Keeps every event of every stream in memory, so a client can resume a stream after a disconnect. */
class MemoryEventStore implements EventStore {
  private readonly events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  private next = 0;

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}_${String(++this.next).padStart(10, "0")}`;
    this.events.set(id, { streamId, message });
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const streamId = this.events.get(lastEventId)?.streamId ?? "";
    let after = false;
    for (const [id, event] of this.events) {
      if (id === lastEventId) after = true;
      else if (after && event.streamId === streamId) await send(id, event.message);
    }
    return streamId;
  }
}

/** 2025-era sessions, by Mcp-Session-Id. */
const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }>();
const eventStore = new MemoryEventStore();

async function serveLegacy(request: Request): Promise<Response> {
  const sessionId = request.headers.get("mcp-session-id");
  if (sessionId !== null) {
    const session = sessions.get(sessionId);
    if (session === undefined) {
      return Response.json(
        { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null },
        { status: 404 },
      );
    }
    return session.transport.handleRequest(request);
  }
  const server = buildServer();
  let opened = false;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore,
    retryInterval: 500,
    onsessioninitialized: (id) => {
      opened = true;
      sessions.set(id, { transport, server });
    },
    onsessionclosed: (id) => {
      sessions.delete(id);
    },
  });
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  if (!opened) await server.close();
  return response;
}

const modern = createMcpHandler(() => buildServer(), { legacy: "reject" });

/** Routes one request: Host/Origin checks, then the 2025-era sessions or the 2026-07-28 handler. */
async function route(request: Request): Promise<Response> {
  const refused =
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
    originValidationResponse(request, localhostAllowedOrigins());
  if (refused) return refused;
  if (new URL(request.url).pathname !== "/mcp") return new Response("Not Found", { status: 404 });
  if (request.headers.has("mcp-session-id") || (await isLegacyRequest(request))) return serveLegacy(request);
  return modern.fetch(request);
}

// node:http ⇄ web Request/Response.

function toWebRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method: req.method ?? "GET", headers, signal };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, init);
}

async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on("close", () => {
    reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // the client went away
  }
  res.end();
}

const { port, maxSeconds } = serverArgs();
const http = createServer((req, res) => {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  let request: Request;
  try {
    request = toWebRequest(req, controller.signal);
  } catch {
    res.writeHead(400).end();
    return;
  }
  route(request)
    .then((response) => writeWebResponse(res, response))
    .catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: null }));
    });
});
http.listen(port, "127.0.0.1", () => {
  const address = http.address();
  const bound = typeof address === "object" && address !== null ? address.port : port;
  runUntilStopped(`http://127.0.0.1:${bound}/mcp`, maxSeconds, async () => {
    await Promise.allSettled([...sessions.values()].map((s) => s.server.close()));
    await modern.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
});
