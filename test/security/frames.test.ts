import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { jsonValue, text } from "./arbitraries.js";
import { tsChildArgs } from "../helpers/ts-child.js";

// Random and malformed JSON-RPC frames against a real stdio server (a child process): after
// every batch it must still answer `ping` and a valid `tools/call`, and it must never exit.
// FRAME_RUNS sets the number of batches (each of 10 to 60 frames).
const SERVER_ARGS = tsChildArgs(path.join(import.meta.dirname, "../mcp/fixtures/hostile-server.ts"));
const BATCHES = Number(process.env.FRAME_RUNS ?? 40);
const SEED = 20261123;

const METHODS = [
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "notifications/cancelled",
  "notifications/initialized",
  "logging/setLevel",
  "resources/list",
  "nope",
  "",
];

/** One frame: a plausible request with random parts, random JSON, or raw bytes. */
const frame: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          jsonrpc: fc.oneof(fc.constant("2.0"), jsonValue),
          id: fc.oneof(fc.integer(), text, fc.constant(null), jsonValue, fc.double()),
          method: fc.oneof(fc.constantFrom(...METHODS), text),
          params: fc.oneof(
            fc.record(
              {
                name: fc.oneof(
                  fc.constantFrom(
                    "ok",
                    "reject_proxy",
                    "throw_getters",
                    "reject_null",
                    "log_bigint",
                    "progress_bigint",
                    "nope",
                  ),
                  text,
                ),
                arguments: fc.oneof(jsonValue, fc.dictionary(text, jsonValue)),
              },
              { requiredKeys: [] },
            ),
            fc.record(
              {
                requestId: jsonValue,
                reason: text,
                cursor: jsonValue,
                level: text,
                protocolVersion: text,
                _meta: fc.dictionary(text, jsonValue),
              },
              { requiredKeys: [] },
            ),
            jsonValue,
          ),
        },
        { requiredKeys: [] },
      )
      .map((m) => JSON.stringify(m)),
  },
  { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? "null") },
  { weight: 1, arbitrary: fc.array(jsonValue, { maxLength: 5 }).map((batch) => JSON.stringify(batch)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      text,
      fc.constantFrom(
        "{",
        "}",
        "[",
        '{"jsonrpc":"2.0","id":1,"method":"ping"',
        "\u0000",
        "\uFEFF{}",
        "\r",
        '{"__proto__":{"polluted":1},"jsonrpc":"2.0","id":1,"method":"ping"}',
      ),
    ),
  },
);

let child: ChildProcess;
let buffer = "";
const waiting = new Map<number, (message: Record<string, unknown>) => void>();
let nextId = 1_000_000;
let exited = false;

function request(method: string, params: unknown): Promise<Record<string, unknown>> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 30 s`)), 30_000);
    waiting.set(id, (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
  });
}

beforeAll(async () => {
  child = spawn(process.execPath, SERVER_ARGS, { stdio: ["pipe", "pipe", "ignore"] });
  child.on("exit", () => (exited = true));
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`the server wrote a line that is not JSON: ${line.slice(0, 200)}`);
      }
      if (typeof message.id === "number") waiting.get(message.id)?.(message);
    }
  });
  const init = await request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "frames", version: "1" },
  });
  expect(init.result).toBeDefined();
  child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
});

afterAll(() => {
  child.stdin!.end();
  child.kill();
});

describe("hostile frames over stdio", () => {
  it(`the server answers ping and a valid call after every batch of random frames (${BATCHES} batches)`, async () => {
    let frames = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 10, maxLength: 60 }), async (batch) => {
        for (const line of batch) child.stdin!.write(`${line.replace(/\n/g, " ")}\n`);
        frames += batch.length;
        const ping = await request("ping", {});
        expect(ping.result).toEqual({});
        const call = await request("tools/call", { name: "ok", arguments: {} });
        expect(JSON.stringify(call.result)).toContain("fine");
        expect(exited).toBe(false);
      }),
      { seed: SEED, numRuns: BATCHES, endOnFailure: true },
    );
    expect(frames).toBeGreaterThan(BATCHES);
    console.log(`frames: ${frames} random frames in ${BATCHES} batches, server answered after each`);
  }, 600_000);
});
