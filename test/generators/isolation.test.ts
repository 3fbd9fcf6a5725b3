import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { REPO } from "../helpers/project.js";

// No generator imports another generator: what several share (paths of each other's files,
// validator export names, the tool-list entry) comes from src/generator-kit/outputs.ts. A generator
// folder may import src/ and its own files, and nothing under generators/ outside itself.

const GENERATORS_DIR = path.join(REPO, "generators");

/** Every module specifier a TypeScript file imports or re-exports, statically or dynamically. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm)) found.push(m[1]!);
  for (const m of code.matchAll(/^\s*import\s*"([^"]+)"/gm)) found.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push(m[1]!);
  return found;
}

/** The TypeScript files below a directory, absolute. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(dir, f));
}

/** The generator folder a path lies in (`openai` for generators/openai/options.ts), or undefined outside any. */
function generatorFolderOf(file: string): string | undefined {
  const rel = path.relative(GENERATORS_DIR, file).split(path.sep);
  return rel.length > 1 && rel[0] !== ".." ? rel[0] : undefined;
}

/** Imports of files under generators/ that lie outside `folder`, as `file → target`. */
function crossImports(folder: string): string[] {
  const bad: string[] = [];
  for (const file of tsFiles(path.join(GENERATORS_DIR, folder))) {
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      const inGenerators = !path.relative(GENERATORS_DIR, target).startsWith("..");
      if (inGenerators && generatorFolderOf(target) !== folder)
        bad.push(`${path.relative(REPO, file)} → ${path.relative(REPO, target)}`);
    }
  }
  return bad;
}

const folders = readdirSync(GENERATORS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe("generator isolation", () => {
  it("finds the generator folders", () => {
    expect(folders).toEqual([
      "anthropic",
      "client",
      "codemode",
      "gemini",
      "manifest",
      "openai",
      "server",
      "types",
      "validators",
    ]);
  });

  it.each(folders)("generators/%s imports no other generator", (folder) => {
    expect(crossImports(folder)).toEqual([]);
  });

  it("reads the imports it checks (a cross import is caught)", () => {
    const code = [
      'import { a } from "../manifest/index.js";',
      'export { b } from "./own.js";',
      "import {",
      "  c,",
      '} from "../../src/generator-kit/outputs.js";',
      'const d = await import("../validators/index.js");',
    ].join("\n");
    expect(specifiers(code)).toEqual([
      "../manifest/index.js",
      "./own.js",
      "../../src/generator-kit/outputs.js",
      "../validators/index.js",
    ]);
    const from = path.join(GENERATORS_DIR, "server", "index.ts");
    const targets = specifiers(code).map((s) => generatorFolderOf(path.resolve(path.dirname(from), s)));
    expect(targets).toEqual(["manifest", "server", undefined, "validators"]);
  });
});
