/**
 * Raw HTTP helpers of the load-limit tests: a registry whose tools wait, log, answer
 * large or record that they ran, POSTs on new connections, and raw sockets for clients
 * that misbehave (send half a request, pipeline, never read). Loopback only.
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { ToolRegistry, type McpHttpServerHandle } from "@mcp-specgen/runtime";

export const ACCEPT = "application/json, text/event-stream";
export const MODERN = "2026-07-28";
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
};

/** Calls of the `gate` tool wait until the test opens the gate (or their call is cancelled). */
export class Gate {
  private readonly waiters = new Set<() => void>();
  running = 0;
  aborted = 0;

  wait(signal: AbortSignal): Promise<void> {
    this.running++;
    return new Promise<void>((resolve, reject) => {
      const done = (): void => {
        this.waiters.delete(done);
        this.running--;
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener("abort", () => {
        if (!this.waiters.delete(done)) return;
        this.running--;
        this.aborted++;
        reject(signal.reason);
      });
    });
  }

  open(): void {
    for (const done of [...this.waiters]) done();
  }
}

/** Tools for the limits: `gate` (waits), `chatty` (many logs at once), `big` (a large result), `echo`. */
export function limitsRegistry(gate: Gate, onSpin?: (tag: string) => void): ToolRegistry {
  const registry = new ToolRegistry();
  const object = { type: "object" } as const;
  registry.register({ name: "gate", inputSchema: object }, (_args, ctx) => gate.wait(ctx.signal).then(() => ({})));
  registry.register(
    { name: "chatty", inputSchema: object },
    ({ count, size }: { count: number; size: number }, ctx) => {
      for (let i = 0; i < count; i++) ctx.log("info", `${i} ${"x".repeat(size)}`);
      return { logged: count };
    },
  );
  registry.register({ name: "big", inputSchema: object }, ({ size }: { size: number }) => ({ text: "x".repeat(size) }));
  registry.register({ name: "echo", inputSchema: object }, (args) => args);
  registry.register({ name: "spin", inputSchema: object }, ({ tag }: { tag: string }) => {
    onSpin?.(tag);
    return {};
  });
  return registry;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The JSON-RPC messages of the body (JSON or SSE). */
  messages: any[];
}

/** POSTs on a new connection (node:http, no agent). */
export function post(server: McpHttpServerHandle, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const url = new URL(server.url);
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", accept: ACCEPT, ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const messages = (res.headers["content-type"] ?? "").includes("text/event-stream")
            ? text
                .split("\n")
                .filter((line) => line.startsWith("data: "))
                .map((line) => JSON.parse(line.slice(6)))
            : text === ""
              ? []
              : [JSON.parse(text)];
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, messages });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export async function openSession(server: McpHttpServerHandle): Promise<Record<string, string>> {
  const init = await post(server, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
  const headers = { "mcp-session-id": init.headers["mcp-session-id"] as string, "mcp-protocol-version": "2025-11-25" };
  await post(server, { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
  return headers;
}

export const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

/** A 2026-07-28 `tools/call` and the headers it needs. */
export function modernCall(id: number, name: string, args: Record<string, unknown> = {}, meta: object = {}) {
  return {
    body: { ...call(id, name, args), params: { name, arguments: args, _meta: { ...ENVELOPE, ...meta } } },
    headers: { "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": name },
  };
}

/** A connected raw socket. */
export function rawSocket(server: McpHttpServerHandle, localAddress = "127.0.0.1"): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: "127.0.0.1", localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * A session's GET stream on a raw socket from `localAddress`, once the server has
 * answered 200; the socket then stops reading.
 */
export async function rawStream(
  server: McpHttpServerHandle,
  session: Record<string, string>,
  localAddress = "127.0.0.1",
): Promise<Socket> {
  const socket = await rawSocket(server, localAddress);
  const lines = [
    "GET /mcp HTTP/1.1",
    `Host: 127.0.0.1:${server.port}`,
    "Accept: text/event-stream",
    ...Object.entries(session).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  let head = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      head += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      if (status === undefined) return;
      socket.off("data", onData);
      socket.pause();
      if (status === "200") resolve();
      else reject(new Error(`GET stream: ${head}`));
    };
    socket.on("data", onData);
  });
  return socket;
}

/** Every byte a raw socket receives from now on, as text (the socket keeps reading). */
export function collect(socket: Socket): { text: () => string } {
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (text += chunk));
  return { text: () => text };
}

/** A POST as raw HTTP/1.1 text (`contentLength` may claim more than the body). */
export function rawRequest(
  server: McpHttpServerHandle,
  body: unknown,
  headers: Record<string, string> = {},
  contentLength?: number,
): string {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  const lines = [
    `POST /mcp HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    "Content-Type: application/json",
    `Accept: ${ACCEPT}`,
    `Content-Length: ${contentLength ?? Buffer.byteLength(payload)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${payload}`;
}

/** The status line and headers a raw socket receives first, and whether the server then closes it. */
export function rawReply(socket: Socket): Promise<{ head: string; body: string; closed: Promise<void> }> {
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return new Promise((resolve) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end !== -1 && length !== undefined && text.length >= end + 4 + Number(length))
        resolve({ head: text.slice(0, end), body: text.slice(end + 4, end + 4 + Number(length)), closed });
    });
  });
}

export const ping = { jsonrpc: "2.0", id: 9, method: "ping" };

/** Holds the event loop for `ms` (a costly turn, for the turn rules). */
export function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
