import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { REPO, runCli, tempProject, type TempProject } from "./helpers/project.js";

let project: TempProject;
afterEach(() => project?.dispose());

const SPEC = "specs/weather/MCP_TOOL_SPECIFICATION.md";

describe("mcp-specgen init", () => {
  it("scaffolds a config, a first spec and package.json in an empty directory", async () => {
    project = tempProject();
    const r = await runCli(["init", "--name", "weather"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/created +mcp-specgen\.config\.ts/);
    expect(r.stdout).toMatch(new RegExp(`created +${SPEC}`));
    expect(r.stdout).toMatch(/created +package\.json/);
    expect(r.stdout).toMatch(/npm install @mcp-specgen\/runtime/);
    expect(r.stdout).toMatch(/npm run generate/);
    expect(r.stdout).toMatch(/generated\/server\.ts/);
    expect(project.list()).toEqual(["mcp-specgen.config.ts", "package.json", SPEC, "tsconfig.json"]);

    const pkg = JSON.parse(project.read("package.json")) as Record<string, unknown>;
    expect(pkg.type).toBe("module");
    expect(pkg.scripts).toEqual({ generate: "mcp-specgen generate", check: "mcp-specgen check" });

    const config = project.read("mcp-specgen.config.ts");
    expect(config).toMatch(/import \{ defineConfig \} from "mcp-specgen\/config";/);
    expect(config).toMatch(
      /generators: \["types", "validators", "server", "client", "openai", "anthropic", "gemini", "manifest"\]/,
    );
    // A comment before each option.
    for (const option of ["inputs", "outDir", "generators", "naming", "closedObjects", "strict", "nameMaxLength"]) {
      expect(config, option).toMatch(new RegExp(`// [^\\n]*\\n(  //[^\\n]*\\n)*\\s+${option}: `));
    }
    expect(project.read(SPEC)).toMatch(/## Tool: `weather\.get_greeting`/);
  });

  it("names the first spec after the package", async () => {
    project = tempProject({ "package.json": '{ "name": "@acme/Trip-Planner" }\n' });
    await runCli(["init"], project.dir);
    expect(project.list("specs")).toEqual(["trip_planner/MCP_TOOL_SPECIFICATION.md"]);
  });

  it("writes nothing with --dry-run", async () => {
    project = tempProject();
    const r = await runCli(["init", "--dry-run"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/would be created +mcp-specgen\.config\.ts/);
    expect(project.list()).toEqual([]);
  });

  it("keeps existing files byte for byte", async () => {
    const files = {
      "mcp-specgen.config.json": '{ "outDir": "out" }\n',
      [SPEC]: "# mine\n",
      "package.json": '{"name":"weather","scripts":{"generate":"mcp-specgen generate","check":"mcp-specgen check"}}',
    };
    project = tempProject(files);
    const r = await runCli(["init", "--name", "weather"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/kept +mcp-specgen\.config\.json/);
    expect(r.stdout).toMatch(new RegExp(`kept +${SPEC}`));
    expect(r.stdout).toMatch(/kept +package\.json/);
    for (const [rel, text] of Object.entries(files)) expect(project.read(rel)).toBe(text);
    // Only what was missing: a tsconfig.json.
    expect(project.list()).toEqual([...Object.keys(files), "tsconfig.json"].sort());
  });

  it("adds no example tool to a project that has specs", async () => {
    project = tempProject({ "specs/mine/tools.json": "{}" });
    const r = await runCli(["init", "--name", "weather"], project.dir);
    expect(r.stdout).toMatch(/kept +specs\/ \(it holds 1 spec file; no example added\)/);
    expect(project.list("specs")).toEqual(["mine/tools.json"]);
  });

  it("adds the scripts to an existing package.json and changes nothing else in it", async () => {
    const original =
      '{\r\n    "name": "weather",\r\n    "version": "1.2.3",\r\n    "scripts": {\r\n        "test": "vitest",\r\n        "check": "tsc --noEmit"\r\n    },\r\n    "dependencies": { "@mcp-specgen/runtime": "^0.1.0" }\r\n}\r\n';
    project = tempProject({ "package.json": original });
    const r = await runCli(["init"], project.dir);
    expect(r.stdout).toMatch(/updated +package\.json \(added the "generate" script; its own "check" script is kept\)/);
    const after = project.read("package.json");
    expect(after).toBe(
      original.replace(
        '"check": "tsc --noEmit"\r\n',
        '"check": "tsc --noEmit",\r\n        "generate": "mcp-specgen generate"\r\n',
      ),
    );
    // The runtime is a dependency already; "check" is the project's own, so mcp-specgen is called directly.
    expect(r.stdout).not.toMatch(/npm install @mcp-specgen\/runtime/);
    expect(r.stdout).toMatch(/npx mcp-specgen check/);
  });

  it("adds a scripts object, indented like the file, when there is none", async () => {
    project = tempProject({ "package.json": '{\n\t"name": "weather",\n\t"private": true\n}\n' });
    await runCli(["init"], project.dir);
    expect(project.read("package.json")).toBe(
      '{\n\t"name": "weather",\n\t"private": true,\n\t"scripts": {\n\t\t"generate": "mcp-specgen generate",\n\t\t"check": "mcp-specgen check"\n\t}\n}\n',
    );
  });

  it("leaves a package.json that is not valid JSON alone", async () => {
    project = tempProject({ "package.json": "{ nope" });
    const r = await runCli(["init"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/kept +package\.json \(it is not valid JSON/);
    expect(project.read("package.json")).toBe("{ nope");
  });

  it("edits a package.json that starts with a byte order mark, keeping the mark", async () => {
    project = tempProject({ "package.json": '\uFEFF{\n  "name": "bom-project"\n}\n' });
    const r = await runCli(["init"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/updated +package\.json/);
    expect(project.list()).toContain("specs/bom_project/MCP_TOOL_SPECIFICATION.md");
    const text = project.read("package.json");
    expect(text.startsWith("\uFEFF{")).toBe(true);
    expect(JSON.parse(text.slice(1))).toEqual({
      name: "bom-project",
      scripts: { generate: "mcp-specgen generate", check: "mcp-specgen check" },
    });
  });

  it.each([
    ["scripts that are not an object", '{ "name": "x", "scripts": null }\n', /its "scripts" is not an object/],
    [
      "two scripts keys",
      '{ "name": "x", "scripts": { "a": "1" }, "scripts": { "b": "2" } }\n',
      /could not be edited safely/,
    ],
  ])("leaves a package.json with %s alone and says what to add", async (_what, text, note) => {
    project = tempProject({ "package.json": text });
    const r = await runCli(["init"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(note);
    expect(r.stdout).toMatch(
      /add the scripts "generate": "mcp-specgen generate" and "check": "mcp-specgen check" yourself/,
    );
    expect(project.read("package.json")).toBe(text);
  });

  it("rejects a --name without letters or digits", async () => {
    project = tempProject();
    const r = await runCli(["init", "--name", "--"], project.dir);
    expect(r.code).toBe(2);
  });

  it("gives a project that generates with no warning, passes lint --strict and is up to date", async () => {
    project = tempProject();
    expect((await runCli(["init", "--name", "weather"], project.dir)).code).toBe(0);
    // The config imports "mcp-specgen", as in a project that installed it.
    mkdirSync(path.join(project.dir, "node_modules"));
    symlinkSync(REPO, path.join(project.dir, "node_modules/mcp-specgen"), "dir");
    const generated = await runCli(["generate"], project.dir);
    expect(generated.stderr).toBe("");
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/1 tool → generated\//);
    expect(project.list("generated")).toEqual(
      expect.arrayContaining(["server.ts", "client.ts", "manifest.json", "types/weather.ts"]),
    );
    const lint = await runCli(["lint", "--strict", "--verbose"], project.dir);
    expect(lint.stderr).toBe("");
    expect(lint.code).toBe(0);
    expect(lint.stdout).toMatch(/1 tool: 0 errors, 0 warnings, 0 infos/);
    expect((await runCli(["check"], project.dir)).code).toBe(0);
  });
});
