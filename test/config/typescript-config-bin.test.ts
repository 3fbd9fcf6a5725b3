import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { REPO, tempProject, type TempProject } from "../helpers/project.js";

// A TypeScript config loaded by the installed bin (a Node.js process of its own, so through
// loader/typescript-hooks.js rather than the test runner's TypeScript support): in a
// CommonJS package (as `npm init -y` makes it) and an ES-module one, with the TypeScript
// files it imports, types and enums included, and reloaded with each run. Under Node.js
// 22.13 or later the types are removed by Node.js itself, under older versions by sucrase:
// run this file with each (the empty stderr also holds Node.js's experimental-feature
// warning off the user's screen).

const BIN = path.join(REPO, "bin/mcp-specgen.js");
const DEFINE = JSON.stringify(path.join(REPO, "src/config/define.ts"));

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

function generate(dir: string) {
  return spawnSync(process.execPath, [BIN, "generate", "--no-cache"], { cwd: dir, encoding: "utf8" });
}

describe("a TypeScript config, loaded by the bin", () => {
  it.each([
    ["a CommonJS package", { name: "demo", type: "commonjs" }],
    ["a package without a type", { name: "demo" }],
    ["an ES-module package", { name: "demo", type: "module" }],
  ])("in %s, importing TypeScript files by their .js names", (_title, pkg) => {
    project = tempProject({
      "package.json": JSON.stringify(pkg),
      "config/out.ts": 'enum Where { Out = "out" }\nexport const outDir: string = Where.Out;\n',
      "mcp-specgen.config.ts": [
        `import { defineConfig, type UserConfig } from ${DEFINE};`,
        'import { outDir } from "./config/out.js";',
        'const generators: UserConfig["generators"] = ["manifest"];',
        'export default defineConfig({ inputs: ["api"], outDir, generators });',
        "",
      ].join("\n"),
      "api/tools.json": JSON.stringify({ name: "demo.x", description: "d", inputSchema: { type: "object" } }),
    });
    const r = generate(project.dir);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(project.list("out")).toEqual([".mcp-specgen-files.json", "manifest.json"]);
  });

  it("a syntax error is a usage error naming the file", () => {
    project = tempProject({ "mcp-specgen.config.ts": "export default { outDir: };\n" });
    const r = generate(project.dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^mcp-specgen: cannot load config mcp-specgen\.config\.ts: /);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
