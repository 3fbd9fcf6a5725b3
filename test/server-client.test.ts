import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  inProcessTransport,
  ToolCallError,
  success,
  failure,
  MCPError,
  type AuditRecord,
  type ToolRegistry,
} from "@mcp-specgen/runtime";
import { createRegistry, type ToolHandlers } from "../generated/server.js";
import { createClient, createRawClient } from "../generated/client.js";
import { toolDefinitions } from "../generated/tools.js";
import manifest from "../generated/manifest.json" with { type: "json" };
import { createHandlers } from "../examples/handlers.js";

let workspace: string;
let registry: ToolRegistry;
const audit: AuditRecord[] = [];

beforeAll(() => {
  workspace = mkdtempSync(path.join(tmpdir(), "mcp-specgen-ws-"));
  mkdirSync(path.join(workspace, "docs"));
  writeFileSync(path.join(workspace, "docs/notes.txt"), "hello world");
  writeFileSync(path.join(workspace, "old.log"), "x");
  symlinkSync("/etc/hostname", path.join(workspace, "escape"));
  registry = createRegistry(createHandlers({ workspaceRoot: workspace, toolCount: () => registry.list().length }), {
    trustPolicy: (tool) => tool.name === "file_utility.delete_file",
    onAudit: (r) => audit.push(r),
  });
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe("generated client → generated server, in process", () => {
  const client = () => createClient(inProcessTransport(registry));
  const raw = () => createRawClient(inProcessTransport(registry));

  it("registers every tool with the manifest's definition", () => {
    expect(
      registry
        .list()
        .map((d) => d.name)
        .sort(),
    ).toEqual(manifest.tools.map((t) => t.name).sort());
    for (const t of manifest.tools) {
      const d = registry.get(t.name)!;
      expect({
        name: d.name,
        description: d.description,
        inputSchema: d.inputSchema,
        outputSchema: d.outputSchema,
        annotations: d.annotations,
      }).toEqual({
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema,
        outputSchema: "outputSchema" in t ? t.outputSchema : undefined,
        annotations: t.annotations,
      });
      const { namespace, method } = t.identifiers as { namespace: keyof typeof toolDefinitions; method: string };
      expect((toolDefinitions[namespace] as Record<string, unknown>)[method]).toMatchObject({ name: t.name });
    }
  });

  it("calls every tool in specs/ successfully", async () => {
    const c = client();
    const code = await c.aiCodeEditing.generateCode({
      prompt: "Create a function to sum numbers",
      language: "python",
      style: { indent: 2 },
    });
    expect(code.generated_code).toMatch(/^def sum_numbers/);
    expect(code.lines_generated).toBe(code.generated_code.split("\n").length);
    expect(await c.fileUtility.readFileContent({ file_path: "docs/notes.txt", max_bytes: 5 })).toEqual({
      file_path: "docs/notes.txt",
      content: "hello",
      size_bytes: 11,
      truncated: true,
    });
    const { task } = await c.taskTracker.createTask({
      title: "Ship",
      priority: "high",
      tags: ["release"],
      checklist: [{ text: "tag" }],
    });
    expect(task).toMatchObject({
      title: "Ship",
      priority: "high",
      tags: ["release"],
      assignee: null,
      checklist: [{ text: "tag", done: false }],
    });
    expect(await c.taskTracker.listTasks({ priority: ["high"], limit: 5 })).toEqual({ tasks: [task], total: 1 });
    const status = await c.systemInfo.getServerStatus({});
    expect(status.tools_registered).toBe(8);
    expect(status.runtime).toBe(`node ${process.version}`);
    expect(await c.textAnalysis.wordStats({ text: "The cat sat. The cat ran.", top_n: 2 })).toEqual({
      words: 6,
      sentences: 2,
      characters: 25,
      top_words: [
        { word: "cat", count: 2 },
        { word: "the", count: 2 },
      ],
    });
    expect(await c.fileUtility.deleteFile({ file_path: "old.log" })).toEqual({ file_path: "old.log", deleted: true });
    expect(existsSync(path.join(workspace, "old.log"))).toBe(false);
    expect(await c.fileUtility.deleteFile({ file_path: "old.log", missing_ok: true })).toEqual({
      file_path: "old.log",
      deleted: false,
    });
  });

  it("throws a ToolCallError carrying the MCPErrorDetail on failure; the raw client returns it", async () => {
    const err = await client()
      .fileUtility.readFileContent({ file_path: "missing.txt" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolCallError);
    expect((err as ToolCallError).detail).toMatchObject({
      error_type: "FileNotFoundError",
      error_message: "missing.txt does not exist",
    });
    const r = await raw().fileUtility.readFileContent({ file_path: "../etc/passwd" });
    expect(r).toMatchObject({ status: "failure", error: { error_type: "PermissionError" } });
    expect((await raw().fileUtility.readFileContent({ file_path: "escape" })).error?.error_type).toBe(
      "PermissionError",
    );
  });

  it("refuses invalid arguments with every failing field", async () => {
    const bad = { prompt: "", language: "cobol", max_lines: 0, extra: true } as unknown as Parameters<
      ReturnType<typeof client>["aiCodeEditing"]["generateCode"]
    >[0];
    const r = await raw().aiCodeEditing.generateCode(bad);
    expect(r.status).toBe("failure");
    expect(r.error?.error_type).toBe("ValidationError");
    const pointers = (r.error?.error_details as { errors: Array<{ pointer: string; rule: string }> }).errors
      .map((e) => `${e.pointer} ${e.rule}`)
      .sort();
    expect(pointers).toEqual(
      ["/language enum", "/max_lines minimum", "/prompt minLength", "/extra additionalProperties"].sort(),
    );
  });

  it("answers an unknown tool with ToolNotFound and the closest names", async () => {
    const r = await inProcessTransport(registry)({ tool_name: "task_tracker.list_task", arguments: {} }, {});
    expect(r).toMatchObject({ status: "failure", error: { error_type: "ToolNotFound" } });
    expect(r.error?.error_message).toMatch(/task_tracker\.list_tasks/);
  });

  it("gates destructive tools through the trust policy", async () => {
    const locked = createRegistry(createHandlers({ workspaceRoot: workspace }));
    writeFileSync(path.join(workspace, "keep.txt"), "k");
    const r = await createRawClient(inProcessTransport(locked)).fileUtility.deleteFile({ file_path: "keep.txt" });
    expect(r).toMatchObject({ status: "failure", error: { error_type: "PermissionError" } });
    expect(existsSync(path.join(workspace, "keep.txt"))).toBe(true);
  });

  it("audits every invocation", () => {
    expect(audit.length).toBeGreaterThan(8);
    expect(audit).toContainEqual(
      expect.objectContaining({
        tool: "file_utility.read_file_content",
        status: "failure",
        errorType: "FileNotFoundError",
      }),
    );
    expect(audit.every((a) => a.durationMs >= 0)).toBe(true);
  });
});

describe("handler failure paths through the generated wrapper", () => {
  const base = createHandlers({ workspaceRoot: tmpdir() });
  type Overrides = { [M in keyof ToolHandlers]?: Partial<ToolHandlers[M]> };
  const with_ = (overrides: Overrides, options = {}, clientOptions = {}) => {
    const handlers = { ...base };
    for (const m of Object.keys(overrides) as Array<keyof ToolHandlers>)
      Object.assign(handlers, { [m]: { ...base[m], ...overrides[m] } });
    return createRawClient(inProcessTransport(createRegistry(handlers, options)), clientOptions);
  };

  it("a handler that throws → ToolExecutionError, or the error's own error_type", async () => {
    expect(
      await with_({
        textAnalysis: {
          wordStats: () => {
            throw new Error("boom");
          },
        },
      }).textAnalysis.wordStats({ text: "x" }),
    ).toMatchObject({ status: "failure", error: { error_type: "ToolExecutionError", error_message: "boom" } });
    expect(
      await with_({
        textAnalysis: {
          wordStats: () => {
            throw new MCPError("slow down", { errorType: "ApiLimitExceeded" });
          },
        },
      }).textAnalysis.wordStats({ text: "x" }),
    ).toMatchObject({ error: { error_type: "ApiLimitExceeded" } });
  });

  it("a handler past its timeout → TimeoutError and its signal aborted", async () => {
    let aborted = false;
    const r = await with_({
      textAnalysis: {
        wordStats: (_args, ctx) =>
          new Promise((resolve) => {
            ctx.signal.addEventListener("abort", () => {
              aborted = true;
              resolve({ words: 0, sentences: 0, characters: 0, top_words: [] });
            });
          }),
      },
    }).textAnalysis.wordStats({ text: "x" }, { timeoutMs: 30 });
    expect(r).toMatchObject({ status: "failure", error: { error_type: "TimeoutError" } });
    expect(aborted).toBe(true);
  });

  it("a result that breaks the output schema → failure, or a warning when configured", async () => {
    const wrong = { textAnalysis: { wordStats: () => ({ words: -1, sentences: 0, characters: 0, top_words: [] }) } };
    expect(await with_(wrong).textAnalysis.wordStats({ text: "x" })).toMatchObject({
      status: "failure",
      error: { error_type: "ValidationError" },
    });
    // "warn": the server lets it through; the generated client refuses it, unless told not to check.
    expect(await with_(wrong, { outputValidation: "warn" }).textAnalysis.wordStats({ text: "x" })).toMatchObject({
      status: "failure",
      error: { error_type: "ValidationError", error_details: { tool_name: "text_analysis.word_stats" } },
    });
    expect(
      await with_(wrong, { outputValidation: "warn" }, { validateResults: false }).textAnalysis.wordStats({
        text: "x",
      }),
    ).toMatchObject({ status: "success", data: { words: -1 } });
  });

  it("handlers may return results built with success() / failure()", async () => {
    expect(
      await with_({
        systemInfo: {
          getServerStatus: () =>
            success({ uptime_seconds: 1, memory_rss_bytes: 2, runtime: "r", tools_registered: 0 }, "fine"),
        },
      }).systemInfo.getServerStatus({}),
    ).toMatchObject({ status: "success", explanation: "fine" });
    expect(
      await with_({
        systemInfo: { getServerStatus: () => failure("ResourceNotFound", "gone") },
      }).systemInfo.getServerStatus({}),
    ).toMatchObject({ status: "failure", error: { error_type: "ResourceNotFound" } });
  });
});
