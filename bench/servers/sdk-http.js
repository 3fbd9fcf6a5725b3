// Peer benchmark server: the SDK's McpServer + zod over StreamableHTTPServerTransport
// on node:http, the way the SDK's examples do it (stateful: one McpServer and
// transport per session; stateless: both created per request).
// Prints its URL on the first stdout line. Usage: node sdk-http.js [stateless]
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createSdkServer } from "./sdk-server.js";

const stateless = process.argv[2] === "stateless";
const sessions = new Map();

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined);
      } catch (err) {
        reject(err);
      }
    });
  });
}

const http = createServer(async (req, res) => {
  const body = req.method === "POST" ? await readJson(req) : undefined;
  if (stateless) {
    const server = createSdkServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    return;
  }
  const id = req.headers["mcp-session-id"];
  let transport = id ? sessions.get(id) : undefined;
  if (transport === undefined) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sid) => sessions.set(sid, transport),
    });
    await createSdkServer().connect(transport);
  }
  await transport.handleRequest(req, res, body);
});
http.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
