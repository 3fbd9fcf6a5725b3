// src/fast-server.ts — the conformance tools on the runtime's own Streamable HTTP server (serveHttp).
// Usage: node dist/src/fast-server.js [--port N] [--max-seconds N]; prints {"url": …} when listening.
import { serveHttp } from "@mcp-specgen/runtime";
import { createRegistry } from "../generated/server.js";
import { handlers } from "./handlers.js";
import { runUntilStopped, serverArgs } from "./lifetime.js";

const { port, maxSeconds } = serverArgs();
const server = await serveHttp(createRegistry(handlers), {
  name: "mcp-specgen-conformance-fast",
  version: "1.0.0",
  host: "127.0.0.1",
  port,
});
runUntilStopped(server.url, maxSeconds, () => server.close());
