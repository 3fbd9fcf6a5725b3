import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { createHash } from "node:crypto";
import { MEMO_DIR, type DiskCache } from "./disk.js";
import { makeRealDirectories, ownFiles, readCacheFile, removeOwnFile, writeCacheFile } from "./files.js";
import { generatorIdentity } from "./identity.js";
import { isPrivate, type CacheLocation } from "./location.js";
import type { CacheKey } from "./mac.js";

/**
 * Values computed from content, found again by a hash of that content: a spec file's
 * parsed tools, a module's generated types. Keys are made with {@link contentKey}, so a key
 * names everything the value depends on — the generator's code included — and a value
 * is never invalidated, only no longer asked for.
 */
export interface MemoStore {
  /** The value stored under `key`, or undefined. Never throws. */
  get(key: string): unknown;
  /** Stores `value` (plain data: what structured clone accepts) under `key`. Never throws. */
  set(key: string, value: unknown): void;
}

/**
 * The key of a value computed by `kind` from `parts` with this build of mcp-specgen: the
 * SHA-256 of the generator's identity, `kind` and each part, each written after its length
 * (so no two lists of parts hash the same text). A changed generator (its code,
 * dependencies, Node.js) gives other keys, as does any changed character of a part.
 */
export function contentKey(kind: string, ...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of [generatorIdentity(), kind, ...parts]) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}

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

/** Values a memory store keeps at most; the least recently used go first. */
const MEMORY_ENTRIES = 20_000;

/**
 * A store in memory, in front of `backing` (values read from it are kept too): what
 * `generate --watch` keeps between rebuilds, so an unchanged spec costs a hash and a
 * lookup. Values are returned as they are, not copied, and deep-frozen when stored: a
 * guard, since one value is handed to every later build that asks for it (nothing takes
 * a value's being frozen as a sign of anything).
 *
 * @param maxEntries values kept at most, the least recently used going first.
 * @param maxKeyChars characters of keys kept at most, likewise: for a store whose keys
 *   are the texts its values were made from (Markdown sections), a bound on its memory.
 */
export function memoryStore(
  backing?: MemoStore,
  maxEntries = MEMORY_ENTRIES,
  maxKeyChars = Number.POSITIVE_INFINITY,
): MemoryStore {
  const values = new Map<string, unknown>();
  // Keys asked for or stored since the last sweep: what the last build used.
  const used = new Set<string>();
  let keyChars = 0;
  const keep = (key: string, value: unknown) => {
    if (values.delete(key)) keyChars -= key.length;
    values.set(key, value);
    keyChars += key.length;
    used.add(key);
    while (values.size > maxEntries || (keyChars > maxKeyChars && values.size > 1)) {
      const oldest = values.keys().next().value!;
      values.delete(oldest);
      used.delete(oldest);
      keyChars -= oldest.length;
    }
  };
  return {
    get(key) {
      let value = values.get(key);
      if (value === undefined) value = deepFreeze(backing?.get(key));
      if (value !== undefined) keep(key, value);
      return value;
    },
    set(key, value) {
      keep(key, deepFreeze(value));
      backing?.set(key, value);
    },
    sweep() {
      for (const key of [...values.keys()])
        if (!used.has(key)) {
          values.delete(key);
          keyChars -= key.length;
        }
      used.clear();
    },
    get size() {
      return values.size;
    },
    get keyChars() {
      return keyChars;
    },
  };
}

/** A memory store; `sweep` keeps it to what one build uses. */
export interface MemoryStore extends MemoStore {
  /**
   * Drops every value not asked for or stored since the last sweep: called after each
   * successful rebuild of `generate --watch`, it keeps the values of the current specs and
   * lets those of earlier versions go.
   */
  sweep(): void;
  /** Values held. */
  readonly size: number;
  /** Characters of the keys of the values held. */
  readonly keyChars: number;
}

/**
 * Freezes `value` and everything it holds (plain data): what a memory store hands to more
 * than one build cannot be changed by any of them. The one place that asks whether a value
 * is frozen, and only to stop at parts frozen already.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
