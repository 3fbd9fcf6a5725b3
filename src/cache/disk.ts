import { lstatSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { linkOnPath } from "./files.js";
import type { CacheKeyResult } from "./key.js";
import { cacheLocation, type CacheLocation } from "./location.js";
import type { CacheKey } from "./mac.js";

/** The memo directory's name inside a cache directory (see `openDiskStore`). */
export const MEMO_DIR = "memo";

/**
 * A cache directory a run may use, and the key that authenticates its files: a file is
 * taken from it only with a MAC this key made.
 */
export interface DiskCache {
  location: CacheLocation;
  key: CacheKey;
}

/** The disk cache of a run, or why there is none (a note for `--verbose`). */
export type DiskCacheResult = { disk: DiskCache; note?: undefined } | { disk?: undefined; note: string };

/**
 * The disk cache for a run of `config` with this user's `key`. None — said in the note —
 * when there is no key (no private place for one), or when the cache directory, a
 * directory on its way (node_modules, .cache…) or the run's entry is a symbolic link: such
 * a cache is never read, written or cleaned, since a link can point cleaning at someone
 * else's files. Never throws.
 */
export function openDiskCache(config: ResolvedConfig, key: CacheKeyResult): DiskCacheResult {
  let location: CacheLocation;
  try {
    location = cacheLocation(config.cwd, path.resolve(config.cwd, config.outDir));
  } catch (e) {
    return { note: `running without the disk cache: no cache directory (${(e as Error).message})` };
  }
  const link = linkOnPath(location.base, path.join(location.dir, MEMO_DIR)) ?? linkAt(location.file);
  if (link) {
    const shown = path.relative(config.cwd, link);
    return {
      note: `running without the disk cache: ${shown.startsWith("..") ? link : shown} is ${isLink(link) ? "a symbolic link" : "not a directory"} (a cache there is never read, written or cleaned)`,
    };
  }
  if (!key.key) return { note: `running without the disk cache: ${key.reason}` };
  return { disk: { location, key: key.key } };
}

/** `file` when it is a symbolic link. */
function linkAt(file: string): string | undefined {
  return isLink(file) ? file : undefined;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
