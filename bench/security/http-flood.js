// serveHttp under floods (issue 26): each attack runs from its own process against a
// fresh server (bench/servers/flood-http.js, default limits, 127.0.0.1, file descriptors
// limited to FD_LIMIT) for `--window` ms, while four clients probe it in turn, each
// waiting for its answer: a `ping` on a kept-alive connection opened before the attack,
// a `ping` on a new connection each time, a new client's `initialize`, and a small
// `tools/call` on a new connection; the server's RSS is sampled every 100 ms. The peer is
// the same probes against the idle server, in the same run; `--before=<index.js>` runs
// everything again against another runtime build (the one this work started from) for a
// before/after table. Target: every ping answered within 1 s under every attack.
// Usage: node bench/security/http-flood.js [--before=<runtime index.js>] [--only=name,name] [--window=ms]
//        [--options=<JSON serveHttp options, e.g. other limits>]
//        (after `npm run build`; an attacker process runs this file with --attacker=name --url=…)
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { HttpRpcClient, startHttpServer } from "../servers/http-client.js";
import { bestOfRounds } from "../servers/line-client.js";

const SELF = fileURLToPath(import.meta.url);
const SERVER = fileURLToPath(new URL("../servers/flood-http.js", import.meta.url));
const PROBE_TIMEOUT_MS = 5_000;
const BODY_BYTES = 1.9 * 1024 * 1024;
const FD_LIMIT = 4096;
const HAS_PRLIMIT = spawnSync("prlimit", ["--version"]).status === 0;

/** What each attack does, and how many attacker processes run it (file descriptors are per process). */
const ATTACKS = {
  "300 slow readers × 1.9 MiB": { processes: 1, run: (url) => slowReaders(url, 300) },
  "20 × costly validation": { processes: 1, run: (url) => busyCallers(url, 20, hostileCall) },
  "20 × 500 ms CPU handler": { processes: 1, run: (url) => busyCallers(url, 20, burnCall) },
  "6,000 idle connections": { processes: 1, run: (url) => idleConnections(url, 6_000, "127.0.1.1") },
  "one client, 1,000 sessions": { processes: 1, run: (url) => sessionHog(url, 1_000) },
  "300 × a batch of 100 tools/list": { processes: 1, run: (url) => listBatches(url, 300, 100) },
  "10 × 83 KB of pipelined tools/list": { processes: 1, run: (url) => pipelinedLists(url, 10, 83 * 1024) },
  "1,024 GET streams": { processes: 1, run: (url) => streamHog(url, 1_024) },
  "32 × slow 2 MB bodies": { processes: 1, run: (url) => slowBodies(url, 32, 2_000_000) },
};

// ---------------------------------------------------------------------------
// HTTP helpers

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "flood", version: "1" } },
};

/** One POST (or other method) on a fresh connection; resolves with status, headers and body text. */
function send(
  url,
  { method = "POST", body, sessionId, timeoutMs = PROBE_TIMEOUT_MS, agent = false, localAddress, protocol } = {},
) {
  const target = new URL(url);
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const headers = { accept: "application/json, text/event-stream" };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(payload);
  }
  if (sessionId !== undefined) {
    headers["mcp-session-id"] = sessionId;
    headers["mcp-protocol-version"] = protocol ?? "2025-11-25";
  }
  return new Promise((resolve) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method, headers, agent, localAddress },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on("error", (error) => resolve({ status: 0, error: error.code ?? error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (error) => resolve({ status: 0, error: error.code ?? error.message }));
    req.end(payload);
  });
}

async function openSession(url, agent, { localAddress, protocol } = {}) {
  const body =
    protocol === undefined
      ? INITIALIZE
      : { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: protocol } };
  const response = await send(url, { body, agent, localAddress });
  const id = response.headers?.["mcp-session-id"];
  if (response.status !== 200 || typeof id !== "string") return undefined;
  const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
  await send(url, { body: initialized, sessionId: id, agent, localAddress, protocol });
  return id;
}

