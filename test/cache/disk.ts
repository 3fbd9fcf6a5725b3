import type { ResolvedConfig } from "../../src/config/types.js";
import { openDiskCache, type DiskCache } from "../../src/cache/disk.js";
import { loadCacheKey } from "../../src/cache/key.js";
import { TEST_ENV } from "../helpers/project.js";

/** The disk cache of a run of `config`, authenticated with the tests' key (see TEST_ENV). */
export function testDisk(config: ResolvedConfig): DiskCache {
  const opened = openDiskCache(config, loadCacheKey(TEST_ENV));
  if (!opened.disk) throw new Error(opened.note);
  return opened.disk;
}
