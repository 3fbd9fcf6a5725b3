import { existsSync, lstatSync, statSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { sha256 } from "./hash.js";

/** Where the cache entry of one run lives. */
export interface CacheLocation {
  /**
   * The directory the cache path starts in, which is not the cache's to judge: the
   * project's directory, or the system temp directory. Every directory from below it down
   * to the cache (node_modules, .cache, mcp-specgen, memo…) must be a real directory, never
   * a symbolic link: otherwise the cache is not used at all.
   */
  base: string;
  /** The directory of cache entries. */
  dir: string;
  /** The entry for this working directory and output directory. */
  file: string;
  /**
   * True for the fallback in the system temp directory, which other users can write to:
   * the directory and the entry are trusted only when they belong to the current user
   * and nobody else can write them (see `isPrivate`).
   */
  shared: boolean;
}

/**
 * The cache entry for a run in `cwd` writing to `outDir` (absolute). The directory is
 * `node_modules/.cache/mcp-specgen/` of the project — the nearest directory at or above
 * `cwd` with a package.json — when it has a node_modules directory (the convention of
 * babel, eslint, vite…, and removed with node_modules); otherwise
 * `<temp>/mcp-specgen-cache-<user>/`. One entry per working and output directory, so
 * several output directories in one project do not evict each other.
 */
export function cacheLocation(cwd: string, outDir: string): CacheLocation {
  const name = `${sha256(JSON.stringify([cwd, outDir])).slice(0, 32)}.json`;
  const modules = projectNodeModules(cwd);
  if (modules) {
    const dir = path.join(modules, ".cache", "mcp-specgen");
    return { base: path.dirname(modules), dir, file: path.join(dir, name), shared: false };
  }
  const base = tmpdir();
  const dir = path.join(base, `mcp-specgen-cache-${userKey()}`);
  return { base, dir, file: path.join(dir, name), shared: true };
}

/**
 * node_modules of the nearest package at or above `cwd`, if it has one (a symbolic link to
 * a directory included: it is then found, and refused, rather than silently passed over).
 */
function projectNodeModules(cwd: string): string | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) {
      const modules = path.join(dir, "node_modules");
      try {
        return statSync(modules).isDirectory() ? modules : undefined;
      } catch {
        return undefined;
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The user, in a form safe for a file name. */
function userKey(): string {
  if (typeof process.getuid === "function") return String(process.getuid());
  try {
    return sha256(userInfo().username).slice(0, 16);
  } catch {
    return "user";
  }
}

/**
 * True when `p` (a directory or an entry in the shared fallback) can only have been
 * written by the current user: not a symbolic link, owned by them, and not writable by
 * group or others. Where there are no user ids (Windows) the temp directory is per user.
 */
export function isPrivate(p: string, kind: "directory" | "file"): boolean {
  try {
    const stats = lstatSync(p);
    if (stats.isSymbolicLink() || (kind === "directory" ? !stats.isDirectory() : !stats.isFile())) return false;
    if (typeof process.getuid !== "function") return true;
    return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
