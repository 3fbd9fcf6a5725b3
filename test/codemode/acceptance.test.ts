import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import type { ts as TS } from "@ts-morph/common";
import { connectStdio, ToolError, type McpConnection, type ToolTransport } from "@mcp-specgen/runtime";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import type { GeneratorName } from "../../src/generator-kit/names.js";
import { REPO, runtimeProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";
import { tsChildArgs } from "../helpers/ts-child.js";

// The acceptance of the code-mode API: a program written against api.d.ts, calling tools of
// two modules in sequence, compiles with plain tsc and runs unchanged — in a node:vm context
// with only the bound API in scope — against the example server (examples/server.ts, over
// stdio, destructive tools refused) through a generated client; the refused call surfaces
// as a ToolError with its code. And the generated output of every generator with codemode
// compiles, for the project's specs and for hostile ones.

const ts = (createRequire(import.meta.url)("@ts-morph/common") as { ts: typeof TS }).ts;
const TSC = path.join(REPO, "node_modules/.bin/tsc");

/** Type-checks declaration files too (the helper skips them), with no library but ES2023: the program's whole world. */
function checkProgram(files: string[], cwd: string): string {
  const r = spawnSync(
    TSC,
    ["--noEmit", "--strict", "--target", "es2022", "--lib", "es2023", "--types", "", "--ignoreConfig", ...files],
    { cwd, encoding: "utf8" },
  );
  return `${r.stdout}${r.stderr}`;
}

/** Generates `generators` from `inputs` (relative to REPO) into the project under `out`. */
async function generate(
  project: TempProject,
  inputs: string[],
  out: string,
  generators: GeneratorName[],
): Promise<string[]> {
  const result = await runPipeline(
    resolveConfig(REPO, { inputs, generators, server: { name: "t", version: "1.0.0" } }),
  );
  expect(result.failed, result.diagnostics.map(formatDiagnostic).join("\n")).toBe(false);
  for (const f of result.files) project.write(`${out}/${f.path}`, fileText(f));
  return result.files.filter((f) => f.path.endsWith(".ts")).map((f) => path.join(project.dir, out, f.path));
}

// Three tools in sequence over two modules, then a call the server refuses.
const PROGRAM = `/// <reference path="./generated/codemode/api.d.ts" />
async function main() {
  const created = await taskTracker.createTask({ title: "Write the release notes", priority: "high", tags: ["docs"] });
  const listed = await taskTracker.listTasks({ tag: "docs", limit: 5 });
  const stats = await textAnalysis.wordStats({ text: created.task.title, top_n: 2 });
  let refused = "none";
  try {
    await fileUtility.deleteFile({ file_path: "notes.txt" });
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    refused = error.code;
  }
  return { priority: created.task.priority, listed: listed.total, words: stats.words, refused };
}
`;

let project: TempProject;
let workspace: string;
let connection: McpConnection | undefined;
beforeAll(async () => {
  project = runtimeProject();
  workspace = mkdtempSync(path.join(tmpdir(), "mcp-specgen-codemode-"));
  cpSync(path.join(REPO, "examples/workspace"), workspace, { recursive: true });
});
afterAll(async () => {
  await connection?.close();
  project.dispose();
  rmSync(workspace, { recursive: true, force: true });
});

describe("the code-mode API", () => {
  it("compiles with every generator it may run with, for the project's specs and hostile ones", async () => {
    const files = [
      ...(await generate(project, ["specs"], "generated", ["types", "validators", "client", "codemode"])),
      ...(await generate(project, ["test/fixtures/golden/hostile/specs"], "hostile", ["types", "codemode"])),
    ];
    expect(typeCheck(files, project.dir).output).toBe("");
    for (const out of ["generated", "hostile"])
      expect(checkProgram([`${out}/codemode/api.d.ts`], project.dir), out).toBe("");
  });

  it("runs a program written against api.d.ts, unchanged, against the example server; a refused call is a ToolError", async () => {
    project.write("program.ts", PROGRAM);
    expect(checkProgram(["program.ts"], project.dir)).toBe("");
    // A program that misuses the API does not compile: the declarations carry the types.
    project.write("wrong.ts", PROGRAM.replace('priority: "high"', 'priority: "soon"'));
    expect(checkProgram(["wrong.ts"], project.dir)).toMatch(/"soon"/);

    connection = await connectStdio({
      command: process.execPath,
      args: [...tsChildArgs(path.join(REPO, "examples/server.ts")), "--root", workspace],
      cwd: REPO,
      stderr: "ignore",
    });
    const { createApi } = (await import(path.join(project.dir, "generated/codemode/index.ts"))) as {
      createApi(target: unknown): Record<string, unknown>;
    };
    const { createClient } = (await import(path.join(project.dir, "generated/client.ts"))) as {
      createClient(transport: ToolTransport): unknown;
    };
    const api = createApi(createClient(connection.transport));
    const js = ts.transpileModule(PROGRAM, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    const context = vm.createContext({ ...api, ToolError });
    const result = await vm.runInContext(`${js}\nmain();`, context, { timeout: 5_000 });
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      priority: "high",
      listed: 1,
      words: 4,
      refused: "PermissionError",
    });
  });
});
