// The example MCP server over specs/: the generated registry with real handlers, served
// over stdio (default) or Streamable HTTP on 127.0.0.1.
//
//   npm run example                      stdio
//   npm run example -- --http 3000       http://127.0.0.1:3000/mcp
//   options: --root DIR (file tools' workspace, default examples/workspace),
//            --stateless (HTTP without sessions), --allow-destructive (let delete_file run)
import { parseArgs } from "node:util";
import path from "node:path";
import { createConsoleLogger, serveHttp, serveStdio } from "@mcp-specgen/runtime";
import { createRegistry } from "../generated/server.js";
import manifest from "../generated/manifest.json" with { type: "json" };
import { createHandlers } from "./handlers.js";

const { values } = parseArgs({
  options: {
    http: { type: "string" },
    root: { type: "string", default: path.join(import.meta.dirname, "workspace") },
    stateless: { type: "boolean", default: false },
    "allow-destructive": { type: "boolean", default: false },
  },
});

// Logs go to stderr: on stdio, stdout carries the protocol.
const logger = createConsoleLogger("info");
const allowDestructive = values["allow-destructive"];
const registry = createRegistry(
  createHandlers({ workspaceRoot: path.resolve(values.root), toolCount: () => registry.list().length }),
  {
    logger,
    // Destructive tools (delete_file) run only when the host allows them.
    trustPolicy: () => allowDestructive,
  },
);
const info = { name: manifest.server.name, version: manifest.server.version };

if (values.http) {
  const port = Number(values.http);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--http needs a port number, not "${values.http}"`);
  const server = await serveHttp(registry, {
    ...info,
    host: "127.0.0.1",
    port,
    path: "/mcp",
    stateless: values.stateless,
    logger,
  });
  logger.info(`MCP server on ${server.url} (${registry.list().length} tools${values.stateless ? ", stateless" : ""})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  await serveStdio(registry, { ...info, logger });
}
