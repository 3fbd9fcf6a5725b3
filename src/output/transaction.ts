import { mkdirSync, readdirSync, renameSync, rmdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import { OutputError, errnoCode, fsError } from "./errors.js";
import { createFileSync } from "./create-file.js";
import type { FileText } from "./file-text.js";
import { isInside } from "./paths.js";
import { removeQuietly, tempPathFor } from "./temp.js";

/**
 * The file-system operations a transaction performs. Production code always uses
 * `nodeFileOps`; tests substitute one operation to simulate a full disk or a failing rename.
 */
export interface FileOps {
  /** Creates a directory and its parents; returns the first directory created, if any. */
  mkdir(dir: string): string | undefined;
  /** Creates a new file (never follows or replaces an existing one). */
  writeFile(abs: string, contents: FileText | Buffer): void;
  rename(from: string, to: string): void;
  unlink(abs: string): void;
  rmdir(dir: string): void;
}

/** The real file system. */
export const nodeFileOps: FileOps = {
  mkdir: (dir) => mkdirSync(dir, { recursive: true }),
  // "wx": a temporary name that somehow exists (or is a planted link) makes the write fail instead of following it.
  writeFile: (abs, contents) => createFileSync(abs, contents),
  rename: (from, to) => renameSync(from, to),
  unlink: (abs) => unlinkSync(abs),
  rmdir: (dir) => rmdirSync(dir),
};

/** One file to create or replace. */
export interface FileWrite {
  abs: string;
  /** The path as the user sees it, for messages (default `abs`). */
  shown?: string;
  contents: FileText;
  /** What it replaces, to put back if the transaction fails; undefined for a new file. */
  previous?: FileText | Buffer;
}

/** One file to delete. */
export interface FileRemoval {
  abs: string;
  /** The path as the user sees it, for messages (default `abs`). */
  shown?: string;
  /** Its contents, to put back if the transaction fails. */
  previous: string | Buffer;
}

/** A set of changes to apply all or nothing. */
export interface Transaction {
  /** Directory every path lies in; emptied directories below it are removed afterwards. */
  root: string;
  writes: FileWrite[];
  removals: FileRemoval[];
  /** Written after everything else succeeded (the ownership record). */
  last?: FileWrite;
}

/**
 * Applies a transaction all or nothing:
 *  1. every new content is written to a temporary sibling (creating directories) — this is
 *     where a full disk, a read-only directory or a too-long name fails, before any
 *     existing file is touched;
 *  2. the temporary files are renamed into place;
 *  3. the removals happen;
 *  4. `last` is renamed into place.
 * On any failure every temporary file is removed, steps 2–4 are undone (replaced and removed
 * files get their previous contents back) and directories it created are removed; then the
 * error is thrown as an OutputError naming the file concerned. If the undo itself fails the
 * error has `partial` set.
 */
export function commit(tx: Transaction, ops: FileOps = nodeFileOps): void {
  const all = tx.last ? [...tx.writes, tx.last] : tx.writes;
  const created: Array<{ dir: string; first: string }> = [];
  const temps = new Map<FileWrite, string>();
  const undo: Undo[] = [];
  let step = { action: "cannot write", file: tx.root };
  try {
    for (const w of all) {
      step = { action: "cannot write", file: w.shown ?? w.abs };
      const first = ops.mkdir(path.dirname(w.abs));
      if (first) created.push({ dir: path.dirname(w.abs), first });
      const tmp = tempPathFor(w.abs);
      // Registered before writing: a write that fails halfway still leaves a file to remove.
      temps.set(w, tmp);
      ops.writeFile(tmp, w.contents);
    }
    const moveIntoPlace = (w: FileWrite) => {
      step = { action: "cannot write", file: w.shown ?? w.abs };
      ops.rename(temps.get(w)!, w.abs);
      temps.delete(w);
      undo.push({
        file: w.shown ?? w.abs,
        run: w.previous === undefined ? () => ops.unlink(w.abs) : () => restore(w.abs, w.previous!, ops),
      });
    };
    tx.writes.forEach(moveIntoPlace);
    for (const r of tx.removals) {
      step = { action: "cannot remove", file: r.shown ?? r.abs };
      ops.unlink(r.abs);
      undo.push({ file: r.shown ?? r.abs, run: () => restore(r.abs, r.previous, ops) });
    }
    if (tx.last) moveIntoPlace(tx.last);
  } catch (e) {
    const unrestored = rollBack([...temps.values()], undo, created, ops);
    if (!(e instanceof OutputError) && errnoCode(e) === undefined) throw e;
    const error = fsError(e, step.action, step.file);
    if (unrestored.length) {
      error.partial = true;
      const list = unrestored.slice(0, 3).join(", ") + (unrestored.length > 3 ? ", …" : "");
      error.hint = `${error.hint ? `${error.hint}; ` : ""}the previous output could not be fully restored (${list}): fix the cause and run generate again`;
    }
    throw error;
  }
  for (const r of tx.removals) removeEmptyParents(path.dirname(r.abs), tx.root, ops);
}

/** How to take back one applied change. */
interface Undo {
  /** The file concerned, as shown to the user. */
  file: string;
  run: () => void;
}

/** Undoes a failed transaction; returns the paths that could not be put back. */
function rollBack(
  temps: string[],
  undo: Undo[],
  created: Array<{ dir: string; first: string }>,
  ops: FileOps,
): string[] {
  for (const tmp of temps) removeQuietly(tmp);
  const failed: string[] = [];
  for (const step of undo.reverse()) {
    try {
      step.run();
    } catch {
      failed.push(step.file);
    }
  }
  for (const { dir, first } of created.reverse()) {
    // Only the directories this transaction created, deepest first, and only when empty.
    for (let d = dir; isInside(first, d); d = path.dirname(d)) {
      try {
        ops.rmdir(d);
      } catch {
        break;
      }
    }
  }
  return failed;
}

/** Puts `contents` back at `abs` through a temporary sibling. */
function restore(abs: string, contents: FileText | Buffer, ops: FileOps): void {
  const tmp = tempPathFor(abs);
  try {
    ops.writeFile(tmp, contents);
    ops.rename(tmp, abs);
  } catch (e) {
    removeQuietly(tmp);
    throw e;
  }
}

/** Removes directories left empty by removals, up to (not including) `root`. Best effort: a leftover empty directory is harmless. */
function removeEmptyParents(dir: string, root: string, ops: FileOps): void {
  for (let d = dir; d !== root && isInside(root, d); d = path.dirname(d)) {
    try {
      if (readdirSync(d).length) return;
      ops.rmdir(d);
    } catch {
      return;
    }
  }
}
