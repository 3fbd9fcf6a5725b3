import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { isTempName, removeQuietly, tempPathFor } from "../output/temp.js";

// File operations inside a cache directory. A cache directory is a place others may be able
// to write (a shared checkout's node_modules, the system temp directory): nothing here
// follows a symbolic link, and nothing removes a file whose name the cache did not make.

/** The directories from `base` (not included) down to `target`, outermost first. */
function directoriesBelow(base: string, target: string): string[] {
  const rel = path.relative(base, target);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) throw new Error(`${target} is not below ${base}`);
  const dirs: string[] = [];
  let dir = base;
  for (const part of rel.split(path.sep)) dirs.push((dir = path.join(dir, part)));
  return dirs;
}

/**
 * The first directory on the way from `base` (not included) down to `target` (included)
 * that is a symbolic link or something other than a directory; undefined when there is
 * none. Directories that do not exist yet are fine: they are made as real ones.
 */
export function linkOnPath(base: string, target: string): string | undefined {
  for (const dir of directoriesBelow(base, target)) {
    let stats;
    try {
      stats = lstatSync(dir);
    } catch {
      return undefined;
    }
    if (!stats.isDirectory()) return dir;
  }
  return undefined;
}

/**
 * Makes `target` and each missing directory between `base` and it (mode 0700), one at a
 * time and never through a symbolic link (`mkdir -p` would follow one). False when one of
 * them is a symbolic link or not a directory, or cannot be made.
 */
export function makeRealDirectories(base: string, target: string): boolean {
  try {
    for (const dir of directoriesBelow(base, target)) {
      try {
        mkdirSync(dir, { mode: 0o700 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") return false;
      }
      if (!lstatSync(dir).isDirectory()) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The bytes of the regular file at `abs`, opened without following a symbolic link (and
 * without blocking on a FIFO) and checked on the open file. Undefined when it is missing,
 * a link or not a regular file, larger than `maxBytes`, or — with `privateOnly` — not the
 * current user's or writable by others. Never throws.
 */
export function readCacheFile(abs: string, maxBytes: number, privateOnly: boolean): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    if (privateOnly && typeof process.getuid === "function") {
      if (stats.uid !== process.getuid() || (stats.mode & 0o022) !== 0) return undefined;
    }
    const bytes = Buffer.allocUnsafe(stats.size);
    let read = 0;
    for (let n: number; read < bytes.length && (n = readSync(fd, bytes, read, bytes.length - read, read)) > 0; )
      read += n;
    // Shorter than it was a moment ago: truncated meanwhile, not a whole file.
    return read === bytes.length ? bytes : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `bytes` to `abs` (mode 0600) through a temporary sibling renamed into place: a
 * reader sees the old file or the new one, never half of one, and a symbolic link at `abs`
 * is replaced, never followed. Throws what the file system throws.
 */
export function writeCacheFile(abs: string, bytes: Uint8Array): void {
  let tmp: string | undefined = tempPathFor(abs);
  try {
    writeFileSync(tmp, bytes, { flag: "wx", mode: 0o600 });
    renameSync(tmp, abs);
    tmp = undefined;
  } finally {
    if (tmp) removeQuietly(tmp);
  }
}

/** A file of a cache directory that the cache wrote (see `ownFiles`). */
export interface OwnFile {
  abs: string;
  mtimeMs: number;
  /** A temporary file (of a run in progress, or left by one that was killed). */
  temporary: boolean;
}

/**
 * The regular files in `dir` that the cache wrote: those whose name `ours` accepts, and the
 * temporary files of such names (see `tempPathFor`). Checked with lstat, so a symbolic link
 * or directory of that name is never one. Undefined — nothing may be removed — when `dir`
 * or a directory between `base` and it is a symbolic link.
 */
export function ownFiles(base: string, dir: string, ours: (name: string) => boolean): OwnFile[] | undefined {
  if (linkOnPath(base, dir) !== undefined) return undefined;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const files: OwnFile[] = [];
  for (const name of names) {
    const temporary = isTempName(name) && ours(name.slice(1, name.lastIndexOf(".mcp-specgen-")));
    if (!temporary && !ours(name)) continue;
    const abs = path.join(dir, name);
    try {
      const stats = lstatSync(abs);
      if (stats.isFile()) files.push({ abs, mtimeMs: stats.mtimeMs, temporary });
    } catch {
      // Removed by another run meanwhile.
    }
  }
  return files;
}

/** Removes a file found by `ownFiles` (unlink removes a link itself, never its target); failures are ignored. */
export function removeOwnFile(file: OwnFile): void {
  try {
    unlinkSync(file.abs);
  } catch {
    // Removed by another run meanwhile.
  }
}
