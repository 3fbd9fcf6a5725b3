// src/sdk-server.ts — the generated tools inside an official MCP SDK v2 server, beside the SDK's own resources and prompts.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
} from "@modelcontextprotocol/server";
import { sdkClientTransport } from "@mcp-specgen/runtime";
import { z } from "zod";
import { createClient } from "../generated/client.js";
import { createRegistry, registerTools } from "../generated/server.js";
import { handlers } from "./handlers.js";

// SDK v2 builds a server per request and answers 2026-07-28 and 2025 clients alike;
// the registry (validation, time limits, trust policy, audit) is built once.
const registry = createRegistry(handlers);
const mcp = createMcpHandler(() => {
  const server = new McpServer({ name: "greeter", version: "1.0.0" });
  registerTools(server, registry);
  server.registerResource("languages", "greeter://languages", { mimeType: "application/json" }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(["en", "fr", "de"]) }],
  }));
  server.registerPrompt("welcome", { argsSchema: z.object({ name: z.string() }) }, ({ name }) => ({
    messages: [{ role: "user", content: { type: "text", text: `Greet ${name} in their own language.` } }],
  }));
  return server;
});
// The SDK's entry leaves DNS-rebinding checks to its host: refuse foreign Host and Origin headers.
const guarded = {
  fetch: (request: Request) =>
    Promise.resolve(
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
        originValidationResponse(request, localhostAllowedOrigins()) ??
        mcp.fetch(request),
    ),
};
const handle = toNodeHandler(guarded);
// (The adapter's structural request type does not accept `method?: string | undefined`
// under exactOptionalPropertyTypes; a Node request is what it wants.)
const http = createServer((req, res) => void handle(req as Parameters<typeof handle>[0], res));
http.listen(0, "127.0.0.1");
await once(http, "listening");
const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);

// Your SDK client (auth, capabilities, handlers: all yours), under the generated typed client.
const sdk = new Client({ name: "greeter-app", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
await sdk.connect(new StreamableHTTPClientTransport(url));
try {
  console.log(sdk.getNegotiatedProtocolVersion()); // 2026-07-28
  const client = createClient(sdkClientTransport(sdk));
  console.log(await client.greeter.getGreeting({ name: "Lin", language: "fr" })); // { greeting: "Bonjour, Lin!", … }
  const { contents } = await sdk.readResource({ uri: "greeter://languages" });
  console.log(contents[0] && "text" in contents[0] ? contents[0].text : ""); // ["en","fr","de"]
} finally {
  await sdk.close();
  http.close();
}
