import { existsSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { CONFIG_FILES } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { summarize } from "../diagnostics/format.js";
import { OutputError } from "../output/errors.js";
import { RunCache } from "../cache/index.js";
import { openDiskCache, type DiskCache } from "../cache/disk.js";
import { loadCacheKey, type CacheKeyResult } from "../cache/key.js";
import { openDiskStore } from "../cache/disk-store.js";
import { BuildSession } from "../session/build-session.js";
import { runPipeline } from "../build/pipeline.js";
import { primeSpecSections } from "../inputs/read-specs.js";
import { runOrder } from "../build/requirements.js";
import { warmGenerators } from "../build/run-generators.js";
import { writeOutput } from "../output/write.js";
import { EXIT } from "./exit.js";
import { reportFailure } from "./failure.js";
import { count } from "./count.js";
import { countRefused } from "../lint/trust.js";
import { holdToContracts, withoutContractFindings } from "./hold-contracts.js";
import { describeProgress, printDiagnostics, type Flags } from "./run-output.js";
import { envOf, withProgress, type CliIO } from "./io.js";

// `generate --watch`: one full generate, then a rebuild whenever a spec or the config
// changes. Rebuilds run one at a time (a write is never overlapped by the next run), and
// a spec error, a config error or a bug in one rebuild is reported and waited out: the
// last good output stays on disk and the watch goes on.

/** What `watchGenerate` needs from the command line. */
export interface WatchOptions {
  io: CliIO;
  flags: Flags;
  /** The config of the first build. */
  config: ResolvedConfig;
  /** Loads the config again (with the command line's inputs and --out applied); throws a UsageError. */
  load: () => Promise<ResolvedConfig>;
  /** True with `--config FILE`: then only that file is the config; else any of CONFIG_FILES in cwd may become it. */
  explicitConfig: boolean;
  /** Whether the check cache and the on-disk memo may be used (not with --no-cache). */
  useCache: boolean;
  /** Stops watching when aborted; default: the first SIGINT or SIGTERM. */
  stop?: AbortSignal;
  /** Quiet time after the last event before a rebuild starts (editors save in bursts). */
  debounceMs?: number;
}

/** Spec files, as src/parse/find-files.ts finds them. */
const SPEC_FILE = /\.(md|markdown|json)$/i;

/**
 * Runs `mcp-specgen generate --watch`: a full generate (printed as a normal run prints
 * it), then one rebuild per burst of changes to the spec files or the config, each
 * reported on one line (one JSON object per line with --json). Resolves to 0 once
 * stopped, after any rebuild in progress has finished.
 */
export async function watchGenerate(options: WatchOptions): Promise<number> {
  const signals = options.stop ? undefined : stopOnSignals();
  try {
    return await new Watcher(options, options.stop ?? signals!.signal).run();
  } finally {
    signals?.dispose();
  }
}

/**
 * An AbortSignal aborted by the first SIGINT or SIGTERM. A second signal exits at once
 * (130): writes are synchronous, so no write can be cut in half by it.
 */
export function stopOnSignals(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

/** What a watched directory is watched for. */
interface Target {
  /** Spec files and subdirectories anywhere in it (an input directory or one below). */
  tree: boolean;
  /** These entries, by name (an input file, the config file, a missing input). */
  names: Set<string>;
}

/**
 * A spec file larger than this is not parsed ahead of an edit (see `primeNewestSpec`): it
 * would push other files' sections out of the store, and an edit to another file made
 * meanwhile waits for the parse, which grows with the file.
 */
const PRIME_MAX_BYTES = 256 * 1024;

/** The state of one `generate --watch`: the config in use, the watches, what is pending and running. */
class Watcher {
  private config: ResolvedConfig;
  /**
   * Everything kept between builds (see `BuildSession`): an unchanged spec is neither parsed
   * nor checked again, an unchanged tool's part of every output is not made again, and an
   * unchanged output file is not hashed again.
   */
  private readonly session: BuildSession;
  /** One watch per directory, with the directory it was made on (see `identityOf`). */
  private readonly watchers = new Map<string, { watcher: FSWatcher; identity: string | undefined }>();
  private targets = new Map<string, Target>();
  /** Changed paths not yet rebuilt, in the order they were first seen. */
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** The spec files the last successful build read tools from, relative to the config's directory. */
  private specFiles: string[] = [];
  /** This user's cache key, read once (undefined with --no-cache). */
  private readonly cacheKey: CacheKeyResult | undefined;
  /** Why the disk cache is not used, as already said (with --verbose): each reason once. */
  private readonly notesShown = new Set<string>();

  constructor(
    private readonly options: WatchOptions,
    private readonly stop: AbortSignal,
  ) {
    this.config = options.config;
    this.cacheKey = options.useCache ? loadCacheKey(envOf(options.io)) : undefined;
    this.session = BuildSession.watching(openDiskStore(this.diskCache(options.config)));
  }

  /** The disk cache for a build of `config`, if any; with --verbose, says once why there is none. */
  private diskCache(config: ResolvedConfig): DiskCache | undefined {
    if (!this.cacheKey) return undefined;
    const opened = openDiskCache(config, this.cacheKey);
    if (opened.note && this.options.flags.verbose && !this.notesShown.has(opened.note)) {
      this.notesShown.add(opened.note);
      this.options.io.stderr(`mcp-specgen: ${opened.note}`);
    }
    return opened.disk;
  }

  async run(): Promise<number> {
    // Watching starts before the first build reads anything: an edit made meanwhile is seen.
    this.syncWatchers();
    await this.serialize(this.build([]));
    if (this.stop.aborted) return this.close();
    const { io, flags } = this.options;
    if (!flags.quiet && !flags.json)
      io.stderr(`mcp-specgen: watching ${this.watchedInputs()} for changes (Ctrl-C to stop)`);
    // Idle until the first edit: do now what its rebuild would do first (load the compiler
    // that checks generated types, which is slow; parse the spec modified last into
    // sections). Nothing is built again. A change meanwhile waits for it; a rebuild already running (of a change
    // made during the first build) does it itself. The first build left in the session
    // everything a rebuild finds again.
    if (!this.stop.aborted && !this.running) void this.serialize(this.warm());
    await new Promise<void>((resolve) => {
      if (this.stop.aborted) resolve();
      else this.stop.addEventListener("abort", () => resolve(), { once: true });
    });
    return this.close();
  }

  /**
   * Warms the generators of the current config (see `Generator.warm`) and parses the spec
   * edited last into sections (see `primeNewestSpec`); never rejects.
   */
  private async warm(): Promise<void> {
    try {
      await warmGenerators(runOrder(this.config));
      this.primeNewestSpec();
    } catch {
      // Nothing is lost: the first rebuild loads and parses what it needs.
    }
  }

  /**
   * Parses the Markdown spec modified last into the section store: it is likely the one
   * edited next, and without its sections the first rebuild after an edit parses it whole
   * instead of only the edited section. One file only,
   * and not a large one (`PRIME_MAX_BYTES`).
   */
  private primeNewestSpec(): void {
    let newest: { file: string; mtime: number; size: number } | undefined;
    for (const file of this.specFiles) {
      if (/\.json$/i.test(file)) continue;
      try {
        const { mtimeMs, size } = statSync(path.resolve(this.config.cwd, file));
        if (!newest || mtimeMs > newest.mtime) newest = { file, mtime: mtimeMs, size };
      } catch {
        // Removed since the build: its change is on its way.
      }
    }
    // In the background: it only saves the next rebuild time, and never rejects.
    if (newest && newest.size <= PRIME_MAX_BYTES && this.session.sections)
      void primeSpecSections(this.config, newest.file, this.session.sections);
  }

  /** Stops watching, then waits for the rebuild in progress (it writes nothing once stopped). */
  private async close(): Promise<number> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.watchers.values()) w.watcher.close();
    this.watchers.clear();
    await this.running;
    return EXIT.ok;
  }

  /** Records a change and (re)starts the quiet period after which it is rebuilt. */
  private changed(abs: string): void {
    if (this.stop.aborted) return;
    this.pending.add(abs);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, this.options.debounceMs ?? 30);
  }

  /**
   * Starts a rebuild of what is pending, unless a build is running or a quiet period is:
   * builds never overlap, and changes seen during one make exactly one more after it.
   */
  private kick(): void {
    if (this.running || this.timer || !this.pending.size || this.stop.aborted) return;
    const changed = [...this.pending];
    this.pending.clear();
    this.serialize(this.build(changed));
  }

  /** Marks `build` as the one running; when it ends, what became pending meanwhile is rebuilt. */
  private serialize(build: Promise<void>): Promise<void> {
    this.running = build.finally(() => {
      this.running = undefined;
      this.kick();
    });
    return this.running;
  }

  /** One build: the first (`changed` empty) prints as a normal run; rebuilds print one line. */
  private async build(changed: readonly string[]): Promise<void> {
    const { io, flags } = this.options;
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const line = (result: string) => `mcp-specgen: ${this.describeChange(changed)} changed → ${result} (${ms()} ms)`;
    const kept = "; nothing written, the last good output is kept";
    const event = changed.length ? "rebuild" : "build";
    const base = () => ({ command: "generate", event, changed: changed.map((c) => this.rel(c)), ms: ms() });
    // Failures reported as the CLI reports them: on stderr, or inside the JSON line.
    const failure = (e: unknown, note?: string) => {
      const lines: string[] = [];
      reportFailure(e, { stderr: (t) => lines.push(t), cwd: io.cwd }, io.env as NodeJS.ProcessEnv);
      if (note) lines.push(note);
      if (flags.json) io.stdout(JSON.stringify({ ...base(), ok: false, error: lines.join("\n") }));
      else {
        for (const l of lines) io.stderr(l);
        io.stdout(line(`failed${kept}`));
      }
    };

    try {
      if (changed.some((c) => this.isConfig(c))) {
        try {
          this.config = await this.options.load();
        } catch (e) {
          // Keep watching with the last config: fixing the file triggers the next rebuild.
          failure(e);
          return;
        }
      }
      this.syncWatchers();
      const config = this.config;
      const relOut = path.relative(config.cwd, this.outDir()) || ".";
      const cache = RunCache.open(config, this.diskCache(config), this.session.outputHashes);
      const shown = withProgress(io, flags.quiet);
      const out = shown.io;
      try {
        const result = await runPipeline(config, {
          onProgress: (p) => shown.progress.update(describeProgress(p)),
          session: this.session,
          workers: flags.workers,
        });
        // Versions are held to their changes on every rebuild, as by a one-shot generate:
        // an error among the findings keeps the last good output, as a spec error does.
        if (!result.failed) await holdToContracts("generate", config, io, flags, result);
        const strictFailed = !result.failed && flags.strict && result.diagnostics.some((d) => d.severity === "warning");
        shown.progress.clear();
        if (result.failed || strictFailed) {
          const summary = `${summarize(result.diagnostics)}${strictFailed ? " (warnings fail with --strict)" : ""}`;
          if (flags.json)
            out.stdout(
              JSON.stringify({ ...base(), ok: false, tools: result.tools.length, diagnostics: result.diagnostics }),
            );
          else {
            printDiagnostics(out, flags, result.diagnostics);
            if (changed.length) out.stdout(line(`${summary}${kept}`));
            else out.stderr(`mcp-specgen: ${summary}; nothing was written`);
          }
          return;
        }
        // Stopped while generating: a write after Ctrl-C would surprise; the next run does it.
        if (this.stop.aborted) return;
        shown.progress.update(`writing ${relOut}/…`);
        let written;
        const writing = performance.now();
        try {
          written = writeOutput(
            this.outDir(),
            result.files,
            undefined,
            (f, abs) => cache.knownToHold(f, abs),
            (f, abs) => cache.knownContents(f, abs),
          );
        } catch (e) {
          if (!(e instanceof OutputError)) throw e;
          shown.progress.clear();
          if (!flags.json) printDiagnostics(out, flags, result.diagnostics);
          failure(
            e,
            e.partial
              ? "mcp-specgen: the output may be incomplete"
              : "mcp-specgen: nothing was written (the previous output is unchanged)",
          );
          return;
        }
        result.timings.write = performance.now() - writing;
        const refused = countRefused(result.tools);
        shown.progress.clear();
        // The output is complete: say so, then do the bookkeeping (hashing what was written
        // for the run record), which the next build waits for but the user need not.
        if (flags.json) {
          out.stdout(
            JSON.stringify({
              ...base(),
              ok: true,
              tools: result.tools.length,
              diagnostics: result.diagnostics,
              ...written,
              timings: result.timings,
            }),
          );
        } else {
          printDiagnostics(out, flags, result.diagnostics);
          const files = `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`;
          const summary = changed.length
            ? line(written.written.length + written.removed.length ? files : "no changes")
            : `mcp-specgen: ${count(result.tools.length, "tool")} → ${relOut}/ (${files})`;
          // No note about tools refused without a trust policy: a one-shot `generate` prints it.
          if (!flags.quiet) out.stdout(summary);
        }
        await io.drained?.();
        cache.record({ ...withoutContractFindings(result), refused });
        this.specFiles = [...new Set(result.tools.map((t) => t.locations.tool.file))];
        // What this build did not use belongs to earlier versions of the specs.
        this.session.sweep();
      } finally {
        shown.progress.clear();
      }
    } catch (e) {
      // A bug in one rebuild must not end the watch: reported, and the next change retries.
      failure(e);
    }
  }

  /** The output directory as an absolute path. */
  private outDir(): string {
    return path.resolve(this.config.cwd, this.config.outDir);
  }

  /** A path as shown: relative to cwd, with `/`. */
  private rel(abs: string): string {
    return path.relative(this.options.io.cwd, abs).split(path.sep).join("/") || ".";
  }

  /** "specs/a.md", "specs/a.md +2 more". */
  private describeChange(changed: readonly string[]): string {
    if (!changed.length) return "initial build";
    return `${this.rel(changed[0]!)}${changed.length > 1 ? ` +${changed.length - 1} more` : ""}`;
  }

  /** The inputs, for the "watching" line. */
  private watchedInputs(): string {
    const inputs = this.config.inputs.map((i) => (existsSync(path.resolve(this.config.cwd, i)) ? i : `${i} (missing)`));
    if (this.config.configFile) inputs.push(this.config.configFile);
    return inputs.join(", ");
  }

  /** Whether `abs` is (or may become) the config file. */
  private isConfig(abs: string): boolean {
    const cwd = this.options.io.cwd;
    if (this.config.configFile && abs === path.resolve(cwd, this.config.configFile)) return true;
    return (
      !this.options.explicitConfig &&
      path.dirname(abs) === path.resolve(cwd) &&
      CONFIG_FILES.includes(path.basename(abs))
    );
  }

  /**
   * Watches what the current config reads. One non-recursive `fs.watch` per directory
   * rather than `{recursive: true}`: a recursive watch cannot skip node_modules,
   * dot-folders or the output directory, which find-files skips too (an input of "." would
   * otherwise watch every installed package), and it behaves differently on each OS.
   * Called before each build, so directories created since are watched; and a directory
   * replaced since (renamed away and made again: a watch follows the old one wherever it
   * goes) is watched anew.
   */
  private syncWatchers(): void {
    this.targets = watchTargets(this.config, this.outDir(), this.options.explicitConfig);
    for (const [dir, w] of this.watchers)
      if (!this.targets.has(dir) || identityOf(dir) !== w.identity) {
        w.watcher.close();
        this.watchers.delete(dir);
      }
    for (const dir of this.targets.keys()) {
      if (this.watchers.has(dir)) continue;
      try {
        // Taken before the watch starts: a directory replaced in between is watched anew next time.
        const identity = identityOf(dir);
        const watcher = watch(dir, (_event, name) => this.onEvent(dir, name ?? undefined));
        const entry = { watcher, identity };
        // A directory removed under the watch: the next sync drops it.
        watcher.on("error", () => {
          watcher.close();
          if (this.watchers.get(dir) === entry) this.watchers.delete(dir);
          this.changed(dir);
        });
        this.watchers.set(dir, entry);
      } catch {
        // Gone since it was listed: the event for its removal rebuilds and syncs again.
      }
    }
  }

  /** Rebuilds for the events that matter: spec files, the config, directories coming and going. */
  private onEvent(dir: string, name: string | undefined): void {
    if (this.stop.aborted) return;
    const changed = this.relevant(dir, name);
    if (changed) this.changed(changed);
  }

  /** The path an event changes, when it is one a build reads. */
  private relevant(dir: string, name: string | undefined): string | undefined {
    const target = this.targets.get(dir);
    if (!target) return undefined;
    if (!name) return dir;
    const abs = path.join(dir, name);
    if (isInside(abs, this.outDir())) return undefined;
    if (target.names.has(name)) return abs;
    if (!target.tree) return undefined;
    // Emacs lock files (`.#spec.md`) are links, never read as specs.
    if (name.startsWith(".#")) return undefined;
    if (SPEC_FILE.test(name)) return abs;
    if (name.startsWith(".") || name === "node_modules") return undefined;
    // A directory added, removed or renamed may bring or take specs.
    if (this.watchers.has(abs) || isDirectory(abs)) return abs;
    // The watched directory itself removed or renamed away (Linux reports it by its own
    // name), perhaps already replaced by another.
    return identityOf(dir) === this.watchers.get(dir)?.identity ? undefined : dir;
  }
}

