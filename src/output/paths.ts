import { utf8Length, type FileText } from "./file-text.js";
import { forEachUtf8Chunk } from "./utf8-chunks.js";
import { closeSync, lstatSync, openSync, readFileSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { OutputConflictError, OutputFsError, fsError } from "./errors.js";

/** The longest file or directory name most file systems accept, in bytes. */
export const MAX_NAME_BYTES = 255;

/** The output directory: where it really is, and how the user named it. */
export interface OutDir {
  /** The real absolute path (every symbolic link resolved): all checks are against it. */
  real: string;
  /** The absolute path as given, for messages. */
  shown: string;
}

/** Where a generated file really lives on disk. */
export interface Placement {
  /** The `/`-separated path relative to the output directory, as generated. */
  rel: string;
  /** The real absolute path (every symbolic link resolved); always inside the real output directory. */
  abs: string;
  /** The path as the user sees it (below the output directory as given), for messages. */
  shown: string;
  /** What is there now. */
  kind: "missing" | "file" | "directory" | "other";
  /** True when the last component is a symbolic link (to `abs`, inside the output directory). */
  viaSymlink: boolean;
}

/**
 * Resolves the output directory to its real path, following symbolic links in it (pointing
 * `--out` at a link is the user's choice). When it does not exist yet, the deepest existing
 * ancestor is resolved and the rest appended. Throws an OutputError when it, or an ancestor,
 * is not a directory, or is a link to nothing.
 */
export function resolveOutDir(outDir: string): OutDir {
  const abs = path.resolve(outDir);
  const missing: string[] = [];
  let existing = abs;
  for (;;) {
    let real: string;
    try {
      real = realpathSync(existing);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" && !isLink(existing) && path.dirname(existing) !== existing) {
        missing.unshift(path.basename(existing));
        existing = path.dirname(existing);
        continue;
      }
      if (code === "ENOENT")
        throw new OutputConflictError(
          "cannot write to",
          abs,
          `${existing} is a symbolic link to a path that does not exist`,
          "fix or remove the link, or choose another --out directory",
        );
      throw fsError(e, "cannot write to", abs);
    }
    const stats = statSync(real);
    if (!stats.isDirectory()) {
      const what = existing === abs ? "it is a file, not a directory" : `${existing} is a file, not a directory`;
      throw new OutputFsError(
        "cannot write to",
        abs,
        what,
        "--out must name a directory (or a path where one can be created)",
        "ENOTDIR",
      );
    }
    return { real: path.join(real, ...missing), shown: abs };
  }
}

/**
 * Places a generated file inside the real output directory `out.real`: walks its path one
 * component at a time, resolving symbolic links, so that no link — to a directory or to a
 * file — can lead a write or a removal outside. Checks component lengths before the file
 * system does. Throws an OutputError (and touches nothing) when the path would leave
 * the output directory, goes through a dangling link, has a name longer than 255 bytes, or runs into a
 * file where a directory is needed.
 */
export function placeInside(out: OutDir, rel: string): Placement {
  const parts = rel.split("/");
  const shown = path.join(out.shown, rel);
  // The path up to component i as the user sees it, for messages.
  const shownUpTo = (i: number) => path.join(out.shown, ...parts.slice(0, i + 1));
  for (const part of parts) {
    const bytes = Buffer.byteLength(part);
    if (bytes > MAX_NAME_BYTES) {
      throw new OutputFsError(
        "cannot write",
        shown,
        `file name too long (a path component is ${bytes} bytes; the limit is ${MAX_NAME_BYTES})`,
        "shorten the module or tool name in the spec: each file or directory name may be at most 255 bytes",
        "ENAMETOOLONG",
      );
    }
  }
  let dir = out.real;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const next = path.join(dir, parts[i]!);
    const stats = lstatOrUndefined(next, shown);
    if (!stats) return { rel, abs: path.join(next, ...parts.slice(i + 1)), shown, kind: "missing", viaSymlink: false };
    let target = next;
    let real: Stats = stats;
    if (stats.isSymbolicLink()) {
      target = followLinkInside(next, out, shownUpTo(i), shown);
      real = statSync(target);
    }
    if (last)
      return {
        rel,
        abs: target,
        shown,
        kind: real.isFile() ? "file" : real.isDirectory() ? "directory" : "other",
        viaSymlink: stats.isSymbolicLink(),
      };
    if (!real.isDirectory()) {
      throw new OutputFsError(
        "cannot write",
        shown,
        `${shownUpTo(i)} is a file, not a directory`,
        "move that file away, or choose another --out directory",
        "ENOTDIR",
      );
    }
    dir = target;
  }
  // Unreachable: a safe relative path has at least one component.
  throw new Error(`empty generated path "${rel}"`);
}

/**
 * Like `placeInside`, for a path taken from an ownership record that may no longer be
 * valid: undefined when no file can be there (a parent is now a file, or the name is longer
 * than any file system accepts). Links leading outside still throw.
 */
export function placeIfPossible(out: OutDir, rel: string): Placement | undefined {
  try {
    return placeInside(out, rel);
  } catch (e) {
    if (e instanceof OutputFsError && (e.code === "ENOTDIR" || e.code === "ENAMETOOLONG")) return undefined;
    throw e;
  }
}

/** Reads a placed file as UTF-8; file-system failures become an OutputError. */
export function readText(placed: Placement): string {
  return readBytes(placed).toString("utf8");
}

/**
 * Reads a placed file's bytes; file-system failures become an OutputError. Comparing bytes
 * instead of decoded text keeps a large output directory out of the JavaScript heap: a
 * buffer is freed as soon as it is dropped, a large string only at the next full collection.
 */
export function readBytes(placed: Placement): Buffer {
  try {
    return readFileSync(placed.abs);
  } catch (e) {
    throw fsError(e, "cannot read", placed.shown);
  }
}

/** The first `bytes` bytes of a placed file (all of it when shorter); failures become an OutputError. */
export function readHead(placed: Placement, bytes: number): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(placed.abs, "r");
    const head = Buffer.allocUnsafe(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } catch (e) {
    throw fsError(e, "cannot read", placed.shown);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** True when `bytes` are exactly `text` encoded as UTF-8. */
export function sameBytes(bytes: Buffer, text: FileText): boolean {
  if (bytes.length !== utf8Length(text)) return false;
  // Encoded a chunk at a time into a reused buffer (see `forEachUtf8Chunk`), not all at once.
  let at = 0;
  let same = true;
  forEachUtf8Chunk(text, (chunk) => {
    same = chunk.equals(bytes.subarray(at, (at += chunk.length)));
    return same;
  });
  return same;
}

/** True when `p` is `root` or lies below it. Both must be absolute and normalised. */
export function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** The real path a link leads to; refuses links that lead outside the output directory or to nothing. */
function followLinkInside(link: string, out: OutDir, shownLink: string, shown: string): string {
  let target: string;
  try {
    target = realpathSync(link);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") {
      throw new OutputConflictError(
        "refusing to write",
        shown,
        `${shownLink} is a symbolic link to a path that does not exist`,
        "fix or remove the link",
      );
    }
    throw fsError(e, "cannot write", shown);
  }
  if (!isInside(out.real, target)) {
    throw new OutputConflictError(
      "refusing to write",
      shown,
      `${shownLink} is a symbolic link to ${target}, outside the output directory ${out.shown}`,
      "generated files are only written inside --out: replace the link with a real directory or file, or point --out at the linked directory itself",
    );
  }
  return target;
}

function lstatOrUndefined(p: string, shown: string): Stats | undefined {
  try {
    return lstatSync(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw fsError(e, "cannot write", shown);
  }
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
