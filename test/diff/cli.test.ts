import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

const tool = (props: Record<string, unknown>, required: string[]) => ({
  name: "tasks.create",
  description: "Creates a task.",
  inputSchema: { type: "object", properties: props, required },
  outputSchema: { type: "object", properties: { status: { enum: ["open", "done"] } }, required: ["status"] },
});
const BASE = { tools: [tool({ title: { type: "string" } }, ["title"])] };
const HEAD = {
  tools: [
    {
      ...tool({ title: { type: "string" }, project_id: { type: "string" } }, ["title", "project_id"]),
      outputSchema: {
        type: "object",
        properties: { status: { enum: ["open", "done", "archived"] } },
        required: ["status"],
      },
    },
  ],
};

let project: TempProject | undefined;
afterEach(() => project?.dispose());

describe("mcp-specgen diff", () => {
  it("prints JSON changes with impact, code and pointer, and fails on --fail-on major", async () => {
    project = tempProject({ "a/tools.json": JSON.stringify(BASE), "b/tools.json": JSON.stringify(HEAD) });
    const run = await runCli(["diff", "a/tools.json", "b/tools.json", "--json", "--fail-on", "major"], project.dir);
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.impact).toBe("major");
    expect(out.changes.map((c: { code: string; pointer: string }) => `${c.code} ${c.pointer}`)).toEqual([
      "INPUT_REQUIRED_ADDED /inputSchema/properties/project_id",
      "OUTPUT_ENUM_VALUE_ADDED /outputSchema/properties/status",
    ]);
    expect((await runCli(["diff", "a/tools.json", "a/tools.json", "--fail-on", "patch"], project.dir)).code).toBe(0);
  });

  it("writes a changelog with a migration note per breaking change, and text with file:line:col", async () => {
    project = tempProject({ "a/tools.json": JSON.stringify(BASE), "b/tools.json": JSON.stringify(HEAD) });
    const md = await runCli(["diff", "a/tools.json", "b/tools.json", "--format", "markdown"], project.dir);
    expect(md.stdout).toContain("**Migration:** pass `project_id` (string), now required.");
    expect(md.stdout).toContain('**Migration:** `status` may now be "archived".');
    const text = await runCli(["diff", "a/tools.json", "b/tools.json"], project.dir);
    expect(text.stdout).toMatch(/b\/tools\.json:\d+:\d+: INPUT_REQUIRED_ADDED/);
    expect(text.stdout).toContain("impact: major");
  });

  it("reads the base from a git revision without checking it out", async () => {
    project = tempProject({ "specs/tasks/tools.json": JSON.stringify(BASE) });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t.invalid", ...args], { cwd: project!.dir });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    project.write("specs/tasks/tools.json", JSON.stringify(HEAD));
    const run = await runCli(["diff", "--base-ref", "HEAD", "--json"], project.dir);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout).impact).toBe("major");
    expect(project.read("specs/tasks/tools.json")).toBe(JSON.stringify(HEAD));
    const bad = await runCli(["diff", "--base-ref", "no-such-rev"], project.dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("cannot read the specs at --base-ref");
  });

  it("exits 3, not 1, when a side has spec errors, so --fail-on's 1 always means a change", async () => {
    project = tempProject({ "a/tools.json": "{ not json", "b/tools.json": JSON.stringify(HEAD) });
    const run = await runCli(["diff", "a/tools.json", "b/tools.json", "--fail-on", "major"], project.dir);
    expect(run.stderr).toContain("a side has spec errors");
    expect(run.code).toBe(3);
  });

  it("applies the config's impact per rule", async () => {
    project = tempProject({
      "a/tools.json": JSON.stringify(BASE),
      "b/tools.json": JSON.stringify(HEAD),
      "mcp-specgen.config.json": JSON.stringify({
        diff: { rules: { INPUT_REQUIRED_ADDED: "minor", OUTPUT_ENUM_VALUE_ADDED: "off" } },
      }),
    });
    const out = JSON.parse((await runCli(["diff", "a/tools.json", "b/tools.json", "--json"], project.dir)).stdout);
    expect(out.impact).toBe("minor");
    expect(out.changes).toHaveLength(1);
    project.write("mcp-specgen.config.json", JSON.stringify({ diff: { rules: { NO_SUCH_RULE: "minor" } } }));
    const bad = await runCli(["diff", "a/tools.json", "b/tools.json"], project.dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown rule "NO_SUCH_RULE"');
  });
});
