// Peer benchmark server: an SDK v2 McpServer over Streamable HTTP on node:http
// (through ./node-fetch.js, the SDK's HTTP serving being fetch-style).
// - stateless: `createMcpHandler(factory)`, the SDK v2 entry (a fresh McpServer per
//   request; 2025 requests through its stateless legacy fallback, 2026-07-28 ones natively);
// - stateful: one McpServer and WebStandardStreamableHTTPServerTransport (with a
//   sessionIdGenerator) per session, the way sdk-http.js serves SDK 1.x.
// Prints its URL on the first stdout line. Usage: node sdk2-http.js generated|zod [stateless]
import { randomUUID } from "node:crypto";
import { createMcpHandler, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { listenFetch } from "./node-fetch.js";
import { sdk2Factory } from "./sdk2-server.js";

const factory = sdk2Factory(process.argv[2]);
const onerror = (err) => console.error(`sdk2-http: ${err.message}`);

if (process.argv[3] === "stateless") {
  listenFetch(createMcpHandler(factory, { onerror }).fetch);
} else {
  const sessions = new Map();
  listenFetch(async (request) => {
    const id = request.headers.get("mcp-session-id");
    let transport = id ? sessions.get(id) : undefined;
    if (transport === undefined) {
      transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sid) => sessions.set(sid, transport),
        onsessionclosed: (sid) => sessions.delete(sid),
      });
      transport.onerror = onerror;
      await factory({ era: "legacy" }).connect(transport);
    }
    return transport.handleRequest(request);
  });
}