/**
 * The directories to watch for a config: input directories and every directory below
 * them (as find-files walks them: no symbolic link below an input is followed), the
 * parent of each input directory for its name (the input replaced: renamed away and made
 * again), the directories of input files and of the config file (for those names: editors
 * replace a file by renaming another onto it, which a watch on the file itself would
 * miss), and for a missing input its nearest existing ancestor.
 */
function watchTargets(config: ResolvedConfig, outDir: string, explicitConfig: boolean): Map<string, Target> {
  const targets = new Map<string, Target>();
  const target = (dir: string) => {
    let t = targets.get(dir);
    if (!t) targets.set(dir, (t = { tree: false, names: new Set() }));
    return t;
  };
  const watchName = (abs: string) => target(path.dirname(abs)).names.add(path.basename(abs));
  const walk = (dir: string) => {
    if (isInside(dir, outDir) || targets.get(dir)?.tree) return;
    target(dir).tree = true;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries)
      if (e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith(".")) walk(path.join(dir, e.name));
  };
  for (const input of config.inputs) {
    const abs = path.resolve(config.cwd, input);
    if (isDirectory(abs)) {
      walk(abs);
      // Not for the working directory or one above it, which are not replaced under a run.
      if (!isInside(config.cwd, abs)) watchName(abs);
    } else if (existsSync(abs)) watchName(abs);
    else {
      // Watch for it (or the first missing directory on its way) to appear.
      let missing = abs;
      while (!existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
      watchName(missing);
    }
  }
  if (config.configFile) watchName(path.resolve(config.cwd, config.configFile));
  if (!explicitConfig) for (const name of CONFIG_FILES) watchName(path.resolve(config.cwd, name));
  return targets;
}

/** Whether `abs` is a directory now (false when it is gone). */
function isDirectory(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Which directory `abs` is now (device and inode), undefined when it is gone: a directory
 * replaced by another under the same name has another identity.
 */
function identityOf(abs: string): string | undefined {
  try {
    const stats = statSync(abs, { bigint: true });
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/** Whether `abs` is `dir` or below it. */
function isInside(abs: string, dir: string): boolean {
  const rel = path.relative(dir, abs);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}