/** A POST as raw HTTP/1.1 text; `length` may claim more than `payload` holds. */
function rawPost(target, payload, { sessionId, protocol = "2025-11-25", length } = {}) {
  const session =
    sessionId === undefined ? "" : `Mcp-Session-Id: ${sessionId}\r\nMcp-Protocol-Version: ${protocol}\r\n`;
  return (
    `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\n${session}` +
    `Content-Length: ${length ?? Buffer.byteLength(payload)}\r\n\r\n${payload}`
  );
}

/**
 * `count` raw connections, each writing `text()` once and never reading; each reopens
 * 200 ms after the server closes it. Logs "ready" once all have written.
 */
function neverReading(target, count, text) {
  let written = 0;
  const open = () => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.on("error", () => undefined);
    socket.on("close", () => setTimeout(open, 200));
    socket.write(text(), () => {
      if (++written === count) console.log("ready");
    });
    socket.pause(); // never read the reply
  };
  for (let i = 0; i < count; i++) open();
}

const call = (id, name, args) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------
// Attacks (each runs in an attacker process until it is killed; "ready" once ramped up)

/** `clients` connections, each sending a 1.9 MiB `echo` call and never reading; reconnecting when dropped. */
async function slowReaders(url, clients) {
  const sessionId = await openSession(url);
  const text = "a".repeat(BODY_BYTES - 200);
  const payload = JSON.stringify(call(1, "echo", { text }));
  const target = new URL(url);
  const head =
    `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\nMcp-Session-Id: ${sessionId}\r\n` +
    `Mcp-Protocol-Version: 2025-11-25\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n`;
  let sent = 0;
  const open = () => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.on("error", () => undefined);
    socket.on("close", () => setTimeout(open, 200));
    socket.write(head);
    socket.write(payload, () => {
      if (++sent === clients) console.log("ready");
    });
    socket.pause(); // never read the reply
  };
  for (let i = 0; i < clients; i++) open();
}

function hostileCall(id) {
  // Arrays nested about a million deep, against a recursive $ref (the costliest of ping-under-attack.js).
  const depth = Math.floor((BODY_BYTES - 200) / 2);
  return JSON.stringify(call(id, "take", { tree: "X" })).replace('"X"', `${"[".repeat(depth)}${"]".repeat(depth)}`);
}

const burnCall = (id) => JSON.stringify(call(id, "burn", { ms: 500 }));

/** `callers` loops, each sending the next call as soon as the last one is answered. */
async function busyCallers(url, callers, makeBody) {
  const sessionId = await openSession(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: callers });
  const body = makeBody(1);
  let answered = 0;
  const loop = async () => {
    for (let first = true; ; first = false) {
      await send(url, { body, sessionId, agent, timeoutMs: 120_000 });
      if (first && ++answered === callers) console.log("ready"); // every caller connected
    }
  };
  for (let i = 0; i < callers; i++) void loop();
}

/**
 * `count` connections that never send a byte, from `localAddress` (a loopback address of
 * its own, so that the attacker processes do not share one range of ephemeral ports);
 * each reopens a second after the server closes it.
 */
