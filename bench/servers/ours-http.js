// Benchmark server: serveHttp over the get_sum registry. Prints its URL on the first stdout line.
// Usage: node ours-http.js [stateless]
import { serveHttp } from "@mcp-specgen/runtime";
import { createSumRegistry } from "./registry.js";

const server = await serveHttp(createSumRegistry(), {
  port: 0,
  stateless: process.argv[2] === "stateless",
  name: "bench-ours",
  version: "1.0.0",
});
console.log(server.url);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
