import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fsError } from "./errors.js";
import { MAX_NAME_BYTES } from "./paths.js";

/**
 * The name of every temporary file mcp-specgen writes: `.<name>.mcp-specgen-<pid>-<random>.tmp`.
 * Exact enough that a leftover can be recognised (and removed) without ever matching a
 * user's own file.
 */
const TEMP_NAME = /^\..+\.mcp-specgen-(\d+)-[0-9a-f]{8}\.tmp$/s;

/** A run never takes this long, so an older temporary file is abandoned even if its pid was reused. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * A temporary sibling of `abs` (same directory, so the final rename is atomic). The visible
 * name is shortened when needed so the temporary name stays within 255 bytes too.
 */
export function tempPathFor(abs: string): string {
  const suffix = `.mcp-specgen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  const base = truncateBytes(path.basename(abs), MAX_NAME_BYTES - 1 - Buffer.byteLength(suffix));
  return path.join(path.dirname(abs), `.${base}${suffix}`);
}

/** True for a name that `tempPathFor` produces. */
export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/**
 * Temporary files in `dirs` (not below them) left behind by a run that was killed: the
 * process that wrote them is gone, or they are older than any run takes. Temporary files of
 * a run still in progress are left alone. Directories that do not exist are skipped.
 */
export function findOrphanTemps(dirs: Iterable<string>): string[] {
  const found: string[] = [];
  for (const dir of new Set(dirs)) {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue;
      throw fsError(e, "cannot read", dir);
    }
    for (const entry of entries) {
      const match = entry.isFile() ? TEMP_NAME.exec(entry.name) : null;
      if (match && isAbandoned(Number(match[1]), path.join(dir, entry.name))) found.push(path.join(dir, entry.name));
    }
  }
  return found.sort();
}

/**
 * Writes one file through a temporary sibling and a rename, so readers never see half a
 * file and a failure leaves the previous contents. Creates missing parent directories.
 * Throws an OutputError naming `abs` when the file system refuses.
 */
export function atomicWrite(abs: string, contents: string): void {
  let tmp: string | undefined;
  try {
    mkdirSync(path.dirname(abs), { recursive: true });
    tmp = tempPathFor(abs);
    writeFileSync(tmp, contents, { flag: "wx" });
    renameSync(tmp, abs);
  } catch (e) {
    if (tmp) removeQuietly(tmp);
    throw fsError(e, "cannot write", abs);
  }
}

/** Removes a file, ignoring failure: used only to clean up after an error already being reported. */
export function removeQuietly(abs: string): void {
  try {
    unlinkSync(abs);
  } catch {
    // Never created, or already gone.
  }
}

function isAbandoned(pid: number, abs: string): boolean {
  // pid 0 would address our whole process group, so it never counts as running.
  if (pid <= 0 || pid === process.pid || !isRunning(pid)) return true;
  try {
    return Date.now() - statSync(abs).mtimeMs > ABANDONED_AFTER_MS;
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The longest prefix of `s` that fits in `max` UTF-8 bytes, never splitting a character. */
function truncateBytes(s: string, max: number): string {
  let out = "";
  let bytes = 0;
  for (const ch of s) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}