async function idleConnections(url, count, localAddress) {
  const target = new URL(url);
  let opened = 0;
  const open = () => {
    const socket = net.connect({ port: Number(target.port), host: target.hostname, localAddress }, () => {
      if (++opened === count) console.log("ready");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => setTimeout(open, 1_000));
  };
  for (let i = 0; i < count; i++) {
    open();
    if (i % 500 === 499) await sleep(20); // let the accept queue drain
  }
  setTimeout(() => console.log("ready"), 20_000).unref(); // some never connected: go anyway
}

/** One client (one address) opening `count` sessions, then keeping them all in use, round robin. */
async function sessionHog(url, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const ids = [];
  while (ids.length < count) {
    const batch = await Promise.all(Array.from({ length: 16 }, () => openSession(url, agent)));
    for (const id of batch) if (id !== undefined) ids.push(id);
    if (batch.every((id) => id === undefined)) break; // refused: the table is full
  }
  console.log("ready");
  for (let i = 0; ; i++) {
    const id = ids[i % ids.length];
    const response = await send(url, { body: { jsonrpc: "2.0", id: 1, method: "ping" }, sessionId: id, agent });
    // Evicted (404): open another one, as a real client would.
    if (response.status === 404) ids[i % ids.length] = (await openSession(url, agent)) ?? id;
    if (i % 16 === 15) await sleep(5);
  }
}

/**
 * `clients` connections, each POSTing one batch of `size` `tools/list` requests (a 2025-03-26
 * session, where batches are allowed) and never reading the answer.
 */
async function listBatches(url, clients, size) {
  const protocol = "2025-03-26";
  const sessionId = await openSession(url, undefined, { protocol });
  const batch = JSON.stringify(
    Array.from({ length: size }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" })),
  );
  const target = new URL(url);
  neverReading(target, clients, () => rawPost(target, batch, { sessionId, protocol }));
}

/** `connections` connections, each writing `bytes` of pipelined `tools/list` POSTs at once and never reading. */
async function pipelinedLists(url, connections, bytes) {
  const sessionId = await openSession(url);
  const target = new URL(url);
  const one = rawPost(target, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { sessionId });
  const text = one.repeat(Math.ceil(bytes / one.length));
  neverReading(target, connections, () => text);
}

/**
 * `count` sessions (opened from two addresses, each under the per-client session limit),
 * each holding a GET stream it never reads; a stream the server closes is reopened 200 ms
 * later, on a new session if that one is gone.
 */
async function streamHog(url, count) {
  const target = new URL(url);
  const addresses = ["127.0.3.1", "127.0.3.2"];
  const ids = [];
  while (ids.length < count) {
    const batch = await Promise.all(
      Array.from({ length: 16 }, (_, i) => openSession(url, undefined, { localAddress: addresses[i % 2] })),
    );
    for (const id of batch) if (id !== undefined) ids.push(id);
    if (batch.every((id) => id === undefined)) break;
  }
  let streaming = 0;
  const open = (sessionId, first) => {
    const socket = net.connect(Number(target.port), target.hostname);
    let head = "";
    let status;
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (!match) return;
      socket.removeAllListeners("data");
      status = Number(match[1]);
      if (status === 200) {
        socket.pause(); // never read the stream
        if (first && ++streaming === ids.length) console.log("ready");
      } else socket.destroy();
    });
    socket.on("close", () =>
      setTimeout(async () => {
        const next =
          status === 404
            ? ((await openSession(url, undefined, { localAddress: addresses[0] })) ?? sessionId)
            : sessionId;
        open(next, first && status !== 200);
      }, 200),
    );
    socket.write(
      `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n` +
        `Mcp-Session-Id: ${sessionId}\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n`,
    );
  };
  for (const id of ids) open(id, true);
  setTimeout(() => console.log("ready"), 20_000).unref(); // some never streamed: go anyway
}

/** `count` connections, each sending the headers of a `declared`-byte POST and 10 bytes of it, then nothing. */
async function slowBodies(url, count, declared) {
  const sessionId = await openSession(url);
  const target = new URL(url);
  neverReading(target, count, () => rawPost(target, '{"jsonrpc"', { sessionId, length: declared }));
}

// ---------------------------------------------------------------------------
// The measurement

/**
 * Starts the server under a file-descriptor limit of FD_LIMIT (with prlimit, where there is
 * one), so that the idle-connection flood reaches the limit quickly, as it would on a
 * host with a low one.
 */
function startServer(runtime, options) {
  const args = [SERVER, ...(runtime ? [`--runtime=${runtime}`] : []), ...(options ? [`--options=${options}`] : [])];
  const child = HAS_PRLIMIT
    ? spawn("prlimit", [`--nofile=${FD_LIMIT}`, process.execPath, ...args], { stdio: ["ignore", "pipe", "inherit"] })
    : spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.setEncoding("utf8");
    let out = "";
    child.stdout.on("data", function onData(chunk) {
      out += chunk;
      if (!out.includes("\n")) return;
      child.stdout.off("data", onData);
      child.removeAllListeners("exit");
      resolve({ url: out.trim(), child });
    });
  });
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 2_000);
  await exited;
  clearTimeout(timer);
}

