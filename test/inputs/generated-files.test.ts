import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

// A file mcp-specgen wrote (listed in its directory's ownership record) is never read back
// as a spec: `docs --format markdown --out specs/catalogue` beside the specs must not turn
// the catalogue into tools on the next generate.
let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

describe("generated files inside the inputs", () => {
  it("a Markdown catalogue written into the specs folder is not read as a spec", async () => {
    project = tempProject({}, true);
    const before = await runCli(["generate", "--no-cache", "--json"], project.dir);
    expect(before.code, before.stderr).toBe(0);
    const docs = await runCli(["docs", "--format", "markdown", "--out", "specs/catalogue"], project.dir);
    expect(docs.code, docs.stderr).toBe(0);
    expect(project.list("specs/catalogue").some((f) => f.endsWith(".md"))).toBe(true);
    const after = await runCli(["generate", "--no-cache", "--json"], project.dir);
    expect(after.code, after.stderr).toBe(0);
    const seen = (stdout: string) => {
      const r = JSON.parse(stdout);
      return { tools: r.tools, diagnostics: r.diagnostics, files: [...r.written, ...r.unchanged].sort() };
    };
    expect(seen(after.stdout)).toEqual(seen(before.stdout));
    expect(JSON.parse(after.stdout).unchanged.length).toBeGreaterThan(0);
  });

  it("a hand-written spec beside the record, not listed in it, is still read", async () => {
    project = tempProject({}, true);
    const docs = await runCli(["docs", "--format", "markdown", "--out", "specs"], project.dir);
    expect(docs.code, docs.stderr).toBe(0);
    const r = await runCli(["lint", "--json"], project.dir);
    expect(r.stdout).toMatch(/"tools":\s*[1-9]|tool/);
    const check = await runCli(["generate", "--no-cache"], project.dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr + check.stdout).toMatch(/[1-9]\d* tools? →/);
  });
});
