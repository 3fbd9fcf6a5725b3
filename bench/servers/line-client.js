// A minimal JSON-RPC client over a child process's stdio pipes: one message per
// line, responses matched by id. Used for every stdio server in the benchmark so
// the client's cost is the same for all of them.
import { spawn } from "node:child_process";

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

  async close() {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill(), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * Runs `total` requests produced by `makeParams(i)` keeping `concurrency` in flight.
 * @returns {Promise<{calls: number, seconds: number, callsPerSecond: number}>}
 */
export async function runLoad(client, { method = "tools/call", makeParams, total, concurrency }) {
  let issued = 0;
  let done = 0;
  let failed = 0;
  const start = process.hrtime.bigint();
  await new Promise((resolve) => {
    const next = () => {
      if (issued >= total) return;
      issued++;
      client.request(method, makeParams(issued)).then((response) => {
        if (response.error !== undefined || response.result?.isError) failed++;
        if (++done === total) resolve();
        else next();
      });
    };
    for (let i = 0; i < concurrency && i < total; i++) next();
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (failed > 0) throw new Error(`${failed} of ${total} calls failed`);
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
    await runLoad(client, { makeParams, total: Math.min(total, warmup), concurrency });
    best[name] = 0;
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, client] of Object.entries(clients)) {
      const { callsPerSecond } = await runLoad(client, { makeParams, total, concurrency });
      best[name] = Math.max(best[name], callsPerSecond);
    }
  }
  return best;
}
