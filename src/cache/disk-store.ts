import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { MEMO_DIR, type DiskCache } from "./disk.js";
import { makeRealDirectories, ownFiles, readCacheFile, removeOwnFile, writeCacheFile } from "./files.js";
import { isPrivate, type CacheLocation } from "./location.js";
import type { CacheKey } from "./mac.js";
import type { MemoStore } from "../memo/store.js";

/** Marks a memo file of this layout; another first line (another tool, an older layout) is a miss. */
const MAGIC = "mcp-specgen memo 2\n";

/** Memo files untouched for this long are removed now and then (see `prune`). */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** A memo file larger than this is not one of ours (the largest value is one module's output). */
const MAX_MEMO_BYTES = 256 * 1024 * 1024;

/** The name of every memo file: its key and `.bin`. */
const MEMO_NAME = /^[0-9a-f]{64}\.bin$/;

/**
 * The on-disk memo of a project: `memo/` beside the run entries of `disk` (in the project's
 * `node_modules/.cache/mcp-specgen/`, else a private directory in the system temp
 * directory). Each value is one file named by its key, holding the key, a MAC of the key
 * and the serialized value made with this user's cache key, and the value (v8
 * serialization: fast and exact for plain data). A file that is truncated, edited,
 * foreign, or written by someone else — without a MAC, or with one another key made — is a
 * miss and is replaced by the next `set`; reading a value never runs code, and a value is
 * deserialized only once its MAC checks out. Undefined without a disk cache.
 */
export function openDiskStore(disk: DiskCache | undefined): MemoStore | undefined {
  return disk ? new DiskStore(disk.location, disk.key) : undefined;
}

class DiskStore implements MemoStore {
  private pruned = false;
  /** Whether the directory is usable; checked on first use (nothing is created by a run that stores nothing). */
  private usable: boolean | undefined;
  private readonly dir: string;

  constructor(
    private readonly location: CacheLocation,
    private readonly key: CacheKey,
  ) {
    this.dir = path.join(location.dir, MEMO_DIR);
  }

  get(key: string): unknown {
    try {
      if (this.location.shared && !this.trusted()) return undefined;
      const bytes = readCacheFile(this.fileOf(key), MAX_MEMO_BYTES, this.location.shared);
      return bytes && decode(bytes, key, this.key);
    } catch {
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    try {
      this.usable ??= makeRealDirectories(this.location.base, this.dir) && (!this.location.shared || this.trusted());
      if (!this.usable) return;
      writeCacheFile(this.fileOf(key), encode(key, value, this.key));
      if (!this.pruned) {
        this.pruned = true;
        prune(this.location.base, this.dir);
      }
    } catch {
      // Full disk, unwritable directory, a value that cannot be serialized: only time is lost.
    }
  }

  /** In the shared temp directory: only directories that nobody else can write are used. */
  private trusted(): boolean {
    return isPrivate(this.location.dir, "directory") && isPrivate(this.dir, "directory");
  }

  private fileOf(key: string): string {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error("not a memo key");
    return path.join(this.dir, `${key}.bin`);
  }
}

/** MAGIC, the key, the MAC of the key and the payload, then the payload. */
function encode(key: string, value: unknown, cacheKey: CacheKey): Buffer {
  const payload = serialize(value);
  return Buffer.concat([Buffer.from(`${MAGIC}${key}\n${cacheKey.mac(MAGIC, key, payload)}\n`), payload]);
}

/** The value in `bytes`, or undefined when they are not exactly what `encode(key, …)` wrote with this cache key. */
function decode(bytes: Buffer, key: string, cacheKey: CacheKey): unknown {
  const header = `${MAGIC}${key}\n`;
  const headerLength = header.length + 65;
  if (bytes.length < headerLength || bytes.toString("latin1", 0, header.length) !== header) return undefined;
  if (bytes[headerLength - 1] !== 10) return undefined;
  const payload = bytes.subarray(headerLength);
  if (!cacheKey.verifies(bytes.toString("latin1", header.length, headerLength - 1), MAGIC, key, payload))
    return undefined;
  return deserialize(payload);
}

/**
 * Removes memo files (and their temporary files) nobody has written for a week: keys of old
 * specs and old builds. Only files the store names, and nothing when the directory (or one
 * on the way to it) is a symbolic link.
 */
function prune(base: string, dir: string): void {
  const now = Date.now();
  for (const file of ownFiles(base, dir, (name) => MEMO_NAME.test(name)) ?? [])
    if (now - file.mtimeMs > STALE_AFTER_MS) removeOwnFile(file);
}
