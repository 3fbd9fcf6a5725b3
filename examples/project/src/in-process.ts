// src/in-process.ts — the registry and the client in one process, no transport in between.
import { inProcessTransport, ToolCallError } from "@mcp-specgen/runtime";
import { createClient, createRawClient } from "../generated/client.js";
import { createRegistry } from "../generated/server.js";
import { handlers } from "./handlers.js";

const registry = createRegistry(handlers, {
  defaultTimeoutMs: 5_000, // per call; a handler past it gets TimeoutError and its ctx.signal aborted
  onAudit: (record) => console.error(`${record.tool} ${record.status} in ${record.durationMs.toFixed(1)} ms`),
});

const client = createClient(inProcessTransport(registry));
console.log(await client.greeter.getGreeting({ name: "Ada" })); // { greeting: "Hello, Ada!", language: "en" }

try {
  // Arguments are checked against the spec before the handler runs.
  await client.greeter.getGreeting({ name: "" });
} catch (error) {
  if (!(error instanceof ToolCallError)) throw error;
  console.log(error.detail.error_type, error.detail.error_message); // ValidationError …
}

// The raw client resolves with the whole MCPToolResult, failures included.
const raw = createRawClient(inProcessTransport(registry));
console.log((await raw.greeter.getGreeting({ name: "" })).status); // failure
