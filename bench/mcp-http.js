// MCP over Streamable HTTP (loopback): tools/call throughput of serveHttp (this
// project) beside the SDK's McpServer + zod on StreamableHTTPServerTransport, and
// a bare node:http JSON-RPC responder (the ceiling), in stateful (one session)
// and stateless mode, every server driven by the same client
// (bench/servers/http-client.js). Request counts are bounded.
// Usage: node bench/mcp-http.js [--calls=N] [--rounds=N]   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { HttpRpcClient, startHttpServer } from "./servers/http-client.js";
import { bestOfRounds } from "./servers/line-client.js";

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

const SERVERS = {
  ours: here("./servers/ours-http.js"),
  sdk: here("./servers/sdk-http.js"),
  echo: here("./servers/echo-http.js"),
};

/**
 * Runs the HTTP benchmark. Servers run side by side and are measured in turn,
 * round after round (best round kept).
 * @returns {Promise<object[]>} table rows: one per mode and concurrency level.
 */
export async function benchMcpHttp({ calls = 3_000, rounds = 3 } = {}) {
  const rows = [];
  const makeParams = (i) => ({ name: "get_sum", arguments: { a: i, b: 2 } });
  for (const mode of ["stateful", "stateless"]) {
    const servers = {};
    const clients = {};
    try {
      for (const [name, script] of Object.entries(SERVERS)) {
        servers[name] = await startHttpServer(script, mode === "stateless" ? ["stateless"] : []);
        clients[name] = new HttpRpcClient(servers[name].url);
        await clients[name].initialize();
      }
      for (const concurrency of [32, 1]) {
        const total = concurrency === 1 ? Math.round(calls / 3) : calls;
        const best = await bestOfRounds(clients, { makeParams, total, concurrency, rounds, warmup: 500 });
        rows.push({
          transport: `http ${mode}`,
          "in flight": concurrency,
          calls: total,
          "ours calls/s": Math.round(best.ours),
          "SDK McpServer calls/s": Math.round(best.sdk),
          "bare http calls/s": Math.round(best.echo),
          "ours/SDK": +(best.ours / best.sdk).toFixed(2),
          "ours/bare": +(best.ours / best.echo).toFixed(2),
        });
      }
    } finally {
      for (const client of Object.values(clients)) client.close();
      await Promise.all(Object.values(servers).map((server) => server.stop()));
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const found = process.argv.find((a) => a.startsWith(`--${name}=`));
    return found ? Number(found.split("=")[1]) : fallback;
  };
  console.table(await benchMcpHttp({ calls: arg("calls", 3_000), rounds: arg("rounds", 3) }));
}
