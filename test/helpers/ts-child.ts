import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { REPO } from "./project.js";

/** Where the bundles go: below node_modules, so their package imports resolve from this repository. */
const BUNDLES = path.join(REPO, "node_modules/.cache/mcp-specgen-tests/ts-children");

/**
 * The arguments after `node` that run a TypeScript file of the tests (a server fixture) in
 * a child process: the file and the relative modules it imports, bundled by esbuild into
 * one ES module; packages stay imports, so `@mcp-specgen/runtime` is its dist/ as under
 * tsx. The child then loads no TypeScript loader of its own, which costs more than the
 * fixture's work in most tests. Tests of how a user runs a file (tsx, `npm run example`)
 * keep tsx. The bundle is named by a hash of its contents, so a run after an edit, or two
 * runs side by side, never use a stale one.
 */
export function tsChildArgs(file: string): string[] {
  const { outputFiles } = buildSync({
    entryPoints: [file],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const code = outputFiles[0]!.contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const bundle = path.join(BUNDLES, `${path.basename(file, ".ts")}-${hash}.mjs`);
  if (!existsSync(bundle)) {
    mkdirSync(BUNDLES, { recursive: true });
    // Written whole, then renamed: a child started by another worker never reads half a file.
    const partial = `${bundle}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, bundle);
  }
  return [bundle];
}
