import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { GeneratedFile } from "../generate/generator.js";
import { compareOutput } from "../output/check.js";
import { CACHE_FORMAT, readEntry, writeEntry } from "./entry.js";
import { runFingerprint } from "./fingerprint.js";
import { sha256 } from "./hash.js";
import { generatorIdentity } from "./identity.js";
import { cacheLocation, type CacheLocation } from "./location.js";

/** Set to 1 to turn the cache off (like `--no-cache`). */
export const NO_CACHE_ENV = "MCP_SPECGEN_NO_CACHE";

/** What `check` prints for an up-to-date output directory, as recorded by an earlier full run. */
export interface CachedResult {
  tools: number;
  /** Number of generated files, the ownership record included. */
  files: number;
  diagnostics: Diagnostic[];
}

/** What a successful full run produced, to be recorded. */
export interface RunResult {
  tools: readonly unknown[];
  files: readonly GeneratedFile[];
  diagnostics: readonly Diagnostic[];
}

/**
 * The cache of one `generate` or `check` run. Created before the run (the inputs are
 * fingerprinted then); `upToDate` is the fast path of `check`, `record` stores a full
 * run's result. Every failure inside makes the cache a no-op, never an error.
 */
export class RunCache {
  private constructor(
    private readonly config: ResolvedConfig,
    private readonly location: CacheLocation | undefined,
    private readonly fingerprint: string | undefined,
  ) {}

  /** Fingerprints the run described by `config`; `enabled: false` gives a cache that does nothing. */
  static open(config: ResolvedConfig, enabled: boolean): RunCache {
    if (!enabled) return new RunCache(config, undefined, undefined);
    try {
      return new RunCache(
        config,
        cacheLocation(config.cwd, outDirOf(config)),
        runFingerprint(config, generatorIdentity()),
      );
    } catch {
      // Its own files unreadable, no temp directory…: run without a cache.
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
    if (!this.location || !this.fingerprint) return undefined;
    const entry = readEntry(this.location);
    if (!entry || entry.fingerprint !== this.fingerprint) return undefined;
    try {
      const expected = Object.entries(entry.outputs).map(([file, hash]) => ({
        path: file,
        matches: (current: string) => sha256(current) === hash,
      }));
      if (compareOutput(outDirOf(this.config), expected).length) return undefined;
    } catch {
      // A problem with the output directory: the full run reports it.
      return undefined;
    }
    return { tools: entry.tools, files: Object.keys(entry.outputs).length, diagnostics: entry.diagnostics };
  }

  /**
   * Records a full run that succeeded (no errors). Skipped when an input changed while the
   * run read it (the fingerprint taken now differs from the one taken before): the result
   * might belong to neither version.
   */
  record(result: RunResult): void {
    if (!this.location || !this.fingerprint) return;
    if (result.diagnostics.some((d) => d.severity === "error")) return;
    let identity: string;
    try {
      identity = generatorIdentity();
    } catch {
      return;
    }
    if (runFingerprint(this.config, identity) !== this.fingerprint) return;
    const outputs: Record<string, string> = {};
    for (const f of result.files) outputs[f.path] = sha256(f.contents);
    writeEntry(this.location, {
      format: CACHE_FORMAT,
      fingerprint: this.fingerprint,
      tools: result.tools.length,
      outputs,
      diagnostics: [...result.diagnostics],
    });
  }
}

/** Whether the cache may be used: not with `--no-cache`, nor with MCP_SPECGEN_NO_CACHE=1. */
export function cacheEnabled(noCacheFlag: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const off = env[NO_CACHE_ENV];
  return !noCacheFlag && (off === undefined || off === "" || off === "0");
}

/** The output directory as an absolute path (as the pipeline resolves it). */
function outDirOf(config: ResolvedConfig): string {
  return path.resolve(config.cwd, config.outDir);
}
