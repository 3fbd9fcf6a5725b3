// Peer benchmark server: the SDK's McpServer + zod over its StdioServerTransport.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createSdkServer } from "./sdk-server.js";

await createSdkServer().connect(new StdioServerTransport());
