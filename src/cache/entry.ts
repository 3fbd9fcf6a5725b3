import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics/types.js";
import { OWNERSHIP_FILE, isSafeRelativePath } from "../output/ownership.js";
import { removeQuietly, tempPathFor } from "../output/temp.js";
import { isSha256 } from "./hash.js";
import { isPrivate, type CacheLocation } from "./location.js";

/** Marks a cache entry of this layout; another value (an older mcp-specgen, another tool) is ignored. */
export const CACHE_FORMAT = "mcp-specgen check cache 2";

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

/** Reads the entry at `loc`; undefined when there is none or it cannot be trusted or understood. Never throws. */
export function readEntry(loc: CacheLocation): CacheEntry | undefined {
  try {
    if (loc.shared && !(isPrivate(loc.dir, "directory") && isPrivate(loc.file, "file"))) return undefined;
    if (statSync(loc.file).size > MAX_ENTRY_BYTES) return undefined;
    return parseEntry(readFileSync(loc.file, "utf8"));
  } catch {
    return undefined;
  }
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
  return value as unknown as CacheEntry;
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
 * Writes the entry atomically (a temporary file renamed into place, so a reader sees the
 * old entry or the new one, never half of one) and removes stale entries. Any failure is
 * ignored: the cache only ever saves time.
 */
export function writeEntry(loc: CacheLocation, entry: CacheEntry): void {
  let tmp: string | undefined;
  try {
    mkdirSync(loc.dir, { recursive: true, mode: 0o700 });
    if (loc.shared && !isPrivate(loc.dir, "directory")) return;
    tmp = tempPathFor(loc.file);
    writeFileSync(tmp, `${JSON.stringify(entry)}\n`, { flag: "wx", mode: 0o600 });
    renameSync(tmp, loc.file);
    tmp = undefined;
    removeStale(loc.dir);
  } catch {
    // Unwritable cache directory, full disk…: the next check just runs in full.
  } finally {
    if (tmp) removeQuietly(tmp);
  }
}

/** Removes what nobody has written for a week from a cache directory, and the oldest entries beyond MAX_ENTRIES. */
function removeStale(dir: string): void {
  const now = Date.now();
  const kept: Array<{ file: string; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      const stats = lstatSync(file);
      if (!stats.isFile()) continue;
      if (now - stats.mtimeMs > STALE_AFTER_MS) unlinkSync(file);
      else kept.push({ file, mtime: stats.mtimeMs });
    } catch {
      // Removed by another run meanwhile.
    }
  }
  kept.sort((a, b) => b.mtime - a.mtime);
  for (const { file } of kept.slice(MAX_ENTRIES)) removeQuietly(file);
}
