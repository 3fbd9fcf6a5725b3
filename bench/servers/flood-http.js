// Benchmark server for bench/security/http-flood.js: serveHttp with default limits over
// three tools an attacker can use — `echo` (answers with its input: large replies),
// `burn` (a synchronous CPU-bound handler) and `take` (hostile-tool.js: costly input
// validation) — beside the 24 tools of a real server (@notionhq/notion-mcp-server's, from
// test/fixtures/real-tools), so that a `tools/list` answer is as large as a real one
// (about 75 KB). Prints its URL on the first stdout line and stops by itself after
// --lifetime ms (default 10 minutes), or on SIGTERM.
// Usage: node flood-http.js [--runtime=<path of a runtime build's index.js>] [--options=<JSON>] [--stats]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { hostileToolDefinition } from "./hostile-tool.js";

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runtimePath = arg("runtime");
// The runtime under test: this checkout's by default, another build (e.g. the main branch's) to compare.
const runtime = await import(runtimePath ? pathToFileURL(runtimePath).href : "@mcp-specgen/runtime");
const registry = new runtime.ToolRegistry();
const TEXT = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
registry.register({ name: "echo", inputSchema: TEXT, outputSchema: TEXT }, ({ text }) => ({ text }));
registry.register(
  { name: "burn", inputSchema: { type: "object", properties: { ms: { type: "number", maximum: 5000 } } } },
  ({ ms = 100 }) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
    return { burnt: ms };
  },
);
registry.register(hostileToolDefinition(), () => ({ ok: true }));
const REAL_TOOLS = new URL("../../test/fixtures/real-tools/notionhq__notion-mcp-server.json", import.meta.url);
for (const tool of JSON.parse(readFileSync(REAL_TOOLS, "utf8")).tools) registry.register(tool, () => ({}));

// --options=<JSON>: serveHttp options beside the defaults (to measure other limits).
const options = JSON.parse(arg("options") ?? "{}");
const server = await runtime.serveHttp(registry, { port: 0, name: "bench-flood", version: "1.0.0", ...options });
console.log(server.url);
// --stats: the load limits' counters on stderr every second (where the runtime has them).
if (process.argv.includes("--stats") && server.stats !== undefined)
  setInterval(() => console.error(JSON.stringify(server.stats)), 1_000).unref();
const stop = () => void server.close().then(() => process.exit(0));
setTimeout(stop, Number(arg("lifetime") ?? 600_000)).unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, stop);
