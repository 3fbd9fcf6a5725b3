// MCP over stdio: tools/call throughput of serveStdio (this project) beside the
// official SDK's servers — SDK v2 McpServer with get_sum added from our registry by
// registerSdkTools ("sdk2-generated", what generated `registerTools` does), SDK v2
// McpServer with a hand-written zod 4 get_sum ("sdk2-zod"), SDK 1.x McpServer + zod
// ("sdk1") — and a bare JSON-RPC line echo (the ceiling), every server driven by the
// same raw line client (bench/servers/line-client.js). Two row sets: the 2025 era
// (`initialize` handshake) and 2026-07-28 (`server/discover`, then the per-request
// `_meta` envelope on every call; SDK 1.x does not speak it: n/a).
// Usage: node bench/mcp-stdio.js [--calls=N] [--rounds=N]   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { bestOfRounds, LineClient, MODERN_PROTOCOL_VERSION, modernEnvelope } from "./servers/line-client.js";

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/** Each server's `node` arguments, in measuring order. */
export const STDIO_SERVERS = {
  ours: [here("./servers/ours-stdio.js")],
  "sdk2-generated": [here("./servers/sdk2-stdio.js"), "generated"],
  "sdk2-zod": [here("./servers/sdk2-stdio.js"), "zod"],
  sdk1: [here("./servers/sdk-stdio.js")],
  echo: [here("./servers/echo-stdio.js")],
};

const ENVELOPE = modernEnvelope();
const ERAS = [
  {
    era: "2025-11-25",
    open: (client) => client.initialize("2025-11-25"),
    makeParams: (i) => ({ name: "get_sum", arguments: { a: i, b: 2 } }),
  },
  {
    era: MODERN_PROTOCOL_VERSION,
    open: (client) => client.discover(),
    makeParams: (i) => ({ name: "get_sum", arguments: { a: i, b: 2 }, _meta: ENVELOPE }),
    skip: ["sdk1"], // SDK 1.x speaks the 2025 revisions only
    maxRounds: 3, // keeps the whole suite near a minute on 2 cores
    optional: true, // left out (with a note) when a server fails to open it
  },
];

const round = (value) => (value === undefined ? "n/a" : Math.round(value));
const ratio = (a, b) => (a === undefined || b === undefined ? "n/a" : +(a / b).toFixed(2));

/**
 * Runs the stdio benchmark, era by era. The servers of an era run side by side and
 * are measured in turn, round after round (best round kept), so that load from
 * other processes on the machine hits all of them alike.
 * @returns {Promise<object[]>} table rows: one per era and concurrency level, with
 *   calls/s of each server and the ratios.
 */
export async function benchMcpStdio({ calls = 20_000, rounds = 5 } = {}) {
  console.log(
    `calls/s per server, best of ${ERAS.map((e) => `${Math.min(rounds, e.maxRounds ?? rounds)} rounds (${e.era})`).join(", ")}; ` +
      "n/a: the server does not speak that revision;\n" +
      "sdk2-gen = SDK v2 McpServer + registerSdkTools(our registry), sdk2-zod = SDK v2 McpServer + zod 4, " +
      "sdk1 = SDK 1.x McpServer + zod; ratios of calls/s",
  );
  const rows = [];
  for (const { era, open, makeParams, skip = [], maxRounds = rounds, optional = false } of ERAS) {
    const eraRounds = Math.min(rounds, maxRounds);
    const clients = {};
    try {
      try {
        for (const [name, args] of Object.entries(STDIO_SERVERS)) {
          if (skip.includes(name)) continue;
          const client = new LineClient(process.execPath, args);
          clients[name] = client;
          await open(client).catch((err) => {
            throw new Error(`${name} cannot open ${era}: ${err.message}`);
          });
        }
      } catch (err) {
        if (!optional) throw err;
        console.log(`stdio ${era} rows left out: ${err.message}`);
        continue;
      }
      for (const concurrency of [64, 1]) {
        const total = concurrency === 1 ? Math.round(calls / 4) : calls;
        const best = await bestOfRounds(clients, {
          makeParams,
          total,
          concurrency,
          rounds: eraRounds,
          warmup: 5000,
        });
        rows.push({
          transport: `stdio ${era}`,
          "in flight": concurrency,
          calls: total,
          ours: round(best.ours),
          "sdk2-gen": round(best["sdk2-generated"]),
          "sdk2-zod": round(best["sdk2-zod"]),
          sdk1: round(best.sdk1),
          echo: round(best.echo),
          "ours/sdk2-gen": ratio(best.ours, best["sdk2-generated"]),
          "ours/sdk2-zod": ratio(best.ours, best["sdk2-zod"]),
          "sdk2 gen/zod": ratio(best["sdk2-generated"], best["sdk2-zod"]),
          "ours/sdk1": ratio(best.ours, best.sdk1),
          "ours/echo": ratio(best.ours, best.echo),
        });
      }
    } finally {
      await Promise.all(Object.values(clients).map((client) => client.close()));
    }
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
