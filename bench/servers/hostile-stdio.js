// Benchmark server for bench/ping-under-attack.js: serveStdio over one tool whose input
// schema holds the costliest shapes `generate` accepts (see hostile-tool.js), validated
// the way generated validators validate (the generator's validation view, compiled by ajv).
import { ToolRegistry } from "@mcp-specgen/runtime";
import { serveStdio } from "@mcp-specgen/runtime";
import { hostileToolDefinition } from "./hostile-tool.js";

const registry = new ToolRegistry();
registry.register(hostileToolDefinition(), () => ({ ok: true }));
await serveStdio(registry, { name: "bench-hostile", version: "1.0.0" });
