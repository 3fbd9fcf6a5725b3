// Benchmark server: serveStdio over the get_sum registry.
import { serveStdio } from "../../dist/src/runtime/mcp/index.js";
import { createSumRegistry } from "./registry.js";

await serveStdio(createSumRegistry(), { name: "bench-ours", version: "1.0.0" });
