import path from "node:path";
import type { Diagnostic } from "../diagnostics/types.js";
import { OWNERSHIP_FILE, isSafeRelativePath } from "../output/ownership.js";
import type { DiskCache } from "./disk.js";
import { makeRealDirectories, ownFiles, readCacheFile, removeOwnFile, writeCacheFile } from "./files.js";
import { isSha256 } from "./hash.js";
import { isPrivate } from "./location.js";

/**
 * Marks a cache entry of this layout; another value (an older mcp-specgen, another tool) is
 * ignored. An entry file is this, a space, the MAC of the rest (see `entryMacParts`), a newline,
 * then the entry as JSON.
 */
export const CACHE_FORMAT = "mcp-specgen check cache 4";

/** What a full run recorded: enough to print its result again without running it. */
export interface CacheEntry {
  format: typeof CACHE_FORMAT;
  /** The fingerprint of the generator, config and inputs of that run. */
  fingerprint: string;
  /** Number of tools. */
  tools: number;
  /** Every generated file (the ownership record too) → SHA-256 of its contents. */
  outputs: Record<string, string>;
  /**
   * Generated files → their stamp when their contents were found to match (see
   * `FileStamp`): a file with the same stamp is not read again. Files without one are read.
   */
  stamps: Record<string, FileStamp>;
  /** The diagnostics the run reported (warnings and infos: runs with errors are not recorded). */
  diagnostics: Diagnostic[];
  /** Tools refused at run time without a trust policy: all of them, and those only by MCP's default. */
  refused: ToolCounts;
}

/** A number of tools, and how many of them are so only by a default. */
export interface ToolCounts {
  total: number;
  byDefault: number;
}

/**
 * Size, modification and change times (ms) and inode of a file, as `stat` gives them, and
 * the SHA-256 its contents had then: a stamp vouches only for the contents it was taken of.
 */
export type FileStamp = [size: number, mtimeMs: number, ctimeMs: number, ino: number, sha256: string];

/** A cache entry is a few kilobytes; anything far larger is not one of ours. */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

/** Entries (and leftover temporary files) untouched for this long are removed when a new entry is written. */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * At most this many entries are kept per cache directory, the most recently written ones:
 * every working and output directory has its own entry, and throw-away projects (tests,
 * scratch directories) would otherwise pile up.
 */
const MAX_ENTRIES = 64;

/**
 * Reads the run entry of `disk`; undefined when there is none, or it cannot be trusted
 * (no MAC, or one another key made: written by someone else) or understood. Never throws.
 */
export function readEntry(disk: DiskCache): CacheEntry | undefined {
  const loc = disk.location;
  if (loc.shared && !isPrivate(loc.dir, "directory")) return undefined;
  const bytes = readCacheFile(loc.file, MAX_ENTRY_BYTES, loc.shared);
  return bytes && decodeEntry(disk, bytes);
}

/**
 * The entry in the bytes of an entry file of `disk`, when its MAC is one `disk.key` made
 * for that file and the entry is complete and well-formed (see `parseEntry`).
 */
export function decodeEntry(disk: DiskCache, bytes: Buffer): CacheEntry | undefined {
  const header = `${CACHE_FORMAT} `;
  const newline = bytes.indexOf(10);
  if (newline !== header.length + 64 || bytes.toString("latin1", 0, header.length) !== header) return undefined;
  const json = bytes.subarray(newline + 1);
  if (!disk.key.verifies(bytes.toString("latin1", header.length, newline), ...entryMacParts(disk, json)))
    return undefined;
  return parseEntry(json.toString("utf8"));
}

/** The bytes of an entry file of `disk` holding `json` (the text of an entry), with its MAC. */
export function encodeEntry(disk: DiskCache, json: string): Buffer {
  const bytes = Buffer.from(json);
  return Buffer.concat([Buffer.from(`${CACHE_FORMAT} ${disk.key.mac(...entryMacParts(disk, bytes))}\n`), bytes]);
}

/**
 * What an entry's MAC covers: the entry's file name (one per working and output directory,
 * so another project's entry cannot be passed off as this one's) and its JSON bytes.
 */
