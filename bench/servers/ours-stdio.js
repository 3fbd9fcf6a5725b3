// Benchmark server: serveStdio over the get_sum registry.
import { serveStdio } from "@mcp-specgen/runtime";
import { createSumRegistry } from "./registry.js";

await serveStdio(createSumRegistry(), { name: "bench-ours", version: "1.0.0" });
