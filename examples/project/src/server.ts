// src/server.ts — serves the tools over MCP stdio.
import { serveStdio } from "@mcp-specgen/runtime";
import { createRegistry } from "../generated/server.js";
import { handlers } from "./handlers.js";

serveStdio(createRegistry(handlers), { name: "greeter", version: "1.0.0" }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
