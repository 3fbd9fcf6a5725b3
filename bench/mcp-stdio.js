// MCP over stdio: tools/call throughput of serveStdio (this project) beside the
// SDK's McpServer + zod and a bare JSON-RPC line echo (the ceiling), every server
// driven by the same raw line client (bench/servers/line-client.js).
// Usage: node bench/mcp-stdio.js [--calls=N] [--rounds=N]   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { bestOfRounds, LineClient } from "./servers/line-client.js";

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

export const STDIO_SERVERS = {
  ours: here("./servers/ours-stdio.js"),
  sdk: here("./servers/sdk-stdio.js"),
  echo: here("./servers/echo-stdio.js"),
};

/**
 * Runs the stdio benchmark. The three servers run side by side and are measured
 * in turn, round after round (best round kept), so that load from other
 * processes on the machine hits all of them alike.
 * @returns {Promise<object[]>} table rows: one per concurrency level with calls/s of each server and the ratios.
 */
export async function benchMcpStdio({ calls = 20_000, rounds = 5 } = {}) {
  const clients = Object.fromEntries(
    Object.entries(STDIO_SERVERS).map(([name, script]) => [name, new LineClient(process.execPath, [script])]),
  );
  const makeParams = (i) => ({ name: "get_sum", arguments: { a: i, b: 2 } });
  const rows = [];
  try {
    for (const client of Object.values(clients)) await client.initialize();
    for (const concurrency of [64, 1]) {
      const total = concurrency === 1 ? Math.round(calls / 4) : calls;
      const best = await bestOfRounds(clients, { makeParams, total, concurrency, rounds, warmup: 5000 });
      rows.push({
        transport: "stdio",
        "in flight": concurrency,
        calls: total,
        "ours calls/s": Math.round(best.ours),
        "SDK McpServer calls/s": Math.round(best.sdk),
        "echo calls/s": Math.round(best.echo),
        "ours/SDK": +(best.ours / best.sdk).toFixed(2),
        "ours/echo": +(best.ours / best.echo).toFixed(2),
      });
    }
  } finally {
    await Promise.all(Object.values(clients).map((client) => client.close()));
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const found = process.argv.find((a) => a.startsWith(`--${name}=`));
    return found ? Number(found.split("=")[1]) : fallback;
  };
  console.table(await benchMcpStdio({ calls: arg("calls", 20_000), rounds: arg("rounds", 5) }));
}
