// A minimal MCP Streamable HTTP client for the benchmark: node:http with a
// keep-alive agent, JSON-RPC over POST, answers read as JSON or SSE. The same
// client drives every HTTP server in the benchmark.
import { spawn } from "node:child_process";
import http from "node:http";

export class HttpRpcClient {
  constructor(url, { maxSockets = 64 } = {}) {
    this.url = new URL(url);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
    this.nextId = 1;
    this.sessionId = undefined;
    this.protocolVersion = undefined;
    this.resent = 0;
  }

  /**
   * POSTs one message. A request on a reused keep-alive socket that the server closed
   * meanwhile (it idled past the server's keep-alive timeout while the other servers
   * were measured) fails with ECONNRESET before anything was processed: it is sent
   * again once, on a fresh socket (Node's documented `reusedSocket` pattern).
   */
  async post(payload) {
    const body = JSON.stringify(payload);
    try {
      return await this.send(body);
    } catch (err) {
      if (!(err.reusedSocket && err.code === "ECONNRESET")) throw err;
      this.resent++;
      return this.send(body);
    }
  }

  send(body) {
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "content-length": Buffer.byteLength(body),
    };
    if (this.sessionId !== undefined) headers["mcp-session-id"] = this.sessionId;
    if (this.protocolVersion !== undefined) headers["mcp-protocol-version"] = this.protocolVersion;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          hostname: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname,
          method: "POST",
          agent: this.agent,
          headers,
        },
        (res) => {
          res.setEncoding("utf8");
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => {
            const sid = res.headers["mcp-session-id"];
            if (typeof sid === "string") this.sessionId = sid;
            resolve({ status: res.statusCode, type: res.headers["content-type"] ?? "", text });
          });
        },
      );
      req.on("error", (err) => {
        err.reusedSocket = req.reusedSocket;
        reject(err);
      });
      req.end(body);
    });
  }

  /** Sends a request; resolves with its JSON-RPC response (from a JSON body or the SSE stream). */
  async request(method, params) {
    const id = this.nextId++;
    const { type, text } = await this.post({ jsonrpc: "2.0", id, method, params });
    if (type.includes("text/event-stream")) {
      for (const line of text.split("\n")) {
        if (!line.startsWith("data: ")) continue;
        const message = JSON.parse(line.slice(6));
        if (message.id === id) return message;
      }
      throw new Error(`no response for request ${id} in the SSE stream`);
    }
    return JSON.parse(text);
  }

  notify(method, params) {
    return this.post({ jsonrpc: "2.0", method, params });
  }

  async initialize(protocolVersion = "2025-11-25") {
    const response = await this.request("initialize", {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: "bench-http-client", version: "1.0.0" },
    });
    this.protocolVersion = response.result.protocolVersion;
    await this.notify("notifications/initialized");
    return response;
  }

  close() {
    this.agent.destroy();
  }
}

/** Starts `node script ...args`, which prints its URL on the first stdout line. */
export function startHttpServer(script, args = []) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before printing its URL`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", function onData(chunk) {
      out += chunk;
      const nl = out.indexOf("\n");
      if (nl === -1) return;
      child.stdout.off("data", onData);
      child.removeAllListeners("exit");
      resolve({
        url: out.slice(0, nl).trim(),
        async stop() {
          const exited = new Promise((r) => child.once("exit", r));
          child.kill();
          await exited;
        },
      });
    });
  });
}
