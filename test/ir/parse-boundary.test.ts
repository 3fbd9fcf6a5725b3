import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { REPO } from "../helpers/project.js";

// Data flows one way: inputs → IR → checks and generators. Everything the checks need is
// in the IR (src/ir/types.ts), so nothing after the parse stage reaches into src/parse/:
// not for helpers, and not for facts kept beside the IR. Only the modules that read
// inputs themselves import it, each for the reason given here.
const INPUT_SIDE: Record<string, string> = {
  "src/inputs/": "the stage that parses the inputs into the IR",
  "src/index.ts": "the programmatic API exports loadSpecs, parseSpecText and the limits",
  "src/config/": "the limits on spec files are part of the configuration",
  "src/cache/fingerprint.ts": "hashes the spec files a run would read",
  "src/cli/init.ts": "looks for spec files already there",
  "src/cli/import.ts": "holds a live server's tool list to the limits specs are held to",
  "src/import/verify.ts": "parses the Markdown it writes, to check it reads back the same",
  "src/diff/load-side.ts": "reads a side of a diff (a git revision's specs, a JSON list) into the IR",
  "src/fmt/": "rewrites spec text, and proves each change by parsing the result again",
  "src/cli/live-side.ts": "holds a live server's tool list to the limits specs are held to",
};

const PARSE = path.join(REPO, "src/parse");
const ROOTS = ["src", "generators", "packages/runtime/src", "examples"];
const SPECIFIER = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["node_modules", "dist", "generated", "specs"].includes(entry.name)) out.push(...sourceFiles(full));
    } else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The modules of `src/parse/` a file imports (relative imports resolved from the file). */
function parseImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const specifier = m[1] ?? m[2] ?? m[3]!;
    if (!specifier.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), specifier);
    if (target === PARSE || target.startsWith(PARSE + path.sep)) found.push(path.relative(REPO, target));
  }
  return found;
}

const rel = (file: string) => path.relative(REPO, file).split(path.sep).join("/");
const allowed = (file: string) =>
  Object.keys(INPUT_SIDE).some((k) => (k.endsWith("/") ? file.startsWith(k) : file === k));

describe("the parse stage's boundary", () => {
  const files = ROOTS.flatMap((root) => sourceFiles(path.join(REPO, root))).filter(
    (f) => !rel(f).startsWith("src/parse/"),
  );

  it("finds the modules it scans", () => {
    expect(files.map(rel)).toContain("src/validate/index.ts");
    expect(files.map(rel)).toContain("src/inputs/load-specs-sync.ts");
    expect(parseImports(path.join(REPO, "src/inputs/load-specs-sync.ts"))).toContain("src/parse/index.js");
  });

  it("only the modules that read inputs import src/parse/", () => {
    const offenders = files
      .filter((f) => !allowed(rel(f)))
      .flatMap((f) => parseImports(f).map((target) => `${rel(f)} imports ${target}`));
    expect(offenders).toEqual([]);
  });

  it("the checks, lint, naming, schemas, generators and the IR are not among them", () => {
    for (const core of [
      "src/ir/",
      "src/validate/",
      "src/lint/",
      "src/schema/",
      "src/naming/",
      "src/generator-kit/",
      "src/build/",
    ])
      expect(allowed(`${core}index.ts`), core).toBe(false);
    expect(allowed("src/build/pipeline.ts")).toBe(false);
    expect(allowed("generators/types/index.ts")).toBe(false);
  });
});
