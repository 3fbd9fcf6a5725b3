import { createHash, type Hash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generatorVersion, packageRoot } from "./version.js";

let memo: string | undefined;

/**
 * What identifies the generator that would produce the output, as a hash: mcp-specgen's
 * version, the code that runs (every file of dist/src and dist/generators — or of src/
 * and generators/ when run from source, as the tests do), the generator templates, the
 * installed versions of its dependencies (json-schema-to-typescript, ajv… shape the
 * output too) and the Node.js version. A rebuilt or upgraded generator therefore never
 * reuses a cache entry of another one. Computed once per process.
 */
export function generatorIdentity(): string {
  if (memo) return memo;
  const root = packageRoot();
  // This file is <code>/src/package-info/identity.{js,ts}: <code> is dist/ when built, the package when run from source.
  const code = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify({ version: generatorVersion(), node: process.version, dependencies: dependencyVersions(root) }),
  );
  hashTree(hash, code, "src", isCode);
  hashTree(hash, code, "generators", isCode);
  if (code !== root) hashTree(hash, root, "generators", (rel) => rel.split("/").includes("templates"));
  hashLockfile(hash, root);
  return (memo = hash.digest("hex"));
}

/** Code and templates; declaration files and source maps change nothing at run time. */
function isCode(rel: string): boolean {
  return !/\.d\.[cm]?ts$|\.map$/.test(rel);
}

/** Adds every file below `base/dir` that `keep` accepts, in a fixed order, with its path. */
function hashTree(hash: Hash, base: string, dir: string, keep: (rel: string) => boolean): void {
  let entries;
  try {
    entries = readdirSync(path.join(base, dir), { withFileTypes: true, recursive: true });
  } catch {
    hash.update(`\0missing ${dir}`);
    return;
  }
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter(keep)
    .sort();
  for (const rel of files) {
    const bytes = readFileSync(path.join(base, rel));
    hash.update(`\0${rel}\0${bytes.length}\0`);
    hash.update(bytes);
  }
}

/** The installed version of each runtime dependency, found as Node.js would find it from the package. */
function dependencyVersions(root: string): Record<string, string> {
  const versions: Record<string, string> = {};
  let names: string[] = [];
  try {
    names = Object.keys(
      (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string> })
        .dependencies ?? {},
    ).sort();
  } catch {
    // No dependency list: the code hash still identifies the generator.
  }
  for (const name of names) versions[name] = installedVersion(root, name);
  return versions;
}

function installedVersion(root: string, name: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    try {
      return String(
        (
          JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8")) as {
            version?: unknown;
          }
        ).version,
      );
    } catch {
      // Not installed here; look further up.
    }
    if (path.dirname(dir) === dir) return "missing";
  }
}

/**
 * npm's record of the installed tree (node_modules/.package-lock.json), when there is one:
 * it changes whenever any package is added or updated, including the dependencies of
 * dependencies that the direct versions do not reveal.
 */
function hashLockfile(hash: Hash, root: string): void {
  for (let dir = root; ; dir = path.dirname(dir)) {
    try {
      hash.update(readFileSync(path.join(dir, "node_modules", ".package-lock.json")));
      return;
    } catch {
      // Not here.
    }
    if (path.dirname(dir) === dir) return;
  }
}
