/**
 * Review of issue 26 (watchdog): the watchdog is on by default and starts a worker thread
 * on the first tool call. Under Node's permission model without --allow-worker, creating
 * it throws (ERR_ACCESS_DENIED) inside the call's dispatch, so every `tools/call` is
 * answered "Internal error". A watchdog that cannot run must not take the tools with it.
 * Needs the runtime's build (`npm run build`).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SERVER = fileURLToPath(new URL("./fixtures/permission-server.mjs", import.meta.url));
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

describe.skipIf(!process.allowedNodeEnvironmentFlags.has(PERMISSION_FLAG))(
  "a server under the permission model",
  () => {
    it("still answers tool calls when the watchdog cannot start its thread", async () => {
      const child = spawn(process.execPath, [PERMISSION_FLAG, "--allow-fs-read=*", "--no-warnings", SERVER], {
        stdio: ["pipe", "pipe", "ignore"],
      });
      const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
        let buffer = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          buffer += chunk;
          for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
            const message = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
            buffer = buffer.slice(nl + 1);
            if (message.id === 1) resolve(message);
          }
        });
        child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
      });
      const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
      send({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      });
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } });
      try {
        const message = await answer;
        expect(message.error).toBeUndefined();
        expect(message.result).toMatchObject({ content: [{ type: "text", text: '{"text":"hi"}' }] });
      } finally {
        child.stdin.end();
        child.kill();
      }
    });
  },
);
