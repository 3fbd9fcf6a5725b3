/**
 * Review of issue 26 (watchdog): a server process that is suspended (SIGSTOP: Ctrl-Z in a
 * terminal, `docker pause`, a cgroup freezer) for longer than the watchdog's bound, then
 * resumed, was not stalled — its watchdog thread was stopped as well — yet on SIGCONT the
 * watchdog sees a heartbeat that has not moved for that long and kills the process.
 * No timing is asserted: the test checks that the resumed server still answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { tsChildArgs } from "../helpers/ts-child.js";

const SERVER_ARGS = tsChildArgs(fileURLToPath(new URL("../mcp/fixtures/stuck-server.ts", import.meta.url)));
const STALL_MS = 100;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.signalCode === "SIGSTOP") child.kill("SIGCONT");
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
});

function start(): { child: ChildProcess; next(id: number): Promise<Record<string, unknown> | undefined> } {
  const child = spawn(process.execPath, [...SERVER_ARGS, `--stall=${STALL_MS}`], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  const waiters: Array<{ id: number; resolve: (m: Record<string, unknown> | undefined) => void }> = [];
  let buffer = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const message = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      lines.push(message);
      for (const w of waiters.filter((w) => w.id === message.id)) w.resolve(message);
    }
  });
  child.once("exit", () => {
    for (const w of waiters.splice(0)) w.resolve(undefined);
  });
  return {
    child,
    next: (id) => {
      const found = lines.find((m) => m.id === id);
      if (found) return Promise.resolve(found);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(undefined);
      return new Promise((resolve) => waiters.push({ id, resolve }));
    },
  };
}

const send = (child: ChildProcess, message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.platform === "win32")("watchdog and a suspended process", () => {
  it("a server suspended past the bound and resumed keeps serving", async () => {
    const { child, next } = start();
    // A first tool call starts the watchdog (slow but yielding: never a stall).
    send(child, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "slow_yielding", arguments: {} } });
    expect(await next(1)).toBeDefined();
    // Which thread runs first on SIGCONT is a race: several rounds make the outcome certain.
    for (let round = 2; round < 12; round++) {
      child.kill("SIGSTOP");
      await sleep(STALL_MS * 5);
      child.kill("SIGCONT");
      await sleep(STALL_MS * 2);
      send(child, { jsonrpc: "2.0", id: round, method: "ping" });
      expect(await next(round), `round ${round - 1}`).toMatchObject({ id: round, result: {} });
    }
  });
});
