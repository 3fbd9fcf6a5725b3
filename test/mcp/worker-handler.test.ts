/**
 * workerHandler: CPU-bound handlers in worker threads. The point is the last
 * tests: a handler stuck in `while (true) {}` times out or is cancelled (its
 * worker is terminated) while the server keeps answering `ping`. No time is
 * measured: what happens first is read from the order of messages, and whether
 * a worker still runs from a file it appends to.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ToolRegistry, workerHandler } from "@mcp-specgen/runtime";
import { startRawStdio } from "./helpers.js";

const MODULE = new URL("./fixtures/worker-tools.mjs", import.meta.url);
const OBJECT = { type: "object" } as const;

const dir = mkdtempSync(join(tmpdir(), "mcp-worker-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function registryWith(timeoutMs = 10_000): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register({ name: "sum", inputSchema: OBJECT }, workerHandler(MODULE, "sum"));
  registry.register({ name: "echo", inputSchema: OBJECT }, workerHandler(fileURLToPath(MODULE))); // default export, absolute path
  registry.register({ name: "spin", inputSchema: OBJECT, timeoutMs }, workerHandler(MODULE, "spin"));
  registry.register({ name: "throws_typed", inputSchema: OBJECT }, workerHandler(MODULE, "throwsTyped"));
  registry.register({ name: "throws_plain", inputSchema: OBJECT }, workerHandler(MODULE, "throwsPlain"));
  registry.register({ name: "branded_failure", inputSchema: OBJECT }, workerHandler(MODULE, "brandedFailure"));
  registry.register({ name: "returns_function", inputSchema: OBJECT }, workerHandler(MODULE, "returnsFunction"));
  registry.register({ name: "exits", inputSchema: OBJECT }, workerHandler(MODULE, "exits"));
  registry.register({ name: "not_a_function", inputSchema: OBJECT }, workerHandler(MODULE, "notAFunction"));
  registry.register(
    { name: "missing_module", inputSchema: OBJECT },
    workerHandler(new URL("./fixtures/nope.mjs", import.meta.url)),
  );
  return registry;
}

describe("workerHandler", () => {
  const registry = registryWith();

  it("runs the exported function with the arguments and forwards progress", async () => {
    const progress: unknown[] = [];
    const result = await registry.execute(
      { tool_name: "sum", arguments: { a: 2, b: 40 } },
      { onProgress: (...p) => progress.push(p) },
    );
    expect(result).toMatchObject({ status: "success", data: { sum: 42, tool: "sum" } });
    expect(progress).toEqual([[1, 1, "added"]]);
    expect(await registry.execute({ tool_name: "echo", arguments: { x: [1, "y"] } })).toMatchObject({
      data: { echoed: { x: [1, "y"] } },
    });
  });

  it("keeps error types, messages and details of what the worker throws", async () => {
    expect((await registry.execute({ tool_name: "throws_typed", arguments: {} })).error).toEqual({
      error_type: "ResourceNotFound",
      error_message: "no such row",
      error_details: { id: 7 },
    });
    expect((await registry.execute({ tool_name: "throws_plain", arguments: {} })).error).toEqual({
      error_type: "ToolExecutionError",
      error_message: "out of range",
      error_details: { exception: "RangeError" },
    });
  });

  it("brings a branded result back as a result, not as data", async () => {
    const result = await registry.execute({ tool_name: "branded_failure", arguments: {} });
    expect(result).toMatchObject({
      status: "failure",
      data: null,
      error: { error_type: "Custom", error_message: "branded failure" },
    });
  });

  it("fails cleanly for results it cannot copy, workers that exit, bad exports and missing modules", async () => {
    expect((await registry.execute({ tool_name: "returns_function", arguments: {} })).error?.error_type).toBe(
      "SerializationError",
    );
    const exited = await registry.execute({ tool_name: "exits", arguments: {} });
    expect(exited.error?.error_message).toMatch(/exited \(code 3\) without a result/);
    expect((await registry.execute({ tool_name: "not_a_function", arguments: {} })).error?.error_message).toMatch(
      /no exported function "notAFunction"/,
    );
    expect((await registry.execute({ tool_name: "missing_module", arguments: {} })).status).toBe("failure");
  });

  it("refuses relative paths and empty export names at once", () => {
    expect(() => workerHandler("./fixtures/worker-tools.mjs")).toThrow(TypeError);
    expect(() => workerHandler(MODULE, "")).toThrow(TypeError);
  });

  it("terminates a spinning worker when the call times out", async () => {
    const ticks = join(dir, "timeout.ticks");
    writeFileSync(ticks, "");
    const fast = registryWith(300);
    const result = await fast.execute({ tool_name: "spin", arguments: { file: ticks } });
    expect(result.error?.error_type).toBe("TimeoutError");
    await expectStopped(ticks);
  });

  it("terminates a spinning worker when the call is cancelled", async () => {
    const ticks = join(dir, "cancel.ticks");
    writeFileSync(ticks, "");
    const controller = new AbortController();
    const pending = registry.execute(
      { tool_name: "spin", arguments: { file: ticks } },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    const result = await pending;
    expect(result.error?.error_type).toBe("Cancelled");
    await expectStopped(ticks);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The worker appends to `file` every 20 ms while it runs: the file must stop growing. A tick
 * in flight may land after the call ended; then the file stays as it is for many ticks.
 */
async function expectStopped(file: string): Promise<void> {
  let size = statSync(file).size;
  // A bound on the tries only ends a worker that never stops: it grows the file every time.
  for (let tries = 0; tries < 50; tries++) {
    await sleep(300);
    const now = statSync(file).size;
    if (now === size) return;
    size = now;
  }
  expect.fail(`${file} still grows: the worker runs on`);
}

/** Resolves once `file` is larger than `size` bytes: its worker is spinning. */
async function grows(file: string, size: number): Promise<void> {
  while (statSync(file).size <= size) await sleep(20);
}

describe("a CPU-bound handler in a worker does not block the server", () => {
  it("answers ping while the handler spins, and stops the worker when the call is cancelled", async () => {
    const ticks = join(dir, "server.ticks");
    writeFileSync(ticks, "");
    const peer = await startRawStdio(registryWith(60_000));
    try {
      peer.send({
        jsonrpc: "2.0",
        id: "spin",
        method: "tools/call",
        params: { name: "spin", arguments: { file: ticks }, _meta: { progressToken: "t" } },
      });
      // The worker reports progress just before it starts spinning.
      await peer.next((m) => m.method === "notifications/progress");
      for (let i = 0; i < 3; i++) {
        expect((await peer.request("ping")).result).toEqual({});
        // Still spinning after the answer: the server answered beside it, not after it.
        await grows(ticks, statSync(ticks).size);
      }
      peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "spin" } });
      await expectStopped(ticks);
      expect((await peer.request("ping")).result).toEqual({});
    } finally {
      await peer.close();
    }
  });
});