function entryMacParts(disk: DiskCache, json: Uint8Array): [string, string, Uint8Array] {
  return [CACHE_FORMAT, path.basename(disk.location.file), json];
}

/**
 * Checks that `text` is a cache entry in every detail; undefined when it is not (truncated,
 * edited, another format). Only a complete, well-formed entry may stand in for a run.
 */
export function parseEntry(text: string): CacheEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.format !== CACHE_FORMAT || !isSha256(value.fingerprint)) return undefined;
  const { tools, outputs, diagnostics } = value;
  if (typeof tools !== "number" || !Number.isSafeInteger(tools) || tools < 0) return undefined;
  if (!isRecord(outputs) || !Object.hasOwn(outputs, OWNERSHIP_FILE)) return undefined;
  if (!Object.entries(outputs).every(([file, hash]) => isSafeRelativePath(file) && isSha256(hash))) return undefined;
  const { stamps } = value;
  if (
    !isRecord(stamps) ||
    !Object.entries(stamps).every(([file, stamp]) => Object.hasOwn(outputs, file) && isStamp(stamp, outputs[file]))
  )
    return undefined;
  if (!Array.isArray(diagnostics) || !diagnostics.every(isRecordedDiagnostic)) return undefined;
  if (!isToolCounts(value.refused, tools)) return undefined;
  return value as unknown as CacheEntry;
}

function isToolCounts(value: unknown, tools: number): value is ToolCounts {
  if (!isRecord(value)) return false;
  const { total, byDefault } = value;
  return (
    Number.isSafeInteger(total) &&
    Number.isSafeInteger(byDefault) &&
    (byDefault as number) >= 0 &&
    (byDefault as number) <= (total as number) &&
    (total as number) <= tools
  );
}

/** A warning or info as a successful run reports it. */
function isRecordedDiagnostic(d: unknown): d is Diagnostic {
  if (!isRecord(d) || !isRecord(d.loc)) return false;
  return (
    (d.severity === "warning" || d.severity === "info") &&
    typeof d.code === "string" &&
    typeof d.message === "string" &&
    (d.help === undefined || typeof d.help === "string") &&
    typeof d.loc.file === "string" &&
    Number.isSafeInteger(d.loc.line) &&
    Number.isSafeInteger(d.loc.column)
  );
}

/** A stamp of the contents with SHA-256 `hash`. */
function isStamp(v: unknown, hash: unknown): v is FileStamp {
  return (
    Array.isArray(v) &&
    v.length === 5 &&
    v.slice(0, 4).every((n) => typeof n === "number" && Number.isFinite(n)) &&
    v[4] === hash
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Writes the run entry of `disk` with its MAC, atomically (see `writeCacheFile`), and
 * removes stale entries. Any failure is ignored: the cache only ever saves time.
 */
export function writeEntry(disk: DiskCache, entry: CacheEntry): void {
  const loc = disk.location;
  try {
    if (!makeRealDirectories(loc.base, loc.dir)) return;
    if (loc.shared && !isPrivate(loc.dir, "directory")) return;
    writeCacheFile(loc.file, encodeEntry(disk, `${JSON.stringify(entry)}\n`));
    removeStale(loc.base, loc.dir);
  } catch {
    // Unwritable cache directory, full disk…: the next check just runs in full.
  }
}

/** The name of every entry file: see `cacheLocation`. */
const ENTRY_NAME = /^[0-9a-f]{32}\.json$/;

/**
 * Removes from a cache directory the entries (and their temporary files) nobody has
 * written for a week, and the oldest entries beyond MAX_ENTRIES: only files the cache
 * names, never anything else there, and nothing at all when the directory (or one on the
 * way to it) is a symbolic link.
 */
function removeStale(base: string, dir: string): void {
  const now = Date.now();
  const kept = [];
  for (const file of ownFiles(base, dir, (name) => ENTRY_NAME.test(name)) ?? []) {
    if (now - file.mtimeMs > STALE_AFTER_MS) removeOwnFile(file);
    else if (!file.temporary) kept.push(file);
  }
  kept.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const file of kept.slice(MAX_ENTRIES)) removeOwnFile(file);
}