function startAttacker(name, url, index) {
  const child = spawn(process.execPath, [SELF, `--attacker=${name}`, `--url=${url}`, `--index=${index}`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise((resolve) => {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      if (chunk.includes("ready")) resolve();
    });
    child.once("exit", resolve);
    setTimeout(resolve, 30_000);
  });
  return { child, ready };
}

/** Resident set size of a process in MB, from /proc (Linux); undefined elsewhere. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Probes `url` for `windowMs` as four clients would, each waiting for its answer and
 * 100 ms more before the next probe: one pings on `sessionId` over a kept-alive
 * connection opened before the attack, one pings on a new connection each time, one
 * starts a new session on a new connection (initialize; then DELETE, not timed), and one
 * calls `echo` with a small argument on a new connection.
 */
async function probe(url, sessionId, keptAlive, pid, windowMs) {
  const results = { kept: [], fresh: [], newClients: [], calls: [], rss: [] };
  const sampler = setInterval(() => results.rss.push(rssMb(pid)), 100);
  const end = performance.now() + windowMs;
  const pinger = async (samples, agent) => {
    for (let i = 0; performance.now() < end; i++) {
      const t0 = performance.now();
      const r = await send(url, { body: { jsonrpc: "2.0", id: i, method: "ping" }, sessionId, agent });
      samples.push(r.status === 200 && r.text.includes('"result"') ? performance.now() - t0 : Number.POSITIVE_INFINITY);
      await sleep(100);
    }
  };
  const newcomer = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const r = await send(url, { body: INITIALIZE });
      results.newClients.push(r.status === 200 ? performance.now() - t0 : String(r.status || r.error));
      const id = r.headers?.["mcp-session-id"];
      if (typeof id === "string") await send(url, { method: "DELETE", sessionId: id });
      await sleep(100);
    }
  };
  const caller = async () => {
    for (let i = 0; performance.now() < end; i++) {
      const t0 = performance.now();
      const r = await send(url, { body: call(i, "echo", { text: "x" }), sessionId });
      const ok = r.status === 200 && r.text.includes('"result"');
      results.calls.push(ok ? performance.now() - t0 : String(r.status || r.error));
      await sleep(100);
    }
  };
  try {
    await Promise.all([pinger(results.kept, keptAlive), pinger(results.fresh, false), newcomer(), caller()]);
  } finally {
    clearInterval(sampler);
  }
  return results;
}

function summarize(attack, variant, { kept, fresh, newClients, calls, rss }) {
  const percentiles = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return sorted.length === 0 ? [] : [at(0.5), at(0.99)];
  };
  const ms = (v) => (v === undefined ? "n/a" : v === Number.POSITIVE_INFINITY ? "failed" : Math.round(v));
  const [keptP50, keptP99] = percentiles(kept);
  const [freshP50, freshP99] = percentiles(fresh);
  const failures = (outcomes) => {
    const counts = {};
    for (const outcome of outcomes) if (typeof outcome === "string") counts[outcome] = (counts[outcome] ?? 0) + 1;
    const why = Object.entries(counts)
      .map(([reason, n]) => `${n}× ${reason}`)
      .join(", ");
    const n = outcomes.filter((v) => typeof v === "string").length;
    return `${n} of ${outcomes.length}${why ? ` (${why})` : ""}`;
  };
  const [initP50, initP99] = percentiles(newClients.filter((v) => typeof v === "number"));
  const [callP50, callP99] = percentiles(calls.filter((v) => typeof v === "number"));
  const samples = rss.filter((v) => v !== undefined);
  const worst = Math.max(keptP99 ?? Number.POSITIVE_INFINITY, freshP99 ?? Number.POSITIVE_INFINITY);
  const failed = [...kept, ...fresh].filter((v) => v === Number.POSITIVE_INFINITY).length;
  return {
    attack,
    runtime: variant,
    "ping p50/p99 ms": `${ms(keptP50)} / ${ms(keptP99)}`,
    "ping, new conn. p50/p99 ms": `${ms(freshP50)} / ${ms(freshP99)}`,
    "pings failed": `${failed} of ${kept.length + fresh.length}`,
    "new client p50/p99 ms": `${ms(initP50)} / ${ms(initP99)}`,
    "new clients refused": failures(newClients),
    "call p50/p99 ms": `${ms(callP50)} / ${ms(callP99)}`,
    "calls failed": failures(calls),
    "RSS max MB": samples.length ? Math.round(Math.max(...samples)) : "n/a",
    "ping under 1 s": worst < 1000 ? "yes" : "NO",
  };
}

