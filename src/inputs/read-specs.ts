import type { DiagnosticBag } from "../diagnostics/types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { SpecSet, ToolSpec } from "../ir/types.js";
import { loadSpecsParallel, primeSections } from "./load-specs.js";
import type { SectionTrees } from "../parse/markdown/sectioned-parse.js";
import { validateTools } from "../validate/index.js";
import { backtrackingFor } from "../schema/backtracking.js";
import { resolveToolSchemas } from "../validate/resolve.js";
import { buildNameTable, nameTableInput, type ToolNames } from "../naming/table.js";
import { BuildSession } from "../session/build-session.js";

/** The checked IR of a run's inputs: what generate, check and lint all start from. */
export interface SpecsRead {
  /** Spec files read, relative to the working directory, sorted. */
  files: string[];
  /** Every tool read, schemas resolved (see `resolveToolSchemas`), sorted by name. */
  tools: ToolSpec[];
  /** The names decided for the whole run (identifiers, vendor names), by `toolKey`. */
  names: Map<string, ToolNames>;
  /** How many spec files were parsed, not found in the store (all of them without one). */
  parsed: number;
}

/** Options of {@link readSpecs}. */
export interface ReadSpecsOptions {
  /** Called before each spec file is read (`done` of `total`), for a progress display. */
  onFile?: (done: number, total: number) => void;
  /** Called once the files are read, when the checks start. */
  onCheck?: () => void;
  /** Milliseconds per stage (parse, resolve, validate, names) are added here. */
  timings?: Record<string, number>;
  /**
   * What is kept between the stages and between builds (parsed files, section trees, check
   * results, the name table): unchanged specs are neither parsed nor checked again. A
   * one-shot session without a cache by default.
   */
  session?: BuildSession;
  /** Worker threads for parsing (see `parseFiles`); default "auto". */
  workers?: number | "auto";
  /** Directories to skip when searching the inputs, besides the config's `outDir` (relative to its directory). */
  exclude?: readonly string[];
}

/**
 * The stages every command that reads specs runs: parse the inputs into the IR, then
 * {@link checkSpecs}. Problems go to `diagnostics`; whether to go on when there are errors
 * is the caller's decision.
 */
export async function readSpecs(
  config: ResolvedConfig,
  diagnostics: DiagnosticBag,
  options: ReadSpecsOptions = {},
): Promise<SpecsRead> {
  const timings = options.timings ?? {};
  const session = options.session ?? BuildSession.oneShot();
  const t0 = performance.now();
  let parsed = 0;
  const specs = await loadSpecsParallel(config.inputs, diagnostics, {
    cwd: config.cwd,
    exclude: [config.outDir, ...(options.exclude ?? [])],
    limits: config.limits,
    onFile: options.onFile,
    store: session.memo,
    workers: options.workers,
    sections: session.sections,
    onParsed: (count) => (parsed = count),
  });
  timings.parse = (timings.parse ?? 0) + performance.now() - t0;
  options.onCheck?.();
  return { ...(await checkSpecs(config, specs, diagnostics, timings, session)), parsed };
}

/**
 * The checks after parsing, on IR read already (by {@link readSpecs}, or a copy of it: the
 * IR is plain data): resolve schema identifiers and references, check every tool, and
 * decide the names. `session` keeps what is found again by content (see `BuildSession`).
 */
export async function checkSpecs(
  config: ResolvedConfig,
  specs: SpecSet,
  diagnostics: DiagnosticBag,
  timings: Record<string, number> = {},
  session: BuildSession = BuildSession.oneShot(),
): Promise<Omit<SpecsRead, "parsed">> {
  const resolved = timed(timings, "resolve", () => resolveToolSchemas(specs.tools, diagnostics, session.checks));
  const tools = [...resolved].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // In reading order, not by name: a duplicate is reported at the second definition read.
  timed(timings, "validate", () =>
    validateTools(resolved, diagnostics, {
      backtrackingFor: (tool) => backtrackingFor(config.backtrackingPatterns, tool.locations.tool.file),
      results: session.checks,
    }),
  );
  const limits = {
    openai: config.openai.nameMaxLength,
    anthropic: config.anthropic.nameMaxLength,
    gemini: config.gemini.nameMaxLength,
  };
  const names = timed(timings, "names", () =>
    session.nameTable(nameTableInput(tools, config.naming, limits), diagnostics, () =>
      buildNameTable(tools, config.naming, limits, diagnostics),
    ),
  );
  return { files: specs.files, tools, names };
}

/** Runs `fn`, adding the milliseconds it takes to `timings[stage]`. */
function timed<T>(timings: Record<string, number>, stage: string, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + performance.now() - t0;
  }
}

/**
 * Parses the Markdown spec `file` (relative to the config's directory) into `sections` as
 * `readSpecs` would, ahead of an edit to it (see `primeSections`): once the Markdown parser
 * is loaded, so the returned promise may settle after the caller goes on. Never rejects.
 */
export function primeSpecSections(config: ResolvedConfig, file: string, sections: SectionTrees): Promise<void> {
  return primeSections(config.cwd, file, config.limits, sections);
}
