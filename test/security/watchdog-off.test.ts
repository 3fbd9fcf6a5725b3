/**
 * A watchdog that cannot start its thread (Node's permission model without --allow-worker)
 * leaves the server serving without it, and says so once, on stderr (a process warning).
 * Needs the runtime's build (`npm run build`).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SERVER = fileURLToPath(new URL("./fixtures/permission-server.mjs", import.meta.url));
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

describe.skipIf(!process.allowedNodeEnvironmentFlags.has(PERMISSION_FLAG))("a watchdog that cannot start", () => {
  it("is reported once, and every call is answered", async () => {
    const child = spawn(process.execPath, [PERMISSION_FLAG, "--allow-fs-read=*", SERVER], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const answers = new Map<unknown, Record<string, unknown>>();
    const done = new Promise<void>((resolve, reject) => {
      let buffer = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffer += chunk;
        for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
          const message = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
          buffer = buffer.slice(nl + 1);
          answers.set(message.id, message);
          if (answers.has(1) && answers.has(2)) resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    for (const id of [1, 2])
      send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { n: id } } });
    try {
      await done;
      for (const id of [1, 2]) expect(answers.get(id)).toMatchObject({ result: { content: [{ type: "text" }] } });
      expect(stderr.match(/the watchdog is off: it cannot start its thread/g)).toHaveLength(1);
    } finally {
      child.stdin.end();
      child.kill();
    }
  });
});
