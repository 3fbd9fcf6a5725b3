import path from "node:path";
import type { GeneratedFile } from "../generator-kit/contract.js";
import { OutputConflictError, fsError } from "./errors.js";
import { sameText, type FileText } from "./file-text.js";
import {
  OWNERSHIP_FILE,
  hasBanner,
  isOwned,
  isSafeRelativePath,
  parseOwnershipRecord,
  type OwnershipRecord,
} from "./ownership.js";
import {
  placeIfPossible,
  placeInside,
  readBytes,
  readHead,
  readText,
  resolveOutDir,
  sameBytes,
  type OutDir,
  type Placement,
} from "./paths.js";
import { findOrphanTemps } from "./temp.js";
import { commit, nodeFileOps, type FileOps, type FileRemoval, type FileWrite } from "./transaction.js";

// Kept here so imports from before the split into errors.ts and temp.ts keep working.
export { OutputConflictError, OutputError } from "./errors.js";
export { atomicWrite } from "./temp.js";

/**
 * Bytes read of a file replaced from its known contents, to find the banner it starts
 * with. A head without it (a JSON file could start with more whitespace) sends the file to
 * be read whole and judged on all of it.
 */
const BANNER_HEAD_BYTES = 4096;

/** What a write changed. */
export interface WriteReport {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/**
 * Writes generated files into `outDir`, all or nothing:
 *  - every path is resolved through symbolic links and must stay inside the real `outDir`
 *    (which may itself be a link); names are checked against the 255-byte limit;
 *  - a file is overwritten or removed only when the ownership record lists it AND it still
 *    carries the banner; any other existing file at a generated path stops the run;
 *  - all of that is decided before anything is written; then temporary files left by a
 *    killed earlier run are removed and the changes are committed as one transaction
 *    (see `commit`): on any failure the previous output stays as it was.
 * Unchanged files are not touched. Throws an OutputError describing the problem.
 *
 * @param ops only for tests, to simulate file-system failures.
 * @param knownToHold says when the regular file at `abs` is known to hold exactly `file`'s
 *   contents without reading it (the run cache knows what it last wrote there and that the
 *   file has not changed since): such a file counts as unchanged and is not read.
 * @param knownContents gives what the regular file at `abs` is known to hold without
 *   reading it, when that is known (`RunCache.knownContents`: what an earlier build made
 *   for the path, vouched for by the recorded hash and the file's stamp). The file is
 *   compared with that text instead of read; one it replaces must still be listed in the
 *   record and start with the banner (only its first bytes are read for that), and the
 *   text is what a failed transaction puts back.
 */
export function writeOutput(
  outDir: string,
  files: readonly GeneratedFile[],
  ops: FileOps = nodeFileOps,
  knownToHold?: (file: GeneratedFile, abs: string) => boolean,
  knownContents?: (file: GeneratedFile, abs: string) => FileText | undefined,
): WriteReport {
  const out = resolveOutDir(outDir);
  const { record, recordWrite, placed: recordPlaced } = planRecord(out, files);
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const writes: FileWrite[] = [];
  const claimed = new Map<string, string>();
  const claim = (p: Placement) => {
    const other = claimed.get(p.abs);
    if (other !== undefined)
      throw new OutputConflictError(
        "refusing to write",
        p.shown,
        `both "${other}" and "${p.rel}" lead to this file through symbolic links`,
        "replace the symbolic links in the output directory with real directories",
      );
    claimed.set(p.abs, p.rel);
  };
  claim(recordPlaced);

  for (const file of files) {
    if (file.path === OWNERSHIP_FILE) continue;
    const placed = place(out, file.path);
    claim(placed);
    if (placed.kind !== "missing") assertRegularFile(placed);
    if (placed.kind === "file" && knownToHold?.(file, placed.abs)) {
      report.unchanged.push(file.path);
      continue;
    }
    const text = file.contents;
    const known = placed.kind === "file" ? knownContents?.(file, placed.abs) : undefined;
    if (known !== undefined && sameText(known, text)) {
      report.unchanged.push(file.path);
      continue;
    }
    // Replaced without reading it whole; its first bytes are still read for the banner, so a
    // hand edit that the stamp failed to show (a network file system caching attributes)
    // is refused as when the file is read. Otherwise it is read below, and judged on that.
    if (known !== undefined && isOwned(file.path, readHead(placed, BANNER_HEAD_BYTES), record)) {
      writes.push({ abs: placed.shown, shown: placed.shown, contents: text, previous: known });
      report.written.push(file.path);
      continue;
    }
    const bytes = placed.kind === "file" ? readBytes(placed) : undefined;
    if (bytes && sameBytes(bytes, text)) {
      // Byte-identical to what would be written, so nothing of the user's is at stake; the
      // record adopts it (this is how a checkout whose record was lost recovers).
      report.unchanged.push(file.path);
      continue;
    }
    if (bytes && !isOwned(file.path, bytes, record)) throw notOurs(placed, bytes.toString("utf8"), record);
    writes.push({ abs: placed.shown, shown: placed.shown, contents: text, previous: bytes });
    report.written.push(file.path);
  }

  const removals = planRemovals(out, files, record, claimed);
  report.removed.push(...removals.map((r) => r.rel));

  // Only now that the whole run is known to be possible: clear leftovers of killed runs.
  const dirs = [
    out.real,
    ...[...claimed.keys()].map((abs) => path.dirname(abs)),
    ...removals.map((r) => path.dirname(r.abs)),
  ];
  removeOrphanTemps(dirs, ops);

  commit({ root: out.real, writes, removals, last: recordWrite }, ops);
  return report;
}

/** The record on disk (strictly: a foreign file under its name stops the run) and the write of the new one. */
function planRecord(
  out: OutDir,
  files: readonly GeneratedFile[],
): { record: OwnershipRecord; recordWrite?: FileWrite; placed: Placement } {
  const placed = place(out, OWNERSHIP_FILE);
  const next = files.find((f) => f.path === OWNERSHIP_FILE);
  if (placed.kind === "missing") {
    return {
      record: { exists: false, files: new Set() },
      recordWrite: next && { abs: placed.shown, shown: placed.shown, contents: next.contents },
      placed,
    };
  }
  assertRegularFile(placed);
  const text = readText(placed);
  const owned = parseOwnershipRecord(text);
  if (!owned) {
    throw new OutputConflictError(
      "refusing to overwrite",
      placed.shown,
      "it is not an ownership record written by mcp-specgen",
      `move it away: mcp-specgen keeps the list of files it generated under the name ${OWNERSHIP_FILE}`,
    );
  }
  const recordWrite =
    next && next.contents !== text
      ? { abs: placed.shown, shown: placed.shown, contents: next.contents, previous: text }
      : undefined;
  return { record: { exists: true, files: owned }, recordWrite, placed };
}

/**
 * Files an earlier run generated that are no longer produced: listed in the record, still
 * carrying the banner, and a regular file (a link there was not made by mcp-specgen).
 */
function planRemovals(
  out: OutDir,
  files: readonly GeneratedFile[],
  record: OwnershipRecord,
  claimed: Map<string, string>,
): Array<FileRemoval & { rel: string }> {
  const produced = new Set(files.map((f) => f.path));
  const removals: Array<FileRemoval & { rel: string }> = [];
  for (const rel of [...record.files].sort()) {
    if (produced.has(rel) || rel === OWNERSHIP_FILE) continue;
    const placed = placeIfPossible(out, rel);
    if (placed?.kind !== "file" || placed.viaSymlink || claimed.has(placed.abs)) continue;
    const current = readText(placed);
    if (isOwned(rel, current, record))
      removals.push({ rel, abs: placed.shown, shown: placed.shown, previous: current });
  }
  return removals;
}

/** Removes temporary files that killed runs left in `dirs`. */
function removeOrphanTemps(dirs: string[], ops: FileOps): void {
  for (const tmp of findOrphanTemps(dirs)) {
    try {
      ops.unlink(tmp);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw fsError(e, "cannot remove", tmp);
    }
  }
}

function place(out: OutDir, rel: string): Placement {
  if (!isSafeRelativePath(rel))
    throw new OutputConflictError(
      "refusing to write",
      JSON.stringify(rel),
      "generated paths must stay inside the output directory",
    );
  return placeInside(out, rel);
}

function assertRegularFile(placed: Placement): void {
  if (placed.kind === "directory")
    throw new OutputConflictError(
      "refusing to overwrite",
      placed.shown,
      "it is a directory, where a generated file belongs",
      "move the directory away, or choose another --out directory",
    );
  if (placed.kind === "other")
    throw new OutputConflictError(
      "refusing to overwrite",
      placed.shown,
      "it is not a regular file",
      "move it away, or choose another --out directory",
    );
}

/** Why an existing file at a generated path is not ours, and what to do about it. */
function notOurs(placed: Placement, current: string, record: OwnershipRecord): OutputConflictError {
  if (record.files.has(placed.rel)) {
    return new OutputConflictError(
      "refusing to overwrite",
      placed.shown,
      "it was generated, but has been edited since: it no longer starts with the mcp-specgen banner",
      "move your version elsewhere (or delete it), then run generate again",
    );
  }
  if (!record.exists && hasBanner(current)) {
    return new OutputConflictError(
      "refusing to overwrite",
      placed.shown,
      `it starts with the mcp-specgen banner, but the directory has no ownership record (${OWNERSHIP_FILE}), so it may be a file of yours`,
      "if it is output of an earlier run, delete it and run generate again; otherwise choose another --out directory",
    );
  }
  return new OutputConflictError(
    "refusing to overwrite",
    placed.shown,
    `it was not generated by mcp-specgen (the ownership record ${OWNERSHIP_FILE} does not list it)`,
    "move or rename it, or choose another --out directory",
  );
}
