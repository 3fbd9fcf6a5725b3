import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { GeneratedFile } from "../generator-kit/contract.js";
import { compareOutput } from "../output/check.js";
import { sameText, utf8Length, type FileText } from "../output/file-text.js";
import { CACHE_FORMAT, readEntry, writeEntry, type CacheEntry, type FileStamp, type ToolCounts } from "./entry.js";
import { statSync } from "node:fs";
import type { DiskCache } from "./disk.js";
import { runFingerprint } from "./fingerprint.js";
import { sha256, sha256OfFile } from "./hash.js";
import { generatorIdentity } from "../package-info/identity.js";
import { openDiskStore } from "./disk-store.js";
import type { OutputHashes } from "../session/output-hashes.js";
import type { MemoStore } from "../memo/store.js";

/** Set to 1 to turn the cache off (like `--no-cache`). */
export const NO_CACHE_ENV = "MCP_SPECGEN_NO_CACHE";

/** What `check` prints for an up-to-date output directory, as recorded by an earlier full run. */
export interface CachedResult {
  tools: number;
  /** Number of generated files, the ownership record included. */
  files: number;
  /** Their paths in the output directory, sorted. */
  paths: string[];
  diagnostics: Diagnostic[];
  /** Tools refused at run time without a trust policy (see `ToolCounts`). */
  refused: ToolCounts;
}

/** What a successful full run produced, to be recorded. */
export interface RunResult {
  tools: readonly unknown[];
  files: readonly GeneratedFile[];
  diagnostics: readonly Diagnostic[];
  /** Tools refused at run time without a trust policy (see `ToolCounts`). */
  refused: ToolCounts;
}

/**
 * The cache of one `generate` or `check` run. Created before the run (the inputs are
 * fingerprinted then); `upToDate` is the fast path of `check`, `record` stores a full
 * run's result. Every failure inside makes the cache a no-op, never an error.
 */
export class RunCache {
  /** Parsed specs and generated modules by content, for the pipeline; undefined when the cache is off. */
  readonly store: MemoStore | undefined;

  /** SHA-256 of each generated file's contents, computed once per file. */
  private readonly hashes = new WeakMap<GeneratedFile, string>();
  /** The entry recorded by the last run, read when first needed (null: not read yet). */
  private last: CacheEntry | undefined | null = null;

  private constructor(
    private readonly config: ResolvedConfig,
    private readonly disk: DiskCache | undefined,
    private readonly fingerprint: string | undefined,
    /** Hashes of earlier runs in this process, by output path (see `OutputHashes`). */
    private readonly earlier?: OutputHashes,
  ) {
    this.store = openDiskStore(disk);
  }

  private hashOf(file: GeneratedFile): string {
    let hash = this.hashes.get(file);
    if (hash === undefined) {
      const known = this.earlier?.get(file.path);
      const text = file.contents;
      hash = known && sameText(known.contents, text) ? known.hash : sha256(text);
      this.hashes.set(file, hash);
      this.earlier?.set(file.path, { contents: text, hash });
    }
    return hash;
  }

  private lastEntry(): CacheEntry | undefined {
    if (this.last === null) this.last = this.disk ? readEntry(this.disk) : undefined;
    return this.last;
  }

  /**
   * True when the output file at `abs` is known to hold exactly `file`'s contents without
   * reading it: the last recorded run left these very contents there (same SHA-256), and
   * the file still has the size, times and inode it had when that was last verified. A run
   * after a small change then reads only the files it changes. Never throws.
   */
  knownToHold(file: GeneratedFile, abs: string): boolean {
    try {
      const entry = this.lastEntry();
      const hash = entry?.outputs[file.path];
      if (hash === undefined) return false;
      // Contents other than those an earlier build hashed to the recorded hash cannot hash
      // to it: a file a rebuild changes is not hashed just to learn that it changed.
      const known = this.earlier?.get(file.path);
      if (known && known.hash === hash && !sameText(known.contents, file.contents)) return false;
      return hash === this.hashOf(file) && sameStamp(entry!.stamps[file.path], abs, hash);
    } catch {
      return false;
    }
  }

