import { deepFreeze } from "../memo/deep-freeze.js";
import { memoryStore, type MemoStore, type MemoryStore } from "../memo/store.js";
import type { DiagnosticBag } from "../diagnostics/types.js";
import type { ToolNames } from "../naming/table.js";
import { PerToolStore } from "../memo/per-tool-store.js";
import type { OutputHashes } from "./output-hashes.js";

/**
 * Section trees a watch keeps, and characters of their text: those of the files edited
 * last (a tree takes some tens of times the memory of its text, so these bound the memory too).
 */
const SECTION_TREES = 2_000;
const SECTION_TEXT_CHARS = 1_000_000;
/**
 * Values `ctx.perTool` and the checks keep at most between sweeps: some tens per tool, for
 * the current specs and those of the builds since the last successful one (past the bound,
 * `perTool` keeps no more and the checks drop the least recently used).
 */
const PER_TOOL_ENTRIES = 1_000_000;
const CHECK_ENTRIES = 200_000;

/**
 * Everything kept between the stages of a build, and between the builds of `generate
 * --watch`, in one object the pipeline is given: nothing is kept in module state, so two
 * runs in one process share only what they share a session for. Every value is found by a
 * key made of content — a spec's text, a tool's content hash, names, options — never by the
 * identity of an object, and values kept in memory are deep-frozen (a guard: one value is
 * handed to every build that asks for it).
 *
 * A one-shot session (`generate`, `check`, a library call of `runPipeline`) keeps what the
 * disk cache keeps, and for its one build what generators share (`ctx.shared`); a watch
 * session keeps, in memory, what rebuilds find again, and is swept after each successful
 * build so that memory holds what the current specs use.
 */
export class BuildSession {
  /**
   * Parsed spec files and what generators memoise (`ctx.memo`), by content key: in a watch,
   * memory in front of the disk store; one-shot, the disk store alone, or nothing without
   * a cache.
   */
  readonly memo: MemoStore | undefined;
  /**
   * Markdown section trees by their text (watch only): an edit re-parses only the sections
   * it touched. Not swept (a file not re-parsed in a build does not ask for its sections,
   * yet its next edit wants them); the least recently used go first.
   */
  readonly sections: MemoryStore | undefined;
  /** What generators make per tool (`ctx.perTool`), by generator context, part, tool content and names (watch only). */
  readonly perTool: PerToolStore | undefined;
  /**
   * What generators make per tool for one another (`ctx.shared`: small values, such as
   * whether a vendor gets a tool strict): kept for the build even one-shot, and swept with
   * the rest in a watch.
   */
  readonly shared: PerToolStore;
  /** Each tool's resolved schemas and checks with their findings, by its content hash (watch only). */
  readonly checks: MemoryStore | undefined;
  /**
   * What each output file's contents hashed to in the last builds (watch only): a file
   * whose contents are those of the last build is not hashed again (see `RunCache.open`).
   */
  readonly outputHashes: OutputHashes | undefined;
  /** The last name table decided without findings, and what it was decided from (watch only). */
  private lastNames: { input: string; table: ReadonlyMap<string, ToolNames> } | undefined;

  private constructor(
    /** True for the session of `generate --watch` (see {@link BuildSession.watching}). */
    readonly watch: boolean,
    disk: MemoStore | undefined,
  ) {
    this.memo = watch ? memoryStore(disk) : disk;
    this.sections = watch ? memoryStore(undefined, SECTION_TREES, SECTION_TEXT_CHARS) : undefined;
    this.perTool = watch ? new PerToolStore(PER_TOOL_ENTRIES) : undefined;
    this.shared = new PerToolStore(PER_TOOL_ENTRIES);
    this.checks = watch ? memoryStore(undefined, CHECK_ENTRIES) : undefined;
    this.outputHashes = watch ? new Map() : undefined;
  }

  /** A session for one build: it keeps what `disk` (the disk memo store, if the cache is on) keeps. */
  static oneShot(disk?: MemoStore): BuildSession {
    return new BuildSession(false, disk);
  }

  /** A session for the builds of `generate --watch`, in memory in front of `disk` (if the cache is on). */
  static watching(disk?: MemoStore): BuildSession {
    return new BuildSession(true, disk);
  }

  /**
   * The name table `decide` gives for `input` (see `nameTableInput`): in a watch, the last
   * table again when its input is the same — unless deciding it reported something (the
   * findings point at places in the specs, which an edit can move without renaming anything).
   */
  nameTable(input: string, diagnostics: DiagnosticBag, decide: () => Map<string, ToolNames>): Map<string, ToolNames> {
    if (this.watch && this.lastNames?.input === input) return new Map(this.lastNames.table);
    const reported = diagnostics.items.length;
    const table = decide();
    if (this.watch) {
      const clean = diagnostics.items.length === reported;
      if (clean) for (const names of table.values()) deepFreeze(names);
      this.lastNames = clean ? { input, table: new Map(table) } : undefined;
    }
    return table;
  }

  /**
   * Drops what the last build did not use: called after each successful build of `generate
   * --watch`, it keeps what the current specs use and lets earlier versions go. Section
   * trees are kept (see `sections`).
   */
  sweep(): void {
    if (!this.watch) return;
    (this.memo as MemoryStore).sweep();
    this.perTool?.sweep();
    this.shared.sweep();
    this.checks?.sweep();
  }
}
