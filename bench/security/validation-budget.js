// Validation budget (issue 26): how long a `ping` from one client waits while another
// client's tools/call carries the largest request the server accepts (just under the
// default 2 MiB message limit) against the costliest schema shapes registered at run
// time (bench/servers/budget-server.js), over stdio and Streamable HTTP. Each attack runs
// on a fresh server, first as the runtime behaved before the budget (`--before`: no
// validation budget, no call time limit, no watchdog), then with the defaults. The peer:
// the same server's idle ping. Target: no ping waits more than 1 s.
// Usage: node bench/security/validation-budget.js [--cap=SECONDS]   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { HttpRpcClient, startHttpServer } from "../servers/http-client.js";
import { LineClient } from "../servers/line-client.js";

const SERVER = fileURLToPath(new URL("../servers/budget-server.js", import.meta.url));
const LIMIT = 2 * 1024 * 1024;
const BYTES = LIMIT - 4096;

/** A small valid call of every tool: the first call of a tool compiles its schema (not what is measured). */
const WARM_UP = {
  unique: '{"list":[{"a":1}]}',
  url: '{"u":"https://example.com/"}',
  formats: '{"email":"a@example.com","uri":"https://example.com/","when":"2020-01-01T00:00:00Z"}',
  keys: '{"map":{"a":1}}',
  tree: '{"tree":[[]]}',
  folders: '{"root":{"type":"folder"}}',
};

/** Tool arguments as raw JSON text (built as text: some are too deep for JSON.stringify). */
const ATTACKS = {
  "200k objects vs uniqueItems": {
    tool: "unique",
    args: () => `{"list":[${Array.from({ length: Math.floor(BYTES / 14) }, (_, i) => `{"a":${i}}`).join(",")}]}`,
  },
  "2 MB string vs format url": {
    tool: "url",
    args: () => JSON.stringify({ u: `ftp://172.30.3.56${"4.1.6.7:155".repeat(Math.floor((BYTES - 40) / 11))}\u0000` }),
  },
  "3 × 0.7 MB vs email, uri, date-time": {
    tool: "formats",
    args: () => {
      const n = Math.floor(BYTES / 3) - 20;
      return JSON.stringify({
        email: `a@${"a.".repeat(n / 2)}-`,
        uri: `http://${"a".repeat(n)} `,
        when: `2020-01-01T${"1".repeat(n)}`,
      });
    },
  },
  "170k keys vs patternProperties": {
    tool: "keys",
    args: () => `{"map":{${Array.from({ length: Math.floor(BYTES / 12) }, (_, i) => `"k${i}":1`).join(",")}}}`,
  },
  "42 bytes vs exponential oneOf": {
    tool: "tree",
    args: () => `{"tree":${"[".repeat(21)}${"]".repeat(21)}}`,
  },
  "832 bytes vs folder/group tree": {
    tool: "folders",
    args: () => {
      let node = '{"type":"folder"}';
      for (let i = 0; i < 26; i++) node = `{"type":"folder","children":[${node}]}`;
      return `{"root":${node}}`;
    },
  },
};

const CONFIGS = [
  { name: "before", args: ["--before", "--no-watchdog"] },
  { name: "defaults", args: [] },
  { name: "minSize 0", args: ["--guard-all"], only: "42 bytes vs exponential oneOf" },
];

