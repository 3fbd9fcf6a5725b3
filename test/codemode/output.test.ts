import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import path from "node:path";
import type { ts as TS } from "@ts-morph/common";
import { resolveConfig } from "../../src/config/load.js";
import { resolveGeneratorList } from "../../src/config/generator-list.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { DEFAULT_GENERATOR_NAMES, type GeneratorName } from "../../src/generator-kit/names.js";
import { REPO } from "../helpers/project.js";

// The codemode generator is opt-in (a config without `generators` writes what it wrote
// before), and its output for the project's specs and for hostile ones is kept as file
// snapshots under test/fixtures/codemode/ (`npx vitest run test/codemode/output.test.ts -u`
// rewrites them; review the diff). acceptance.test.ts compiles it.

const ts = (createRequire(import.meta.url)("@ts-morph/common") as { ts: typeof TS }).ts;

async function generate(inputs: string, generators?: GeneratorName[]) {
  const result = await runPipeline(resolveConfig(REPO, { inputs: [inputs], ...(generators ? { generators } : {}) }));
  expect(result.failed).toBe(false);
  return result.files;
}

describe("the codemode generator", () => {
  it("runs only when a config lists it", async () => {
    const list = resolveGeneratorList(undefined);
    expect("selection" in list && list.selection.names).toEqual([...DEFAULT_GENERATOR_NAMES]);
    expect(DEFAULT_GENERATOR_NAMES).not.toContain("codemode");
    const files = await generate("specs");
    expect(files.filter((f) => f.path.startsWith("codemode/"))).toEqual([]);
  });

  it.each([
    ["specs", "specs"],
    ["hostile", "test/fixtures/golden/hostile/specs"],
  ])("writes the expected files for %s", async (name, inputs) => {
    const files = (await generate(inputs, ["types", "codemode"])).filter((f) => f.path.startsWith("codemode/"));
    expect(files.map((f) => f.path)).toContain("codemode/api.d.ts");
    for (const f of files)
      await expect(fileText(f), f.path).toMatchFileSnapshot(path.join(REPO, "test/fixtures/codemode", name, f.path));
  });

  it("writes api.d.ts of declarations only, whatever the specs say", async () => {
    const files = await generate("test/fixtures/golden/hostile/specs", ["types", "codemode"]);
    const text = fileText(files.find((f) => f.path === "codemode/api.d.ts")!);
    const source = ts.createSourceFile("api.d.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const [error, ...namespaces] = source.statements;
    expect(error && ts.isClassDeclaration(error) && error.name?.text).toBe("ToolError");
    expect(namespaces.length).toBeGreaterThan(0);
    for (const ns of namespaces) {
      expect(ts.isModuleDeclaration(ns)).toBe(true);
      const body = (ns as TS.ModuleDeclaration).body as TS.ModuleBlock;
      for (const st of body.statements)
        expect(ts.isTypeAliasDeclaration(st) || (ts.isFunctionDeclaration(st) && !st.body), st.getText(source)).toBe(
          true,
        );
    }
  });
});
