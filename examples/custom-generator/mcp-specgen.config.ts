// mcp-specgen.config.ts — the built-in generators and a custom one, listed side by side.
import { defineConfig } from "mcp-specgen/config";
import { toolsTable } from "./tools-table.js";

export default defineConfig({
  generators: ["types", "client", toolsTable],
  server: { name: "weather", version: "1.0.0" },
});
