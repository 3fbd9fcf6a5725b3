// The SDK v2 (`@modelcontextprotocol/server`) McpServer peers of the benchmark, both
// serving get_sum with the same result as ours (structuredContent plus its JSON text
// block):
// - "generated": the tool added from our registry by `registerSdkTools` (what
//   generated `registerTools` does): the exact JSON Schemas and the registry's
//   ajv validators, the SDK's own validation passing through;
// - "zod": the tool written by hand with zod 4 schemas, the SDK's usual way.
// The registry and the zod schemas are built once, at start-up: under
// createMcpHandler the factory runs per HTTP request, and generated code tells
// users to pass `registerTools` a registry built once for that reason.
import { registerSdkTools } from "@mcp-specgen/runtime";
import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { createSumRegistry } from "./registry.js";

const registry = createSumRegistry();
const SumInput = z.object({ a: z.number(), b: z.number() });
const SumOutput = z.object({ sum: z.number() });

export function createSdk2GeneratedServer() {
  const server = new McpServer({ name: "bench-sdk2-generated", version: "1.0.0" });
  registerSdkTools(server, registry);
  return server;
}

export function createSdk2ZodServer() {
  const server = new McpServer({ name: "bench-sdk2-zod", version: "1.0.0" });
  server.registerTool(
    "get_sum",
    {
      description: "Returns the sum of two numbers",
      inputSchema: SumInput,
      outputSchema: SumOutput,
    },
    async ({ a, b }) => {
      const data = { sum: a + b };
      return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
    },
  );
  return server;
}

/** The factory of the peer named on the command line ("generated" or "zod"). */
export function sdk2Factory(kind) {
  if (kind === "generated") return createSdk2GeneratedServer;
  if (kind === "zod") return createSdk2ZodServer;
  throw new Error(`unknown SDK v2 peer "${kind}" (expected "generated" or "zod")`);
}
