// Peer benchmark server: an SDK v2 McpServer over stdio, served by the SDK's
// `serveStdio(factory)` (its StdioServerTransport on this process's stdio; the
// connection's opening picks the era, 2025 `initialize` or 2026-07-28 envelope).
// Usage: node sdk2-stdio.js generated|zod
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { sdk2Factory } from "./sdk2-server.js";

serveStdio(sdk2Factory(process.argv[2]), { onerror: (err) => console.error(`sdk2-stdio: ${err.message}`) });
