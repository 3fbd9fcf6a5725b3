import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

// The mistakes a newcomer makes in the first hour, each a clear message: config options of
// the wrong type or name (usage errors, exit 2, naming the option, what it must be and what
// it is), missing or empty inputs (pointing to `init`), mistyped commands (a suggestion),
// and `generate --dry-run` (writes nothing).

const TOOL = JSON.stringify({ name: "demo.x", description: "d", inputSchema: { type: "object" } });

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

describe("a config mistake is a usage error naming the option and what it must be", () => {
  it.each([
    [
      { inputs: "specs" },
      /config: inputs must be a list of spec files or directories, such as \["specs"\] \(got the string "specs"\)/,
    ],
    [{ inputs: [] }, /config: inputs is an empty list/],
    [{ inputs: ["specs", 1] }, /config: inputs\[1\] must be a non-empty path string \(got the number 1\)/],
    [{ outDir: 42 }, /config: outDir must be a non-empty path string, such as "generated" \(got the number 42\)/],
    [{ outDir: "" }, /config: outDir must be a non-empty path string.*\(got the string ""\)/],
    [{ ouDir: "out" }, /config: unknown option "ouDir" \(did you mean "outDir"\?\); the options are inputs, outDir,/],
    [{ naming: 3 }, /config: naming must be "tool" or "module-tool" \(got the number 3\)/],
    [{ generators: "types" }, /config: generators must be a list/],
    [{ server: "x" }, /config: server must be an object/],
    [{ limits: { maxDepth: "x" } }, /config: limits\.maxDepth must be a positive integer/],
    [{ openai: { strict: "yes" } }, /config: openai\.strict must be true or false/],
    [["specs"], /config: the config must be an object of options, as defineConfig\(\{ … \}\) takes \(got a list\)/],
    [null, /config: the config must be an object of options.*\(got null\)/],
  ])("%j", async (config, message) => {
    project = tempProject({ "mcp-specgen.config.json": JSON.stringify(config), "specs/tools.json": TOOL });
    for (const command of ["generate", "check"]) {
      const r = await runCli([command], project.dir);
      expect(r.stderr.replace("mcp-specgen.config.json", "config")).toMatch(message);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(2);
    }
    expect(project.list()).toEqual(["mcp-specgen.config.json", "specs/tools.json"]);
  });

  it("a TypeScript config without a default export", async () => {
    project = tempProject({ "mcp-specgen.config.ts": "export const config = { outDir: 'out' };\n" });
    const r = await runCli(["generate"], project.dir);
    expect(r.stderr).toMatch(/mcp-specgen\.config\.ts: the config has no default export \(export default defineConfig/);
    expect(r.code).toBe(2);
  });
});

describe("missing or empty inputs point to init", () => {
  it("a project without specs/: generate and check name the input and `init`", async () => {
    project = tempProject();
    for (const command of ["generate", "check"]) {
      const r = await runCli([command], project.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/specs:1:1 error INPUT_NOT_FOUND input "specs" does not exist/);
      expect(r.stderr).toMatch(/help: .*"npx mcp-specgen init" writes a config and a first spec/);
      // check never writes, so it does not say it wrote nothing.
      if (command === "check") expect(r.stderr).not.toMatch(/nothing was written/);
      else expect(r.stderr).toMatch(/nothing was written/);
    }
    expect(project.list()).toEqual([]);
  });

  it("an empty specs/: a warning pointing to `init`, which fails with --strict", async () => {
    project = tempProject({ "specs/README.txt": "not a spec" });
    const r = await runCli(["generate"], project.dir);
    expect(r.stderr).toMatch(
      /specs:1:1 warning INPUT_NO_TOOLS no spec files in specs: the output has no tools\n {2}help: .*"npx mcp-specgen init" writes a first one/,
    );
    expect(r.code).toBe(0);
    // An empty registry, so code importing generated/ compiles and check agrees.
    expect(project.list("generated")).toContain("server.ts");
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    const strict = await runCli(["check", "--strict"], project.dir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/INPUT_NO_TOOLS/);
  });

  it("spec files without tools: the same warning, naming them", async () => {
    project = tempProject({ "specs/notes.md": "# Notes\n\nNothing here.\n" });
    const r = await runCli(["generate", "--json"], project.dir);
    const out = JSON.parse(r.stdout) as { diagnostics: Array<{ code: string; message: string }> };
    expect(out.diagnostics.find((d) => d.code === "INPUT_NO_TOOLS")?.message).toBe(
      "the spec files in specs define no tools: the output has none",
    );
  });
});

describe("an unknown command", () => {
  it.each([
    ["genrate", "generate"],
    ["chek", "check"],
    ["Init", "init"],
    ["imprt", "import"],
  ])("%s gets a suggestion: %s", async (typo, meant) => {
    project = tempProject();
    const r = await runCli([typo], project.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `mcp-specgen: unknown command "${typo}" (did you mean "${meant}"?)\nRun "mcp-specgen --help" for usage.\n`,
    );
    expect((await runCli(["help", typo], project.dir)).stderr).toMatch(`did you mean "${meant}"?`);
  });

  it("an unrelated word gets none", async () => {
    project = tempProject();
    const r = await runCli(["frobnicate"], project.dir);
    expect(r.stderr).toBe('mcp-specgen: unknown command "frobnicate"\nRun "mcp-specgen --help" for usage.\n');
  });
});

describe("generate --dry-run", () => {
  /** Every file below the project with its contents and modification time. */
  const snapshot = (p: TempProject) =>
    p.list().map((f) => [f, readFileSync(path.join(p.dir, f), "utf8"), statSync(path.join(p.dir, f)).mtimeMs]);

  it("lists what would be created, changed and removed, and writes nothing", async () => {
    project = tempProject({
      "specs/a.json": TOOL,
      "specs/b.json": JSON.stringify({ name: "other.y", description: "d", inputSchema: { type: "object" } }),
    });
    const fresh = await runCli(["generate", "--dry-run", "--no-cache"], project.dir);
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toMatch(/^ {2}would create {2}generated\/server\.ts$/m);
    expect(fresh.stdout).toMatch(
      /2 tools → generated\/ \(dry run, nothing written: \d+ to create, 0 to change, 0 to remove, 0 unchanged\)/,
    );
    expect(project.list()).toEqual(["specs/a.json", "specs/b.json"]);

    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    project.write(
      "specs/b.json",
      JSON.stringify({ name: "demo.z", description: "d", inputSchema: { type: "object" } }),
    );
    const before = snapshot(project);
    for (const extra of [[], ["--no-cache"]]) {
      const r = await runCli(["generate", "--dry-run", "--json", ...extra], project.dir);
      expect(r.code).toBe(0);
      const plan = JSON.parse(r.stdout) as { dryRun: boolean; created: string[]; changed: string[]; removed: string[] };
      expect(plan.dryRun).toBe(true);
      expect(plan.changed).toContain("server.ts");
      expect(plan.removed).toEqual(expect.arrayContaining(["types/other.ts", "validators/other.ts"]));
      expect(plan.created).toEqual([]);
      expect(snapshot(project)).toEqual(before);
    }
    // Up to date: nothing to do, from the cache or not.
    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    for (const extra of [[], ["--no-cache"]]) {
      const r = await runCli(["generate", "--dry-run", ...extra], project.dir);
      expect(r.stdout).toMatch(/0 to create, 0 to change, 0 to remove, [1-9]\d* unchanged/);
    }
  });

  it("is only for generate, and not with --watch", async () => {
    project = tempProject({ "specs/a.json": TOOL });
    expect((await runCli(["check", "--dry-run"], project.dir)).stderr).toMatch(/--dry-run is only for generate/);
    expect((await runCli(["generate", "--dry-run", "--watch"], project.dir)).code).toBe(2);
  });
});
