import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO, runCli, runtimeProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";
import { jsonSpec, markdownSpec } from "./arbitraries.js";
import { canaryFileWritten, canaryTokensInCode, installCanary } from "./canaries.js";

// Property-based fuzzing of everything a spec can reach: `generate`, `check`, `lint` and
// `import`. CI runs a fixed seed; `npm run fuzz` runs many more cases (FUZZ_RUNS, and a
// random seed unless FUZZ_SEED is given).
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED =
  process.env.FUZZ_SEED !== undefined
    ? Number(process.env.FUZZ_SEED)
    : process.env.FUZZ_RUNS
      ? Date.now() % 2 ** 31
      : 20261123;
// Type-checking and loading every successful output would dominate the run; a sample shows
// the same bugs.
const MAX_COMPILED = Number(process.env.FUZZ_COMPILED ?? 40);

let project: TempProject;
let root: string;
let canary: ReturnType<typeof installCanary>;
const succeeded: string[] = [];
const stats = { cases: 0, generated: 0, refused: 0 };

beforeAll(() => {
  project = runtimeProject();
  root = project.dir;
  canary = installCanary();
});

afterAll(() => {
  canary.uninstall();
  // FUZZ_KEEP=1 keeps the cases for a look at a failure.
  if (!process.env.FUZZ_KEEP) project.dispose();
  else console.log(`fuzz: cases kept in ${root}`);
  console.log(
    `fuzz: seed ${SEED}, ${stats.cases} cases, ${stats.generated} generated, ${stats.refused} refused with diagnostics`,
  );
});

/** Every file below `dir` (not following symlinks), relative, `/`-separated. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

const NO_STACK = /\n\s+at .+[(:]\d+/;

describe("fuzzing specs", () => {
  it(`generate/check/lint/import never throw, never run spec text, never write outside --out (seed ${SEED}, ${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(jsonSpec, { nil: undefined }),
        fc.option(markdownSpec, { nil: undefined }),
        async (json, markdown) => {
          const dir = path.join(root, `case-${stats.cases++}`);
          mkdirSync(path.join(dir, "specs/md"), { recursive: true });
          if (json !== undefined) writeFileSync(path.join(dir, "specs/tools.json"), json);
          if (markdown !== undefined) writeFileSync(path.join(dir, "specs/md/MCP_TOOL_SPECIFICATION.md"), markdown);
          const before = listFiles(dir).sort();

          const gen = await runCli(["generate", "--quiet"], dir);
          expect([0, 1], gen.stderr).toContain(gen.code);
          expect(gen.stderr).not.toMatch(NO_STACK);
          const after = listFiles(dir).sort();
          const added = after.filter((f) => !before.includes(f));
          if (gen.code === 0) {
            stats.generated++;
            expect(
              added.every((f) => f.startsWith("generated/")),
              added.join(", "),
            ).toBe(true);
            const check = await runCli(["check"], dir);
            expect(check.code, check.stdout + check.stderr).toBe(0);
            for (const f of added) {
              if (/\.(ts|js)$/.test(f))
                expect(canaryTokensInCode(readFileSync(path.join(dir, f), "utf8")), f).toEqual([]);
            }
            if (succeeded.length < MAX_COMPILED) succeeded.push(dir);
          } else {
            stats.refused++;
            // A failed run writes nothing at all.
            expect(added).toEqual([]);
            expect(gen.stderr).toMatch(/(error|mcp-specgen:) /);
          }

          const lint = await runCli(["lint"], dir);
          expect([0, 1]).toContain(lint.code);
          expect(lint.stderr + lint.stdout).not.toMatch(NO_STACK);
          if (json !== undefined) {
            const imported = await runCli(
              ["import", "--file", "specs/tools.json", "--out", "imported/MCP_TOOL_SPECIFICATION.md", "--force"],
              dir,
            );
            expect([0, 1, 2]).toContain(imported.code);
            expect(imported.stderr).not.toMatch(NO_STACK);
            const strays = listFiles(dir).filter(
              (f) => !f.startsWith("specs/") && !f.startsWith("generated/") && !f.startsWith("imported/"),
            );
            expect(strays).toEqual([]);
          }
          expect(canary.fired).toEqual([]);
          expect(canaryFileWritten(dir, REPO, process.cwd())).toBe(false);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(stats.generated).toBeGreaterThan(0);
    expect(stats.refused).toBeGreaterThan(0);
  }, 3_600_000);

  it("every successful output compiles under tsc --strict and its validators load and run", async () => {
    expect(succeeded.length).toBeGreaterThan(0);
    const files = succeeded.flatMap((dir) =>
      readdirSync(path.join(dir, "generated"), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
        .map((f) => path.join(dir, "generated", f)),
    );
    const r = typeCheck(files, root);
    expect(r.output).toBe("");
    for (const dir of succeeded) {
      const validators = readdirSync(path.join(dir, "generated"), { recursive: true, encoding: "utf8" }).filter(
        (f) => f.startsWith("validators") && f.endsWith(".ts"),
      );
      for (const f of validators) {
        const mod = (await import(pathToFileURL(path.join(dir, "generated", f)).href)) as Record<
          string,
          (v: unknown) => boolean
        >;
        for (const validate of Object.values(mod))
          for (const v of [{}, null, "x", { a: "a".repeat(1000) }]) expect(typeof validate(v)).toBe("boolean");
      }
    }
    expect(canary.fired).toEqual([]);
  }, 600_000);
});