/**
 * Runs every attack (or `only` those) against a fresh server of each runtime build.
 * @returns {Promise<object[]>} table rows: one per attack and runtime build.
 */
export async function benchHttpFlood({ before, only, windowMs = 10_000, options } = {}) {
  const variants = [["this branch", undefined], ...(before ? [["before", before]] : [])];
  const rows = [];
  for (const name of ["idle server", ...Object.keys(ATTACKS)]) {
    if (only && name !== "idle server" && !only.some((o) => name.includes(o))) continue;
    for (const [variant, runtime] of variants) {
      const { url, child } = await startServer(runtime, options);
      const attackers = [];
      const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const sessionId = await openSession(url);
        await send(url, { body: { jsonrpc: "2.0", id: 0, method: "ping" }, sessionId, agent: keptAlive });
        if (name !== "idle server") {
          for (let i = 0; i < ATTACKS[name].processes; i++) attackers.push(startAttacker(name, url, i));
          await Promise.all(attackers.map((a) => a.ready));
          await sleep(500);
        }
        rows.push(summarize(name, variant, await probe(url, sessionId, keptAlive, child.pid, windowMs)));
      } finally {
        keptAlive.destroy();
        await Promise.all(attackers.map((a) => stop(a.child)));
        await stop(child);
      }
    }
  }
  return rows;
}

/**
 * What the limits cost when nobody attacks: `echo` calls per second at 32 and 1 in flight
 * (2025 session, best of 5 rounds), this build beside `before`.
 * @returns {Promise<object[]>} table rows: one per concurrency.
 */
export async function benchHttpFloodThroughput({ before }) {
  const servers = {};
  const clients = {};
  const rows = [];
  try {
    for (const [name, args] of [
      ["this branch", []],
      ["before", [`--runtime=${before}`]],
    ]) {
      servers[name] = await startHttpServer(SERVER, args);
      clients[name] = new HttpRpcClient(servers[name].url);
      await clients[name].initialize();
    }
    for (const concurrency of [32, 1]) {
      const makeParams = (i) => ({ name: "echo", arguments: { text: `x${i}` } });
      const total = concurrency === 1 ? 1_000 : 3_000;
      const best = await bestOfRounds(clients, { makeParams, total, concurrency, rounds: 5, warmup: 500 });
      rows.push({
        "in flight": concurrency,
        "this branch calls/s": Math.round(best["this branch"]),
        "before calls/s": Math.round(best.before),
        "this branch / before": +(best["this branch"] / best.before).toFixed(2),
      });
    }
  } finally {
    for (const client of Object.values(clients)) client.close();
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
  return rows;
}

const attacker = process.argv.find((a) => a.startsWith("--attacker="))?.slice(11);
if (attacker !== undefined) {
  const url = process.argv.find((a) => a.startsWith("--url="))?.slice(6);
  const index = Number(process.argv.find((a) => a.startsWith("--index="))?.slice(8) ?? 0);
  setInterval(() => undefined, 60_000); // until killed, whatever the sockets do
  await ATTACKS[attacker].run(url, index);
} else if (process.argv[1] === SELF) {
  const value = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = value("only")?.split(",");
  const windowMs = Number(value("window") ?? 10_000);
  console.table(await benchHttpFlood({ before: value("before"), only, windowMs, options: value("options") }));
  if (value("before") !== undefined) console.table(await benchHttpFloodThroughput({ before: value("before") }));
}
