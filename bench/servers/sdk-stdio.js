// Peer benchmark server: the SDK's McpServer + zod with the same get_sum tool
// (same result: structuredContent plus its JSON text block).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

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
await server.connect(new StdioServerTransport());
