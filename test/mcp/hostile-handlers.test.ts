/**
 * Misbehaving handlers against the real servers: every call is answered (a
 * failure with the right error_type, never silence), and the server process
 * stays up and keeps answering `ping`. The child-process servers would exit on
 * an unhandled rejection or an uncaught exception, so they prove containment.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolRegistry, type ToolDefinition } from "@mcp-specgen/runtime";
import { serveHttp, type McpHttpServerHandle } from "@mcp-specgen/runtime";
import { createHostileRegistry, EXPECTED_ERROR_TYPES, HOSTILE_HANDLERS } from "./fixtures/hostile-tools.js";
import { startRawStdio } from "./helpers.js";
import { tsChildArgs } from "../helpers/ts-child.js";

const HOSTILE_SERVER_ARGS = tsChildArgs(fileURLToPath(new URL("./fixtures/hostile-server.ts", import.meta.url)));
const TOOLS = Object.keys(HOSTILE_HANDLERS);

/** Calls every hostile tool (all at once) and checks each answer. */
async function callAll(client: Client): Promise<void> {
  const results = await Promise.all(
    TOOLS.map((name) =>
      client.callTool({ name, arguments: {} }, undefined, { timeout: 30_000 }).then((result) => ({ name, result })),
    ),
  );
  for (const { name, result } of results) {
    const expected = EXPECTED_ERROR_TYPES[name];
    if (expected === undefined) {
      expect(result.isError, name).toBeFalsy();
      continue;
    }
    expect(result.isError, name).toBe(true);
    const detail = JSON.parse((result.content as { text: string }[])[0].text);
    expect(detail.error_type, name).toBe(expected);
  }
  // Still serving: a ping and a normal call.
  await client.ping();
  expect(await client.callTool({ name: "ok", arguments: {} })).toMatchObject({
    content: [{ type: "text", text: '{"fine":true}' }],
  });
}

describe("misbehaving handlers over stdio (child process)", () => {
  let client: Client;
  let transport: StdioClientTransport;
  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: HOSTILE_SERVER_ARGS,
      stderr: "pipe",
    });
    client = new Client({ name: "hostile-test", version: "1.0.0" });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  it("answers every call and stays up", async () => {
    await callAll(client);
    await callAll(client); // twice: nothing was left in a bad state
    expect(transport.pid).toBeTypeOf("number");
    expect(() => process.kill(transport.pid!, 0)).not.toThrow(); // the process is alive
  });
});

describe("misbehaving handlers over HTTP (child process)", () => {
  let child: ChildProcess;
  let client: Client;
  let exitCode: number | null | undefined;
  beforeAll(async () => {
    child = spawn(process.execPath, [...HOSTILE_SERVER_ARGS, "--http"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    child.on("exit", (code) => (exitCode = code));
    const url = await new Promise<string>((resolve, reject) => {
      let buffer = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        const nl = buffer.indexOf("\n");
        if (nl !== -1) resolve((JSON.parse(buffer.slice(0, nl)) as { url: string }).url);
      });
      child.once("exit", () => reject(new Error("the server exited before listening")));
    });
    client = new Client({ name: "hostile-http-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  });
  afterAll(async () => {
    await client?.close();
    child?.stdin?.end();
    if (child && exitCode === undefined) await new Promise((resolve) => child.once("exit", resolve));
  });

  it("answers every call and stays up", async () => {
    await callAll(client);
    await callAll(client);
    expect(exitCode).toBeUndefined();
  });
});

for (const jsonResponse of [false, true]) {
  describe(`misbehaving handlers over HTTP in process (${jsonResponse ? "JSON" : "SSE"} responses)`, () => {
    let server: McpHttpServerHandle;
    let client: Client;
    beforeAll(async () => {
      server = await serveHttp(createHostileRegistry(), { jsonResponse });
      client = new Client({ name: "hostile-http-inproc", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    });
    afterAll(async () => {
      await client?.close();
      await server?.close();
    });

    it("answers every call", async () => {
      await callAll(client);
    });
  });
}

describe("unserializable messages over raw stdio", () => {
  it("drops an unserializable log notification but answers the call", async () => {
    const peer = await startRawStdio(createHostileRegistry());
    try {
      const response = await peer.request("tools/call", { name: "log_bigint", arguments: {} });
      expect(response.result.content[0].text).toBe('{"logged":true}');
      const logs = peer.received.filter((m) => m.method === "notifications/message");
      expect(logs.map((m) => m.params.data)).toEqual(["still logging"]);
      // A progress token whose value JSON cannot hold is impossible on the wire; a
      // progress value a handler made up is dropped the same way.
      const progress = await peer.request("tools/call", {
        name: "progress_bigint",
        arguments: {},
        _meta: { progressToken: "p" },
      });
      expect(progress.result.content[0].text).toBe('{"progressed":true}');
      expect((await peer.request("ping")).result).toEqual({});
    } finally {
      await peer.close();
    }
  });
});

describe("a bug inside dispatch", () => {
  /** A registry whose lookup throws for one name: stands in for any bug between reading and answering. */
  class BrokenRegistry extends ToolRegistry {
    override get(name: string): ToolDefinition | undefined {
      if (name === "broken") throw new Error("lookup bug");
      return super.get(name);
    }
  }

  it("is answered with -32603 and the server keeps serving", async () => {
    const registry = new BrokenRegistry();
    registry.register({ name: "ok", inputSchema: { type: "object" } }, () => ({ fine: true }));
    const peer = await startRawStdio(registry);
    try {
      const response = await peer.request("tools/call", { name: "broken", arguments: {} });
      expect(response.error).toEqual({ code: -32603, message: "Internal error" });
      peer.send({ jsonrpc: "2.0", method: "tools/call", params: { name: "broken" } }); // a notification: no answer
      expect((await peer.request("ping")).result).toEqual({});
      expect(peer.received).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});
