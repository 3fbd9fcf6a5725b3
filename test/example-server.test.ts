import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { REPO } from "./helpers/project.js";
import manifest from "../generated/manifest.json" with { type: "json" };

// The official SDK client against `npm run example` (examples/server.ts), started as a
// child process over stdio and over Streamable HTTP on 127.0.0.1, stopped after.
const SERVER = ["--import", "tsx", path.join(REPO, "examples/server.ts")];

let workspace: string;
beforeAll(() => {
  workspace = mkdtempSync(path.join(tmpdir(), "mcp-specgen-example-"));
  cpSync(path.join(REPO, "examples/workspace"), workspace, { recursive: true });
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** Starts the example over HTTP on a free port; resolves once it prints its URL. */
function startHttp(extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER, "--http", "0", "--root", workspace, ...extra], {
    cwd: REPO,
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`example server did not start: ${err}`)), 20_000);
    child.stderr!.on("data", (d: Buffer) => {
      err += d;
      const m = /MCP server on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    });
    child.on("exit", (code) => reject(new Error(`example server exited with ${code}: ${err}`)));
  });
}

const ARGS: Record<string, Record<string, unknown>> = {
  "ai_code_editing.generate_code": { prompt: "Create a function to add numbers", language: "typescript" },
  "file_utility.read_file_content": { file_path: "docs/notes.txt" },
  "file_utility.delete_file": { file_path: "scratch.txt" },
  "system_info.get_server_status": {},
  "system_info.measure_event_loop_lag": { samples: 2, interval_ms: 5 },
  "task_tracker.create_task": { title: "Try the example", tags: ["demo"] },
  "task_tracker.list_tasks": { limit: 5 },
  "text_analysis.word_stats": { text: "one two two" },
};

describe.each([
  [
    "stdio",
    async () => {
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [...SERVER, "--root", workspace, "--allow-destructive"],
          cwd: REPO,
          stderr: "ignore",
        }),
      );
      return { client, stop: async () => client.close() };
    },
  ],
  [
    "http",
    async () => {
      const { url, child } = await startHttp(["--allow-destructive"]);
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return {
        client,
        stop: async () => {
          await client.close();
          child.kill();
        },
      };
    },
  ],
] as const)("the example server over %s, with the SDK client", (_transport, connect) => {
  let client: Client;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    cpSync(path.join(REPO, "examples/workspace"), workspace, { recursive: true });
    writeFileSync(path.join(workspace, "scratch.txt"), "to be deleted");
    ({ client, stop } = await connect());
  });
  afterAll(async () => stop());

  it("lists every tool exactly as the manifest describes it", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(manifest.tools.map((t) => t.name).sort());
    for (const t of manifest.tools) {
      const listed = byName.get(t.name)!;
      expect(listed.inputSchema).toEqual(t.inputSchema);
      expect(listed.outputSchema).toEqual("outputSchema" in t ? t.outputSchema : undefined);
      expect(listed.annotations).toEqual(t.annotations);
      expect(listed.description).toBe(t.description);
    }
  });

  it("calls every tool", async () => {
    for (const t of manifest.tools) {
      const r = await client.callTool({ name: t.name, arguments: ARGS[t.name]! });
      expect(r.isError, `${t.name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      expect(r.structuredContent, t.name).toBeDefined();
    }
    expect(existsSync(path.join(workspace, "scratch.txt"))).toBe(false);
  });

  it("returns validation failures as isError with the error detail", async () => {
    const r = await client.callTool({ name: "text_analysis.word_stats", arguments: { text: 5 } });
    expect(r.isError).toBe(true);
    const detail = JSON.parse((r.content as Array<{ text: string }>)[0]!.text) as { error_type: string };
    expect(detail.error_type).toBe("ValidationError");
  });

  it("sends progress notifications", async () => {
    const progress: number[] = [];
    await client.callTool(
      { name: "system_info.measure_event_loop_lag", arguments: { samples: 4, interval_ms: 5 } },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("rejects a cancelled call and goes on serving", async () => {
    // (That the runtime aborts the handler of a cancelled call is checked where a handler can
    // count it: test/mcp/stdio-server.test.ts and http-server.test.ts.)
    const controller = new AbortController();
    const call = client.callTool(
      { name: "system_info.measure_event_loop_lag", arguments: { samples: 100, interval_ms: 100 } },
      CallToolResultSchema,
      { signal: controller.signal, onprogress: () => controller.abort("test") },
    );
    await expect(call).rejects.toThrow();
    const status = await client.callTool({ name: "system_info.get_server_status", arguments: {} });
    expect(status.isError).toBeFalsy();
  });
});

describe("the example server over HTTP without a trust policy", () => {
  it("refuses the destructive tool with PermissionError", async () => {
    const { url, child } = await startHttp();
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const r = await client.callTool({
        name: "file_utility.delete_file",
        arguments: { file_path: "docs/notes.txt", missing_ok: true },
      });
      expect(r.isError).toBe(true);
      expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/PermissionError/);
    } finally {
      await client.close();
      child.kill();
    }
  });
});
