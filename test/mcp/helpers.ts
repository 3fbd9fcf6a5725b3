/** Helpers shared by the MCP tests: the stdio fixture command and an in-process raw JSON-RPC line client. */
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { serveStdio, type McpServerHandle, type StdioServerOptions } from "@mcp-specgen/runtime";
import type { ToolRegistry } from "@mcp-specgen/runtime";
import { tsChildArgs } from "../helpers/ts-child.js";

/** How to start the stdio fixture server as a child process. */
export function fixtureServer(env: Record<string, string> = {}): {
  command: string;
  args: string[];
  env: Record<string, string>;
} {
  return {
    command: process.execPath,
    args: tsChildArgs(fileURLToPath(new URL("./fixtures/stdio-server.ts", import.meta.url))),
    env,
  };
}

/** A bin from node_modules/.bin (reference servers are devDependencies: no network at test time). */
export function bin(name: string): string {
  return fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));
}

/** A raw JSON-RPC peer of an in-process stdio server (PassThrough pipes instead of a child process). */
export interface RawPeer {
  handle: McpServerHandle;
  /** The server's stdin (emit "data" on it to hand the reader exact chunks, synchronously). */
  stdin: PassThrough;
  /** Writes a line (a string is written as is, plus "\n"; anything else is JSON-encoded). */
  send(message: unknown): void;
  /** Writes raw text (no newline added). */
  write(text: string): void;
  /** Sends a request and waits for its response. */
  request(method: string, params?: unknown): Promise<Record<string, any>>;
  /** The next message the server writes that satisfies `match` (default: any). */
  next(match?: (message: Record<string, any>) => boolean): Promise<Record<string, any>>;
  /** Every message received so far. */
  received: Record<string, any>[];
  close(): Promise<void>;
}

export async function startRawStdio(registry: ToolRegistry, options: StdioServerOptions = {}): Promise<RawPeer> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const handle = await serveStdio(registry, { ...options, stdin, stdout });
  const received: Record<string, any>[] = [];
  const waiters: { match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  let buffer = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const message = JSON.parse(line) as Record<string, any>;
      received.push(message);
      const i = waiters.findIndex((w) => w.match(message));
      if (i !== -1) waiters.splice(i, 1)[0].resolve(message);
    }
  });
  let nextId = 1000;
  const peer: RawPeer = {
    handle,
    stdin,
    received,
    send(message) {
      stdin.write((typeof message === "string" ? message : JSON.stringify(message)) + "\n");
    },
    write(text) {
      stdin.write(text);
    },
    next(match = () => true) {
      const seen = received.find(match);
      if (seen !== undefined) {
        received.splice(received.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve) =>
        waiters.push({
          match,
          resolve: (m) => {
            received.splice(received.indexOf(m), 1);
            resolve(m);
          },
        }),
      );
    },
    request(method, params) {
      const id = nextId++;
      peer.send({ jsonrpc: "2.0", id, method, params });
      return peer.next((m) => m.id === id);
    },
    async close() {
      stdin.end();
      await handle.closed;
    },
  };
  return peer;
}

/** Waits until `check` returns true (polling), or fails after `ms` (only so that a hang ends: keep it generous). */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("waitFor: timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}
