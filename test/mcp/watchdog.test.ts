/**
 * The event-loop watchdog, end to end: child-process servers whose handler never
 * returns control. Over stdio the client gets a JSON-RPC error naming the tool and the
 * process ends with a non-zero status (SIGKILL); over HTTP the process ends the same way
 * after logging the tool. A handler that is slow but yields is not touched. No timing is
 * asserted: without the watchdog these tests wait until their own timeout.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { tsChildArgs } from "../helpers/ts-child.js";

const SERVER_ARGS = tsChildArgs(fileURLToPath(new URL("./fixtures/stuck-server.ts", import.meta.url)));
/**
 * The watchdog's bound in these servers: it counts wall-clock time, so it must stay far above
 * what a burst of the server's own work (its first call starts the watchdog's thread and
 * compiles validators) takes on a loaded machine, where the process gets a small share of a CPU.
 */
const STALL_MS = 2_000;

interface Child {
  process: ChildProcess;
  /** Every JSON line the server wrote on stdout. */
  lines: Record<string, any>[];
  stderr(): string;
  /** Resolves with the exit status once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The first stdout message matching `match`. */
  next(match: (message: Record<string, any>) => boolean): Promise<Record<string, any>>;
  send(message: unknown): void;
}

// The tests run at the same time (each mostly waits for its server's watchdog): servers
// still running when they are done are stopped at the end.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
});

function start(args: string[]): Child {
  const child = spawn(process.execPath, [...SERVER_ARGS, `--stall=${STALL_MS}`, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const lines: Record<string, any>[] = [];
  const waiters: { match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  let buffer = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const message = JSON.parse(buffer.slice(0, nl)) as Record<string, any>;
      buffer = buffer.slice(nl + 1);
      lines.push(message);
      const i = waiters.findIndex((w) => w.match(message));
      if (i !== -1) waiters.splice(i, 1)[0].resolve(message);
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    process: child,
    lines,
    stderr: () => stderr,
    exited,
    next: (match) => {
      const found = lines.find(match);
      return found !== undefined ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    send: (message) => child.stdin!.write(`${JSON.stringify(message)}\n`),
  };
}

const call = (id: number | string, name: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: {} },
});

describe.concurrent("watchdog over stdio", () => {
  it("answers a call stuck in a synchronous loop with an error naming the tool, then ends the process", async () => {
    const server = start([]);
    server.send({ jsonrpc: "2.0", id: 1, method: "ping" });
    await server.next((m) => m.id === 1);
    server.send(call("stuck-1", "spin"));
    const answer = await server.next((m) => m.id === "stuck-1");
    expect(answer.error).toEqual({
      code: -32603,
      message: expect.stringContaining(`Tool "spin" blocked the event loop for more than ${STALL_MS} ms`),
      data: { tool: "spin", stallMs: STALL_MS },
    });
    expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(server.stderr()).toContain('mcp-specgen stdio server: Tool "spin" blocked the event loop');
  });

  it("ends the process when a handler blocks after an await (no call to answer, the log says so)", async () => {
    const server = start([]);
    server.send(call(2, "block_after_await"));
    expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(server.stderr()).toContain("outside the synchronous start of any tool call");
    expect(server.lines.filter((m) => m.id === 2)).toEqual([]);
  });

  it("leaves a slow handler that yields alone", async () => {
    const server = start([]);
    server.send(call(3, "slow_yielding"));
    const answer = await server.next((m) => m.id === 3);
    expect(answer.result.isError).toBeUndefined();
    expect(JSON.parse(answer.result.content[0].text).rounds).toBeGreaterThan(1);
    server.send({ jsonrpc: "2.0", id: 4, method: "ping" });
    expect(await server.next((m) => m.id === 4)).toMatchObject({ result: {} });
    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    server.process.stdin!.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe.concurrent("watchdog and a client that stops reading", () => {
  it("does not take a full output pipe for a stall", async () => {
    const server = start([]);
    server.send({ jsonrpc: "2.0", id: 0, method: "ping" });
    await server.next((m) => m.id === 0);
    server.process.stdout!.pause();
    // Far more than a pipe holds: the server's writes back up while nobody reads.
    const total = 4_000;
    for (let id = 1; id <= total; id++) server.send({ jsonrpc: "2.0", id, method: "ping" });
    // Past the time a stall takes to be seen (the bound, and a quarter of it at most).
    await new Promise((resolve) => setTimeout(resolve, 2 * STALL_MS));
    server.process.stdout!.resume();
    await server.next((m) => m.id === total);
    expect(server.lines.filter((m) => typeof m.id === "number" && m.id >= 1)).toHaveLength(total);
    expect(server.process.signalCode).toBeNull();
    server.process.stdin!.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe.concurrent("watchdog over HTTP", () => {
  it("logs the stuck tool and ends the process, resetting its connections", async () => {
    const server = start(["--http"]);
    const { url } = (await server.next((m) => typeof m.url === "string")) as { url: string };
    const post = (body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    expect(init.status).toBe(200);
    const session = init.headers.get("mcp-session-id");
    await init.text();
    const stuck = fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": session ?? "",
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify(call(2, "block")),
    }).then(
      (response) => response.text(),
      (error: unknown) => error,
    );
    expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(await stuck).toBeInstanceOf(Error);
    expect(server.stderr()).toContain('mcp-specgen HTTP server: Tool "block" blocked the event loop');
  });
});
