// MCP over Streamable HTTP (loopback): tools/call throughput of serveHttp (this
// project) beside the official SDK's servers — SDK v2 McpServer with get_sum added
// from our registry by registerSdkTools ("sdk2-generated") and with a hand-written
// zod 4 get_sum ("sdk2-zod"), both on node:http through a small fetch adapter
// (stateless: the SDK's createMcpHandler; stateful: its
// WebStandardStreamableHTTPServerTransport with a session id generator), SDK 1.x
// McpServer + zod on StreamableHTTPServerTransport ("sdk1") — and a bare node:http
// JSON-RPC responder (the ceiling), in stateful (one session) and stateless mode,
// every server driven by the same 2025-era client (bench/servers/http-client.js).
// Request counts are bounded.
// Usage: node bench/mcp-http.js [--calls=N] [--rounds=N]   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { HttpRpcClient, startHttpServer } from "./servers/http-client.js";
import { bestOfRounds } from "./servers/line-client.js";

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/** Each server's script and arguments (the mode, "stateless", is appended when it applies). */
const SERVERS = {
  ours: [here("./servers/ours-http.js")],
  "sdk2-generated": [here("./servers/sdk2-http.js"), "generated"],
  "sdk2-zod": [here("./servers/sdk2-http.js"), "zod"],
  sdk1: [here("./servers/sdk-http.js")],
  echo: [here("./servers/echo-http.js")],
};

const round = (value) => (value === undefined ? "n/a" : Math.round(value));
const ratio = (a, b) => (a === undefined || b === undefined ? "n/a" : +(a / b).toFixed(2));

/**
 * Runs the HTTP benchmark. Servers run side by side and are measured in turn,
 * round after round (best round kept).
 * @returns {Promise<object[]>} table rows: one per mode and concurrency level.
 */
export async function benchMcpHttp({ calls = 3_000, rounds = 3 } = {}) {
  console.log(
    `calls/s per server, best of ${rounds} rounds, 2025-era client; sdk2-* on node:http via a fetch adapter ` +
      "(stateless: createMcpHandler, stateful: WebStandardStreamableHTTPServerTransport); echo = bare node:http",
  );
  const rows = [];
  const makeParams = (i) => ({ name: "get_sum", arguments: { a: i, b: 2 } });
  for (const mode of ["stateful", "stateless"]) {
    const servers = {};
    const clients = {};
    try {
      for (const [name, [script, ...args]] of Object.entries(SERVERS)) {
        servers[name] = await startHttpServer(script, mode === "stateless" ? [...args, "stateless"] : args);
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
          ours: round(best.ours),
          "sdk2-gen": round(best["sdk2-generated"]),
          "sdk2-zod": round(best["sdk2-zod"]),
          sdk1: round(best.sdk1),
          "bare http": round(best.echo),
          "ours/sdk2-gen": ratio(best.ours, best["sdk2-generated"]),
          "ours/sdk2-zod": ratio(best.ours, best["sdk2-zod"]),
          "sdk2 gen/zod": ratio(best["sdk2-generated"], best["sdk2-zod"]),
          "ours/sdk1": ratio(best.ours, best.sdk1),
          "ours/bare": ratio(best.ours, best.echo),
        });
      }
    } finally {
      const resent = Object.entries(clients).filter(([, client]) => client.resent > 0);
      if (resent.length > 0) {
        const list = resent.map(([name, client]) => `${name} ${client.resent}`).join(", ");
        console.log(`http ${mode}: requests sent again after a keep-alive socket reset: ${list}`);
      }
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
