import { describe, expect, it } from "vitest";
import path from "node:path";
import { GENERATORS } from "../../generators/index.js";
import { GENERATOR_NAMES, type GeneratorName } from "../../src/generator-kit/names.js";
import { resolveConfig, UsageError } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { assertGeneratorSelection, generatorClosure } from "../../src/build/requirements.js";
import { REPO, runCli, tempProject } from "../helpers/project.js";
import { fileText } from "../../src/generator-kit/contract.js";

// Each generator declares the generators whose files its files import. A config that runs
// one without them is refused; run with them, its output compiles on its own
// (test/generators/requirements-compile.test.ts).

/** Every subset of `names` (the empty one included). */
function subsets<T>(names: readonly T[]): T[][] {
  return names.reduce<T[][]>((all, n) => [...all, ...all.map((s) => [...s, n])], [[]]);
}

/** The generators owning the files a generator's TypeScript files import (itself excluded). */
function importedOwners(
  files: ReadonlyMap<string, GeneratorName>,
  name: GeneratorName,
  contents: ReadonlyMap<string, string>,
): Set<GeneratorName> {
  const owners = new Set<GeneratorName>();
  for (const [file, owner] of files) {
    if (owner !== name || !file.endsWith(".ts")) continue;
    for (const [, spec] of contents.get(file)!.matchAll(/^(?:import|export)\b[^;]*?\bfrom "(\.{1,2}\/[^"]+)";/gm)) {
      const target = path.posix.join(path.posix.dirname(file), spec!).replace(/\.js$/, ".ts");
      const targetOwner = files.get(target);
      expect(targetOwner, `${file} imports ${spec}, which no generator produces`).toBeDefined();
      if (targetOwner !== name) owners.add(targetOwner!);
    }
  }
  return owners;
}

describe("generator requirements", () => {
  it("every generator declares exactly the generators whose files its files import", async () => {
    for (const dir of [REPO, path.join(REPO, "test/fixtures/golden/hostile")]) {
      const base = resolveConfig(dir, { inputs: ["specs"], server: { name: "r", version: "1.0.0" } });
      const files = new Map<string, GeneratorName>();
      const contents = new Map<string, string>();
      for (const name of GENERATOR_NAMES) {
        // Each generator alone (bypassing the config check) to learn which files are its own.
        const result = await runPipeline({ ...base, generators: [name] }, { partialGenerators: true });
        expect(result.failed).toBe(false);
        for (const f of result.files) {
          if (f.path === ".mcp-specgen-files.json") continue;
          files.set(f.path, name);
          contents.set(f.path, fileText(f));
        }
      }
      for (const name of GENERATOR_NAMES)
        expect([...importedOwners(files, name, contents)].sort(), name).toEqual([...GENERATORS[name].requires].sort());
    }
  });

  it.each(GENERATOR_NAMES.filter((g) => GENERATORS[g].requires.length > 0))(
    "refuses %s without what it requires, naming what is missing and the fix",
    (name) => {
      const closure = generatorClosure([name]);
      const missing = closure.filter((g) => g !== name);
      for (const kept of subsets(missing)) {
        const generators = [name, ...kept];
        if (kept.length === missing.length) {
          expect(() => assertGeneratorSelection(resolveConfig(REPO, { generators }))).not.toThrow();
          continue;
        }
        let error: unknown;
        try {
          assertGeneratorSelection(resolveConfig(REPO, { generators }));
        } catch (e) {
          error = e;
        }
        expect(error, generators.join(",")).toBeInstanceOf(UsageError);
        const message = (error as Error).message;
        for (const m of missing.filter((g) => !kept.includes(g))) expect(message).toContain(`"${m}"`);
        expect(message).toContain(`use generators: [${closure.map((g) => `"${g}"`).join(", ")}]`);
      }
    },
  );

  it("the CLI exits 2 with the message for a config file asking for the server alone", async () => {
    const p = tempProject({ "mcp-specgen.config.json": JSON.stringify({ generators: ["server"] }) }, true);
    try {
      const r = await runCli(["generate"], p.dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('the "server" generator needs "types" and "validators"');
      expect(r.stderr).toContain('use generators: ["types", "validators", "server"]');
      expect(p.list().filter((f) => !f.startsWith("specs/"))).toEqual(["mcp-specgen.config.json"]);
    } finally {
      p.dispose();
    }
  });
  it.each([
    [[], /generators is empty, so nothing would be generated/],
    [["types", "types"], /generator "types" is listed twice/],
  ])("refuses generators %j as a config error", (generators, message) => {
    expect(() => resolveConfig(REPO, { generators: generators as GeneratorName[] })).toThrow(message);
  });
});
