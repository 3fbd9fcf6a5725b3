import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";
import { MEMO_DIR, type DiskCache } from "./disk.js";
import { makeRealDirectories, ownFiles, readCacheFile, removeOwnFile, writeCacheFile } from "./files.js";
import { sha256 } from "./hash.js";
import { generatorIdentity } from "./identity.js";
import { isPrivate, type CacheLocation } from "./location.js";
import type { CacheKey } from "./mac.js";

/**
 * Values computed from content, found again by a hash of that content: a spec file's
 * parsed tools, a module's generated types. Keys are made with {@link memoKey}, so a key
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
 * The key of a value computed by `kind` from `input` (plain data, hashed as JSON) with this
 * build of mcp-specgen: a changed generator (its code, dependencies, Node.js) gives other
 * keys, as does any changed byte of the input.
 */
export function memoKey(kind: string, input: unknown): string {
  const identity = generatorIdentity();
  // Input made of the same frozen objects as an earlier call has the same JSON, so the key
  // found then is the key: a rebuild of `generate --watch` neither joins nor hashes the
  // text of its unchanged modules again.
  const frozen = { found: false };
  const signature = `${identity}\0${kind}\0${signatureOf(input, SIGNATURE_DEPTH, frozen)}`;
  // Nothing frozen: the signature is the key's text itself.
  if (!frozen.found) return sha256(signature);
  let key = keysBySignature.get(signature) as string | undefined;
  if (key !== undefined) return key;
  key = sha256(`${identity}\0${kind}\0${keyJson(input)}`);
  // A signature that holds much unfrozen text (a spec file's text, say) is not kept: its
  // key costs little more to make again than the signature itself did.
  if (signature.length <= MAX_SIGNATURE_CHARS) keysBySignature.set(signature, key);
  return key;
}

/**
 * Levels of unfrozen objects and arrays a signature walks to find frozen ones: the
 * validators' input holds each schema (frozen) in an object in a list in an object in the
 * key's `{ options, input }`. Deeper, a signature is the JSON of what is left.
 */
const SIGNATURE_DEPTH = 4;

/**
 * Signatures kept at most, the least recently used going first: a build asks for a few per
 * module (about 1,500 at 10,000 tools), and a signature holds the text of what is not
 * frozen (a module's names), a few kilobytes at most.
 */
const MAX_SIGNATURES = 10_000;
/** The longest signature kept, and the characters kept in all: a few megabytes of memory at most. */
const MAX_SIGNATURE_CHARS = 16 * 1024;
const MAX_SIGNATURES_CHARS = 4 * 1024 * 1024;
/** Keys of inputs that hold frozen objects, by their signature (see `signatureOf`); never swept. */
const keysBySignature = memoryStore(undefined, MAX_SIGNATURES, MAX_SIGNATURES_CHARS);

/** How many key signatures are kept, and their characters (what the bounds above hold to). */
export function keptSignatures(): { count: number; chars: number } {
  return { count: keysBySignature.size, chars: keysBySignature.keyChars };
}

/** A serial number per frozen object, never reused: the same number is the same object. */
const serials = new WeakMap<object, number>();
let nextSerial = 0;

/**
 * `keyJson(value)` with each frozen object written as its serial number instead of its
 * text (after a NUL, which JSON text never holds): equal signatures mean equal key JSON,
 * and without frozen objects (`frozen.found` stays false) the signature is that JSON.
 */
function signatureOf(value: unknown, depth: number, frozen: { found: boolean }): string | undefined {
  return jsonWith(value, depth, (object) => {
    frozen.found = true;
    let serial = serials.get(object);
    if (serial === undefined) serials.set(object, (serial = nextSerial++));
    return `\0${serial}`;
  });
}

/** JSON texts of frozen values, made once (frozen values are deep-frozen: see `deepFreeze`). */
const frozenJson = new WeakMap<object, string>();

