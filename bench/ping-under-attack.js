// Responsiveness under hostile requests: how long a `ping` waits while a stdio server is
// fed the largest, costliest tools/call requests its limits allow (2 MB strings against a
// pattern and a format, 700k objects under uniqueItems, arrays nested a million deep,
// 170k keys), beside the same server's ping latency when idle
// (the peer, measured in the same run). The target: no ping waits more than 1 s.
// Usage: node bench/ping-under-attack.js [--rounds=N]   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { LineClient } from "./servers/line-client.js";

const SERVER = fileURLToPath(new URL("./servers/hostile-stdio.js", import.meta.url));
// Just under the default 2 MiB message limit.
const LIMIT = 2 * 1024 * 1024;
const BYTES = LIMIT - 4096;

/** Raw `tools/call` lines, each close to the server's 10 MiB message limit. */
function attacks() {
  const call = (id, args) =>
    JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "take", arguments: args } });
  return {
    "2 MB string vs pattern + format": (id) => call(id, { text: `${"a".repeat(BYTES)}@` }),
    "700k objects vs uniqueItems": (id) =>
      call(id, { list: "X" }).replace('"X"', `[${"{},".repeat(Math.floor(BYTES / 3))}{}]`),
    "arrays nested 1M deep vs $ref": (id) =>
      call(id, { tree: "X" }).replace('"X"', `${"[".repeat(BYTES / 2)}${"]".repeat(BYTES / 2)}`),
    "170k keys vs patternProperties": (id) =>
      call(id, { map: "X" }).replace(
        '"X"',
        `{${Array.from({ length: Math.floor(BYTES / 12) }, (_, i) => `"k${i}":1`).join(",")}}`,
      ),
  };
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), max: sorted[sorted.length - 1] };
}

async function pingOnce(client) {
  const t0 = performance.now();
  await client.request("ping", {});
  return performance.now() - t0;
}

/**
 * Runs the benchmark. Each attack is sent `rounds` times back to back while a ping goes
 * out every 20 ms; ping latencies are compared with the idle server's.
 * @returns {Promise<object[]>} table rows: one per attack.
 */
export async function benchPingUnderAttack({ rounds = 3 } = {}) {
  const client = new LineClient(process.execPath, [SERVER]);
  const rows = [];
  try {
    await client.initialize();
    const idle = [];
    for (let i = 0; i < 200; i++) idle.push(await pingOnce(client));
    const peer = stats(idle);
    for (const [name, make] of Object.entries(attacks())) {
      const lines = Array.from({ length: rounds }, (_, r) => make(1_000_000 + r));
      if (Buffer.byteLength(lines[0]) > LIMIT) throw new Error(`${name}: request over the message limit`);
      const pings = [];
      let attacking = true;
      const pinger = (async () => {
        while (attacking) {
          pings.push(await pingOnce(client));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const t0 = performance.now();
      for (const [r, line] of lines.entries()) {
        const answered = new Promise((resolve) => client.pending.set(1_000_000 + r, resolve));
        client.raw(`${line}\n`);
        const response = await Promise.race([
          answered,
          new Promise((_, reject) => setTimeout(() => reject(new Error(`${name}: no answer within 60 s`)), 60_000)),
        ]);
        if (!response.result && !response.error) throw new Error(`${name}: no answer`);
      }
      const callMs = (performance.now() - t0) / rounds;
      attacking = false;
      await pinger;
      const under = stats(pings);
      rows.push({
        attack: name,
        "call ms": Math.round(callMs),
        pings: pings.length,
        "ping p50 ms": +under.p50.toFixed(2),
        "ping max ms": +under.max.toFixed(1),
        "idle ping p50 ms": +peer.p50.toFixed(3),
        "max/idle p50": Math.round(under.max / peer.p50),
        "under 1 s": under.max < 1000 ? "yes" : "NO",
      });
    }
  } finally {
    await client.close();
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 3);
  console.table(await benchPingUnderAttack({ rounds }));
}
