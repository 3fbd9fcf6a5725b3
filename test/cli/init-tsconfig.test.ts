import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

// `init` and the package's module type: a CommonJS package (what `npm init -y` makes) needs
// `verbatimModuleSyntax` off for the generated code's `import`s, and no project wants its
// mcp-specgen.config.ts compiled into its build.

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

/** package.json as `npm init -y` writes it (npm 11). */
const NPM_INIT = { name: "demo", version: "1.0.0", main: "index.js", type: "commonjs", scripts: {} };

/** The tsconfig.json of `tsc --init` (TypeScript 7), as far as init looks at it, with a comment. */
const TSC_INIT = `{
  // Visit https://aka.ms/tsconfig to read more about this file
  "compilerOptions": {
    "module": "nodenext",
    "target": "esnext",
    "types": [],
    "strict": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
  }
}
`;

describe("init and tsconfig.json", () => {
  it.each([
    ["a CommonJS package (npm init -y)", NPM_INIT, false, "a CommonJS package"],
    ["a package without a type", { name: "demo" }, false, "a CommonJS package"],
    ["an ES-module package", { name: "demo", type: "module" }, true, "an ES-module package"],
  ])("writes one for %s", async (_title, pkg, verbatim, described) => {
    project = tempProject({ "package.json": JSON.stringify(pkg) });
    const r = await runCli(["init"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(`created  tsconfig.json (for ${described}; compiles src/ and generated/ to dist/)`);
    const tsconfig = JSON.parse(project.read("tsconfig.json")) as {
      compilerOptions: Record<string, unknown>;
      include: string[];
    };
    expect(tsconfig.compilerOptions).toMatchObject({
      module: "nodenext",
      verbatimModuleSyntax: verbatim,
      outDir: "dist",
      rootDir: ".",
      types: ["node"],
    });
    // The config file stays out of the build.
    expect(tsconfig.include).toEqual(["src", "generated"]);
    expect(r.stdout).toMatch(/npm install --save-dev mcp-specgen typescript @types\/node/);
  });

  it("a package.json init creates is an ES module package, and so is its tsconfig", async () => {
    project = tempProject();
    await runCli(["init"], project.dir);
    expect(JSON.parse(project.read("tsconfig.json")).compilerOptions.verbatimModuleSyntax).toBe(true);
  });

  it("keeps a tsconfig.json of tsc --init and prints the exact changes a CommonJS package needs", async () => {
    project = tempProject({ "package.json": JSON.stringify(NPM_INIT), "tsconfig.json": TSC_INIT });
    const r = await runCli(["init"], project.dir);
    expect(project.read("tsconfig.json")).toBe(TSC_INIT);
    expect(r.stdout).toMatch(/kept {5}tsconfig\.json \(it needs a change, below\)/);
    expect(r.stdout).toMatch(
      /\d\. in tsconfig\.json, set "verbatimModuleSyntax": false \(this package is CommonJS.*\), or add "type": "module" to package\.json/,
    );
    expect(r.stdout).toMatch(
      /\d\. in tsconfig\.json, add "include": \["src", "generated"\] \(or your own folders\), so that mcp-specgen\.config\.ts stays out of the build/,
    );
  });

  it("in an ES-module package only the config file's place in the build is a change", async () => {
    project = tempProject({ "package.json": '{ "type": "module" }', "tsconfig.json": TSC_INIT });
    const r = await runCli(["init"], project.dir);
    expect(r.stdout).not.toMatch(/verbatimModuleSyntax/);
    expect(r.stdout).toMatch(/add "include"/);
  });

  it.each([
    ['"include": ["src", "generated"]', false],
    ['"include": ["**/*"]', true],
    ['"include": ["**/*"], "exclude": ["mcp-specgen.config.ts"]', false],
    ['"files": ["src/main.ts"]', false],
  ])("with %s, the config file is compiled: %s", async (fields, compiled) => {
    const tsconfig = `{ "compilerOptions": { "verbatimModuleSyntax": false }, ${fields} }`;
    project = tempProject({ "package.json": '{ "name": "demo" }', "tsconfig.json": tsconfig });
    const r = await runCli(["init"], project.dir);
    expect(r.stdout.includes('add "include"')).toBe(compiled);
    if (!compiled) expect(r.stdout).toMatch(/kept {5}tsconfig\.json \(it compiles the generated code as it is\)/);
  });
});