/**
 * Exactly `JSON.stringify(value)`, with the text of every frozen object or array made once:
 * a rebuild of `generate --watch` keys each module by tools that are mostly the frozen
 * objects of the previous build, and then joins their texts instead of writing them again.
 * Only the first `depth` levels of unfrozen plain objects and arrays are walked here, so
 * input that holds nothing frozen costs what JSON.stringify costs.
 */
export function keyJson(value: unknown, depth = 3): string | undefined {
  return jsonWith(value, depth, (object) => {
    let text = frozenJson.get(object);
    if (text === undefined) frozenJson.set(object, (text = JSON.stringify(object)));
    return text;
  });
}

/**
 * `JSON.stringify(value)` for plain data, with each frozen object or array met in the first
 * `depth` levels written as `frozen` says.
 */
function jsonWith(value: unknown, depth: number, frozen: (object: object) => string): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Object.isFrozen(value)) return frozen(value);
  if (depth === 0) return JSON.stringify(value);
  // Array.from, not map: a hole is written as null, as JSON.stringify writes it.
  if (Array.isArray(value)) return `[${Array.from(value, (v) => jsonWith(v, depth - 1, frozen) ?? "null").join(",")}]`;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return JSON.stringify(value);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const text = jsonWith(v, depth - 1, frozen);
    if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`);
  }
  return `{${parts.join(",")}}`;
}

/** The key of a value a built-in generator's `ctx.memo` computed: its part, its options and the input. */
export function generatorMemoKey(generator: string, part: string, options: unknown, input: unknown): string {
  return memoKey(`generator ${generator} ${part}`, { options, input });
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
 * lookup. Values are deep-frozen when stored and returned as they are, not copied: an
 * unchanged spec's tools are then the very objects of the previous rebuild, which lets
 * the later stages find their per-object results again (see `keptWithFindings`).
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
   * lets those of earlier versions (and the per-object results hanging off them) go.
   */
  sweep(): void;
  /** Values held. */
  readonly size: number;
  /** Characters of the keys of the values held. */
  readonly keyChars: number;
}

/** Freezes `value` and everything it holds (plain data). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/**
 * A per-object cache for pure work on frozen IR (a tool's manifest entry, its vendor
 * declaration): what was made for a frozen object, under the same `variant` (whatever else
 * the value depends on, as a string), is handed back, deep-frozen, when the same object
 * comes back in a later rebuild of `generate --watch`. Frozen values keep their written
 * text too (see `tsLiteral`), so an unchanged tool's part of an aggregate file is not
 * written again. Objects that are not frozen are never cached. One variant is kept per object.
 */
export function keptFor<K extends object, V>(): (key: K, variant: string, compute: () => V) => V {
  const cache = new WeakMap<K, { variant: string; value: V }>();
  return (key, variant, compute) => {
    if (!Object.isFrozen(key)) return compute();
    const known = cache.get(key);
    if (known?.variant === variant) return known.value;
    const value = deepFreeze(compute());
    cache.set(key, { variant, value });
    return value;
  };
}

/**
 * A per-object cache for pure work on frozen IR that reports findings (a tool's schema
 * checks, its resolved schemas): frozen objects cannot change, so what was computed for one
 * — value and findings — is still right when the same object comes back, in a later
 * rebuild of `generate --watch`, whose memory store hands back the same frozen tools for
 * unchanged specs. `variant` names whatever else the result depends on. Objects that are
 * not frozen are never cached; findings are reported even when `compute` throws.
 */
export function keptWithFindings<K extends object, V>(): (
  key: K,
  variant: string,
  diagnostics: DiagnosticBag,
  compute: (bag: DiagnosticBag) => V,
) => V {
  const cache = new WeakMap<K, { variant: string; value: V; found: Diagnostic[] }>();
  return (key, variant, diagnostics, compute) => {
    const known = cache.get(key);
    if (known && known.variant === variant) {
      diagnostics.items.push(...known.found);
      return known.value;
    }
    const bag = new DiagnosticBag();
    try {
      const value = compute(bag);
      if (Object.isFrozen(key)) cache.set(key, { variant, value, found: bag.items });
      return value;
    } finally {
      diagnostics.items.push(...bag.items);
    }
  };
}
