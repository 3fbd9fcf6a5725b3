// The SDK 1.x McpServer + zod version of the get_sum tool (same result as ours:
// structuredContent plus its JSON text block), shared by the SDK peer servers.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function createSdkServer() {
  const server = new McpServer({ name: "bench-sdk", version: "1.0.0" });
  server.registerTool(
    "get_sum",
    {
      description: "Returns the sum of two numbers",
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { sum: z.number() },
    },
    async ({ a, b }) => {
      const data = { sum: a + b };
      return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
    },
  );
  return server;
}
