// generate and check hold tool versions to their changes (against the previous manifest), and
// check --stdio holds a live server to its specs.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";
import { tsChildArgs } from "../helpers/ts-child.js";

const SPEC = "specs/task_tracker/MCP_TOOL_SPECIFICATION.md";
let project: TempProject | undefined;
afterEach(() => project?.dispose());

/** The bundled specs with the committed output (its manifest is the previous one). */
function bundled(): TempProject {
  const p = tempProject({}, true);
  cpSync(path.join(REPO, "generated"), path.join(p.dir, "generated"), { recursive: true });
  return p;
}

/** `create_task` without its required `title` (the example call too, which would fail otherwise). */
function withoutTitle(text: string): string {
  return text
    .replace('  "required": ["title"],\n  "additionalProperties": false', '  "additionalProperties": false')
    .replace(/ {4}"title": \{ "type": "string", "minLength": 1[^\n]*\n/, "")
    .replace(/ {4}"title": "Write release notes",\n/, "");
}

describe("generate holds tool versions to their changes", () => {
  it("fails on a removed required parameter without a major bump, naming the rule, tool, pointer and bump", async () => {
    project = bundled();
    const original = project.read(SPEC);
    project.write(SPEC, withoutTitle(original));
    expect(project.read(SPEC)).not.toBe(original);
    const run = await runCli(["generate", "--no-cache"], project.dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("CONTRACT_BREAKING_UNVERSIONED");
    expect(run.stderr).toContain("task_tracker.create_task");
    expect(run.stderr).toContain("INPUT_REMOVED at /inputSchema/properties/title");
    expect(run.stderr).toContain("it needs 3.0.0");
    expect(run.stderr).toMatch(/specs\/task_tracker\/MCP_TOOL_SPECIFICATION\.md:\d+:\d+/);
  });

  it("passes with the major bump, and with --allow-breaking", async () => {
    project = bundled();
    const changed = withoutTitle(project.read(SPEC));
    project.write(SPEC, changed.replace("**Version**: 2.0.0", "**Version**: 3.0.0"));
    expect((await runCli(["generate", "--no-cache"], project.dir)).code).toBe(0);
    project.dispose();
    project = bundled();
    project.write(SPEC, changed);
    expect((await runCli(["generate", "--no-cache", "--allow-breaking"], project.dir)).code).toBe(0);
  });

  it("warns about a compatible change without a bump, and fails on a version that goes back", async () => {
    project = bundled();
    const text = project.read(SPEC);
    project.write(
      SPEC,
      text.replace(
        '"due_date": { "type": "string", "format": "date"',
        '"note": { "type": "string" },\n    "due_date": { "type": "string", "format": "date"',
      ),
    );
    const minor = await runCli(["generate", "--no-cache"], project.dir);
    expect(minor.code).toBe(0);
    expect(minor.stderr).toContain("CONTRACT_CHANGE_UNVERSIONED");
    expect(minor.stderr).toContain("it needs 2.1.0");
    project.dispose();
    project = bundled();
    project.write(SPEC, project.read(SPEC).replace("**Version**: 2.0.0", "**Version**: 1.9.0"));
    const back = await runCli(["generate", "--no-cache"], project.dir);
    expect(back.code).toBe(1);
    expect(back.stderr).toContain("CONTRACT_VERSION_BACKWARDS");
  });

  it("the bundled specs pass against their own manifest", async () => {
    project = bundled();
    const run = await runCli(["generate", "--no-cache"], project.dir);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("CONTRACT_");
  });
});

/** A stdio MCP server that lists the tools of a JSON file, as a server in any language would. */
const LIST_SERVER = `
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const tools = JSON.parse(readFileSync(process.argv[2], "utf8"));
const server = new Server({ name: "list", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
await server.connect(new StdioServerTransport());
`;

// In the repository's node_modules tree, so the SDK resolves; one file per test process.
const SERVER_FILE = path.join(REPO, `node_modules/.tmp-list-server-${process.pid}.mjs`);

describe("check --stdio holds a live server to its specs", () => {
  afterAll(() => rmSync(SERVER_FILE, { force: true }));
  const served = (p: TempProject, change?: (tools: Array<Record<string, any>>) => void) => {
    const manifest = JSON.parse(readFileSync(path.join(REPO, "generated/manifest.json"), "utf8"));
    const tools = manifest.tools.map((t: Record<string, unknown>) => ({
      name: t.name,
      ...(t.title ? { title: t.title } : {}),
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
      annotations: t.annotations,
    }));
    change?.(tools);
    p.write("tools.json", JSON.stringify(tools));
    return `node ${JSON.stringify(SERVER_FILE)} ${JSON.stringify(path.join(p.dir, "tools.json"))}`;
  };

  it("passes when the server lists the specs' tools, fails naming the rule when a handler's schema changed", async () => {
    project = tempProject({}, true);
    project.write("mcp-specgen.config.json", JSON.stringify({ outDir: "out" }));
    writeFileSync(SERVER_FILE, LIST_SERVER);
    expect((await runCli(["generate", "--no-cache"], project.dir)).code).toBe(0);
    const same = await runCli(["check", "--stdio", served(project)], project.dir);
    expect(same.stderr).toBe("");
    expect(same.code).toBe(0);
    const changed = await runCli(
      [
        "check",
        "--stdio",
        served(project, (tools) => {
          const t = tools.find((x) => x.name === "task_tracker.create_task")!;
          t.inputSchema.required = ["title", "priority"];
        }),
      ],
      project.dir,
    );
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain("CONTRACT_LIVE_MISMATCH");
    expect(changed.stderr).toContain("INPUT_MADE_REQUIRED");
    expect(changed.stderr).toMatch(/specs\/task_tracker\/MCP_TOOL_SPECIFICATION\.md:\d+:\d+/);
  }, 60_000);

  it("holds the example server (examples/server.ts) to its specs: passes, then fails once the specs say otherwise", async () => {
    project = tempProject({}, true);
    project.write("mcp-specgen.config.json", JSON.stringify({ outDir: "out" }));
    // Its --root is the one it defaults to beside examples/server.ts (the bundle is elsewhere).
    const root = path.join(REPO, "examples/workspace");
    const server = [process.execPath, ...tsChildArgs(path.join(REPO, "examples/server.ts")), "--root", root]
      .map((part) => JSON.stringify(part))
      .join(" ");
    expect((await runCli(["generate", "--no-cache"], project.dir)).code).toBe(0);
    const same = await runCli(["check", "--stdio", server], project.dir);
    expect(same.stderr).toBe("");
    expect(same.code).toBe(0);
    // The spec now says something the running server does not: a tool's description differs.
    project.write(SPEC, project.read(SPEC).replace("Creates a task with a title", "Creates one task with a title"));
    expect((await runCli(["generate", "--no-cache"], project.dir)).code).toBe(0);
    const changed = await runCli(["check", "--stdio", server], project.dir);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain("CONTRACT_LIVE_MISMATCH");
    expect(changed.stderr).toContain("DESCRIPTION_CHANGED");
    expect(changed.stderr).toMatch(/specs\/task_tracker\/MCP_TOOL_SPECIFICATION\.md:\d+:\d+/);
  }, 90_000);
});