function callLine(id, tool, args) {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`;
}

/** Pings every 20 ms until stopped; a ping still unanswered then counts with its wait so far. */
function startPinger(ping) {
  const waits = [];
  let stopped = false;
  let sentAt;
  const done = (async () => {
    while (!stopped) {
      sentAt = performance.now();
      await ping();
      if (stopped && sentAt === undefined) break;
      waits.push(performance.now() - sentAt);
      sentAt = undefined;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop() {
      stopped = true;
      if (sentAt !== undefined) waits.push(performance.now() - sentAt);
      sentAt = undefined;
      return waits;
    },
    done,
  };
}

function outcome(response) {
  if (response === undefined) return "none";
  if (response.error) return `error ${response.error.code}`;
  const result = response.result;
  if (result?.isError) {
    try {
      return JSON.parse(result.content[0].text).error_type;
    } catch {
      return "isError";
    }
  }
  return "success";
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One attack on a fresh stdio server: the attacker and the pinger share the pipe. */
async function overStdio(config, attack, capMs) {
  const client = new LineClient(process.execPath, [SERVER, ...config.args]);
  try {
    await client.initialize();
    for (const [tool, args] of Object.entries(WARM_UP)) {
      const answered = new Promise((resolve) => client.pending.set(tool, resolve));
      client.raw(`${callLine(`"${tool}"`, tool, args)}\n`);
      if (outcome(await answered).startsWith("error")) throw new Error(`warm-up call of ${tool} failed`);
    }
    const idle = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await client.request("ping", {});
      idle.push(performance.now() - t0);
    }
    const line = callLine(1_000_000, attack.tool, attack.args());
    return await measure(
      idle,
      () => client.request("ping", {}),
      () => {
        const answered = new Promise((resolve) => client.pending.set(1_000_000, resolve));
        client.raw(`${line}\n`);
        return answered;
      },
      capMs,
      Buffer.byteLength(line),
    );
  } finally {
    client.child.kill("SIGKILL");
  }
}

/** One attack on a fresh HTTP server: attacker and pinger are two clients (two sessions). */
async function overHttp(config, attack, capMs) {
  const server = await startHttpServer(SERVER, ["--http", ...config.args]);
  const attacker = new HttpRpcClient(server.url);
  const pinger = new HttpRpcClient(server.url);
  try {
    await attacker.initialize();
    await pinger.initialize();
    for (const [tool, args] of Object.entries(WARM_UP)) {
      const answer = httpAnswer(await attacker.send(callLine(`"${tool}"`, tool, args)), `"${tool}"`);
      if (outcome(answer).startsWith("error")) throw new Error(`warm-up call of ${tool} failed`);
    }
    const idle = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await pinger.request("ping", {});
      idle.push(performance.now() - t0);
    }
    const body = callLine(1_000_000, attack.tool, attack.args());
    return await measure(
      idle,
      () => pinger.request("ping", {}).catch(() => undefined),
      () =>
        attacker.send(body).then(
          (response) => httpAnswer(response, "1000000"),
          () => undefined,
        ),
      capMs,
      Buffer.byteLength(body),
    );
  } finally {
    attacker.close();
    pinger.close();
    await server.stop();
  }
}

/** The JSON-RPC response with id `idText` (as written in JSON) from a JSON body or an SSE stream. */
function httpAnswer({ text, type }, idText) {
  if (!type.includes("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").find((l) => l.startsWith("data: ") && l.includes(`"id":${idText}`));
  return data === undefined ? undefined : JSON.parse(data.slice(6));
}

async function measure(idle, ping, attack, capMs, bytes) {
  const pinger = startPinger(ping);
  const t0 = performance.now();
  let timer;
  const response = await Promise.race([
    attack(),
    new Promise((resolve) => (timer = setTimeout(() => resolve("cap"), capMs))),
  ]);
  clearTimeout(timer);
  const callMs = performance.now() - t0;
  // One more ping after the answer: the server is still serving.
  await new Promise((r) => setTimeout(r, 40));
  const waits = pinger.stop();
  const max = Math.max(...waits);
  return {
    bytes,
    "call ms": response === "cap" ? `> ${capMs}` : Math.round(callMs),
    answer: response === "cap" ? "none yet" : outcome(response),
    pings: waits.length,
    "ping max ms": response === "cap" && max >= capMs ? `> ${Math.round(max)}` : Math.round(max),
    "idle ping p50 ms": +median(idle).toFixed(3),
    "max/idle p50": Math.round(max / median(idle)),
    "under 1 s": max < 1000 ? "yes" : "NO",
  };
}

/**
 * Runs every attack, over both transports, before and with the budget.
 * @returns {Promise<object[]>} table rows.
 */
export async function benchValidationBudget({ capSeconds = 20, only = undefined } = {}) {
  const rows = [];
  for (const transport of ["stdio", "http"]) {
    for (const [name, attack] of Object.entries(ATTACKS)) {
      if (only !== undefined && !name.includes(only)) continue;
      for (const config of CONFIGS) {
        if (config.only !== undefined && config.only !== name) continue;
        const run = transport === "stdio" ? overStdio : overHttp;
        const row = await run(config, attack, capSeconds * 1000);
        rows.push({ transport, attack: name, config: config.name, ...row });
      }
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const capSeconds = Number(process.argv.find((a) => a.startsWith("--cap="))?.split("=")[1] ?? 20);
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  console.table(await benchValidationBudget({ capSeconds, only }));
}
