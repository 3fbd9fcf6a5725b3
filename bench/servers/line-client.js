// A minimal JSON-RPC client over a child process's stdio pipes: one message per
// line, responses matched by id. Used for every stdio server in the benchmark so
// the client's cost is the same for all of them.
import { spawn } from "node:child_process";

/** The stateless protocol revision (per-request `_meta` envelope, no handshake). */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/**
 * The per-request `_meta` envelope of a 2026-07-28 request, as SDK v2's client builds
 * it (its 2026 codec's `outboundEnvelope`): protocol version, client info, capabilities.
 */
export function modernEnvelope(protocolVersion = MODERN_PROTOCOL_VERSION) {
  return {
    "io.modelcontextprotocol/protocolVersion": protocolVersion,
    "io.modelcontextprotocol/clientInfo": { name: "bench-line-client", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
}

export class LineClient {
  /** @param {string} command @param {string[]} args @param {import("node:child_process").SpawnOptions} [options] */
  constructor(command, args, options = {}) {
    this.child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"], ...options });
    this.child.stdout.setEncoding("utf8");
    this.nextId = 1;
    this.pending = new Map();
    this.parts = [];
    this.outgoing = "";
    this.inData = false;
    this.onNotification = undefined;
    this.child.stdout.on("data", (chunk) => this.onData(chunk));
    this.exited = new Promise((resolve) => this.child.once("exit", resolve));
  }

  onData(chunk) {
    // A long line arrives in many chunks: keep them apart until its newline arrives, so
    // nothing is scanned twice (joining and searching each time would be quadratic).
    if (!chunk.includes("\n")) {
      this.parts.push(chunk);
      return;
    }
    this.inData = true;
    this.parts.push(chunk);
    const text = this.parts.join("");
    this.parts = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      const line = text.slice(start, nl);
      start = nl + 1;
      if (line.length === 0) continue;
      const message = JSON.parse(line);
      if (message.id !== undefined && message.method === undefined) {
        const resolve = this.pending.get(message.id);
        if (resolve !== undefined) {
          this.pending.delete(message.id);
          resolve(message);
        }
      } else this.onNotification?.(message);
    }
    if (start < text.length) this.parts.push(text.slice(start));
    this.inData = false;
    this.flush();
  }

  write(line) {
    // Requests issued while handling a chunk of responses leave in one write.
    this.outgoing += line;
    if (!this.inData) this.flush();
  }

  flush() {
    if (this.outgoing.length === 0) return;
    const out = this.outgoing;
    this.outgoing = "";
    this.child.stdin.write(out);
  }

  /** Sends a request; resolves with the whole response message. */
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  }

  notify(method, params) {
    this.write(JSON.stringify({ jsonrpc: "2.0", method, params }) + "\n");
  }

  /** Writes a raw line (tests of malformed input). */
  raw(line) {
    this.write(line);
  }

  async initialize(protocolVersion = "2025-11-25") {
    const response = await this.request("initialize", {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: "bench-line-client", version: "1.0.0" },
    });
    this.notify("notifications/initialized");
    return response;
  }

  /**
   * The 2026-07-28 opening, as SDK v2's client probes: `server/discover` carrying the
   * per-request envelope (no `initialize`; every later request carries the envelope too,
   * see {@link modernEnvelope}).
   */
  async discover(protocolVersion = MODERN_PROTOCOL_VERSION) {
    const response = await this.request("server/discover", { _meta: modernEnvelope(protocolVersion) });
    if (response.error !== undefined) throw new Error(`server/discover failed: ${JSON.stringify(response.error)}`);
    return response;
  }

  async close() {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill(), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * Runs `total` requests produced by `makeParams(i)` keeping `concurrency` in flight.
 * Fails (naming the first bad answer) when any call errs, and when no answer arrives
 * for `stallMs` (dropped calls) instead of hanging.
 * @returns {Promise<{calls: number, seconds: number, callsPerSecond: number}>}
 */
export async function runLoad(client, { method = "tools/call", makeParams, total, concurrency, stallMs = 20_000 }) {
  let issued = 0;
  let done = 0;
  let failed = 0;
  let firstFailure;
  let lastAnswer = Date.now();
  const start = process.hrtime.bigint();
  let watchdog;
  await new Promise((resolve, reject) => {
    watchdog = setInterval(() => {
      if (Date.now() - lastAnswer < stallMs) return;
      reject(new Error(`${issued - done} of ${total} calls unanswered: no answer for ${stallMs} ms`));
    }, 1000);
    const next = () => {
      if (issued >= total) return;
      issued++;
      client.request(method, makeParams(issued)).then((response) => {
        lastAnswer = Date.now();
        if (response.error !== undefined || response.result?.isError) {
          failed++;
          firstFailure ??= JSON.stringify(response).slice(0, 500);
        }
        if (++done === total) resolve();
        else next();
      }, reject);
    };
    for (let i = 0; i < concurrency && i < total; i++) next();
  }).finally(() => clearInterval(watchdog));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (failed > 0) throw new Error(`${failed} of ${total} calls failed; the first: ${firstFailure}`);
  return { calls: total, seconds, callsPerSecond: total / seconds };
}

/**
 * Measures every client in turn, round by round, after a warm-up, and keeps each one's
 * best round (servers share the machine, so interleaving is fairer than back to back).
 * @returns {Promise<Record<string, number>>} best calls/s per client name.
 */
export async function bestOfRounds(clients, { makeParams, total, concurrency, rounds, warmup }) {
  const best = {};
  for (const [name, client] of Object.entries(clients)) {
    await runNamed(name, client, { makeParams, total: Math.min(total, warmup), concurrency });
    best[name] = 0;
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, client] of Object.entries(clients)) {
      const { callsPerSecond } = await runNamed(name, client, { makeParams, total, concurrency });
      best[name] = Math.max(best[name], callsPerSecond);
    }
  }
  return best;
}

/** runLoad, its failure naming the server. */
async function runNamed(name, client, options) {
  try {
    return await runLoad(client, options);
  } catch (err) {
    throw new Error(`${name} (${options.total} calls, ${options.concurrency} in flight): ${err.message}`, {
      cause: err,
    });
  }
}