  /**
   * What the output file at `abs` is known to hold without reading it: the contents an
   * earlier build of this process made for `file`'s path, when the last recorded run left
   * exactly those there (same SHA-256) and the file still has the size, times and inode it
   * had then. Undefined when that is not known. A rebuild of `generate --watch` then
   * neither reads the files it replaces nor compares them byte by byte. Never throws.
   */
  knownContents(file: GeneratedFile, abs: string): FileText | undefined {
    try {
      const entry = this.lastEntry();
      const hash = entry?.outputs[file.path];
      const known = this.earlier?.get(file.path);
      if (hash === undefined || known?.hash !== hash) return undefined;
      return sameStamp(entry!.stamps[file.path], abs, hash) ? known.contents : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Fingerprints the run described by `config`, whose cache is `disk` (see
   * `openDiskCache`); without one, a cache that does nothing.
   *
   * @param earlier hashes of the output of earlier runs in this process (`generate --watch`
   *   keeps one across rebuilds): a file whose contents are those of the last run is not
   *   hashed again.
   */
  static open(config: ResolvedConfig, disk: DiskCache | undefined, earlier?: OutputHashes): RunCache {
    if (!disk) return new RunCache(config, undefined, undefined);
    try {
      return new RunCache(config, disk, runFingerprint(config, generatorIdentity()), earlier);
    } catch {
      // Its own files unreadable…: run without a cache.
      return new RunCache(config, undefined, undefined);
    }
  }

  /**
   * The recorded result, when the recorded run had this run's fingerprint AND the output
   * directory still holds exactly what it generated (each file's contents hashed, the
   * ownership record included, compared the way `check` compares, and no leftovers).
   * Undefined otherwise: the caller then runs in full.
   */
  upToDate(): CachedResult | undefined {
    if (!this.disk || !this.fingerprint) return undefined;
    const entry = this.lastEntry();
    if (!entry || entry.fingerprint !== this.fingerprint) return undefined;
    try {
      const expected = Object.entries(entry.outputs).map(([file, hash]) => ({
        path: file,
        matches: (current: string) => sha256(current) === hash,
        knownToMatch: (abs: string) => sameStamp(entry.stamps[file], abs, hash),
      }));
      if (compareOutput(outDirOf(this.config), expected).length) return undefined;
    } catch {
      // A problem with the output directory: the full run reports it.
      return undefined;
    }
    const paths = Object.keys(entry.outputs).sort();
    return { tools: entry.tools, files: paths.length, paths, diagnostics: entry.diagnostics, refused: entry.refused };
  }

  /**
   * Records a full run that succeeded (no errors). Skipped when an input changed while the
   * run read it (the fingerprint taken now differs from the one taken before): the result
   * might belong to neither version.
   */
  record(result: RunResult): void {
    if (!this.disk || !this.fingerprint) return;
    if (result.diagnostics.some((d) => d.severity === "error")) return;
    let identity: string;
    try {
      identity = generatorIdentity();
    } catch {
      return;
    }
    if (runFingerprint(this.config, identity) !== this.fingerprint) return;
    const outputs: Record<string, string> = {};
    const stamps: Record<string, FileStamp> = {};
    const outDir = outDirOf(this.config);
    for (const f of result.files) {
      const hash = (outputs[f.path] = this.hashOf(f));
      const abs = path.join(outDir, f.path);
      // A file the last run verified and nobody touched since keeps its stamp unread.
      const stamp = this.knownToHold(f, abs) ? this.lastEntry()!.stamps[f.path] : matchingStamp(abs, f.contents, hash);
      if (stamp) stamps[f.path] = stamp;
    }
    writeEntry(this.disk, {
      format: CACHE_FORMAT,
      fingerprint: this.fingerprint,
      tools: result.tools.length,
      outputs,
      stamps,
      diagnostics: [...result.diagnostics],
      refused: { ...result.refused },
    });
  }
}

/** Whether the cache may be used: not with `--no-cache`, nor with MCP_SPECGEN_NO_CACHE=1. */
export function cacheEnabled(noCacheFlag: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const off = env[NO_CACHE_ENV];
  return !noCacheFlag && (off === undefined || off === "" || off === "0");
}

/**
 * The stamp of the file at `abs` when it holds exactly `contents`, taken before reading
 * it (a change while it is read then changes the stamp). None when the file differs, when
 * it cannot be read, or when it changed so recently that a later change could keep its
 * stamp (a file system that counts whole seconds): such files are read by every check.
 */
function matchingStamp(abs: string, contents: FileText, hash: string): FileStamp | undefined {
  try {
    const before = stampOf(abs, hash);
    // Bytes, hashed a megabyte at a time: the output read back as strings would double its memory.
    if (before[0] !== utf8Length(contents) || sha256OfFile(abs) !== hash) return undefined;
    const coarse = before[1] % 1000 === 0 && before[2] % 1000 === 0;
    if (coarse && Date.now() - Math.max(before[1], before[2]) < 2000) return undefined;
    return before;
  } catch {
    return undefined;
  }
}

/** True when the file at `abs` has exactly the recorded stamp, taken of the contents with SHA-256 `hash`. */
function sameStamp(recorded: FileStamp | undefined, abs: string, hash: string): boolean {
  if (!recorded) return false;
  try {
    const now = stampOf(abs, hash);
    return now.every((n, i) => n === recorded[i]);
  } catch {
    return false;
  }
}

function stampOf(abs: string, hash: string): FileStamp {
  const s = statSync(abs);
  return [s.size, s.mtimeMs, s.ctimeMs, s.ino, hash];
}

/** The output directory as an absolute path (as the pipeline resolves it). */
function outDirOf(config: ResolvedConfig): string {
  return path.resolve(config.cwd, config.outDir);
}
