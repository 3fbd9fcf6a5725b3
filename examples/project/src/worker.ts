// src/worker.ts — a CPU-bound handler runs in a worker thread, ended when its call times out.
import { ToolRegistry, workerHandler } from "@mcp-specgen/runtime";

const registry = new ToolRegistry();
registry.register(
  {
    name: "count_primes",
    description: "Counts the primes below a bound.",
    inputSchema: {
      type: "object",
      properties: { below: { type: "integer", minimum: 2, maximum: 100_000_000 } },
      required: ["below"],
    },
    timeoutMs: 5_000,
  },
  workerHandler(new URL("./primes.js", import.meta.url), "countPrimes", {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  }),
);

const result = await registry.execute({ tool_name: "count_primes", arguments: { below: 1_000_000 } });
console.log(result.status, result.data); // success { count: 78498 }
