import { availableParallelism } from "node:os";
import path from "node:path";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { GeneratedFile } from "../generator-kit/contract.js";
import type { SourceLocation, ToolSpec } from "../ir/types.js";
import { readSpecs } from "../inputs/read-specs.js";
import { reportUnexpected } from "../diagnostics/unexpected.js";
import { ownershipFile } from "../output/ownership.js";
import { generatorVersion } from "../package-info/version.js";
import type { MemoStore } from "../memo/store.js";
import { BuildSession } from "../session/build-session.js";
import { assertGeneratorSelection, runOrder } from "./requirements.js";
import { runGenerators } from "./run-generators.js";

/** The outcome of reading, checking and generating, before anything touches the disk. */
export interface PipelineResult {
  tools: ToolSpec[];
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
  /** True when there are errors; then `files` is empty. */
  failed: boolean;
  /** Milliseconds per phase, for `--timings` and benchmarks. */
  timings: Record<string, number>;
}

/** What the pipeline is doing, for a progress display. */
export interface PipelineProgress {
  /** "parse" (with `done`/`total` spec files), "check" (schemas, patterns, names) or "generate" (with `generator`). */
  phase: "parse" | "check" | "generate";
  done?: number;
  total?: number;
  generator?: string;
}

/**
 * Between these many tools, generators that allow it run on worker threads (see
 * `Generator.parallel`). Below, a worker's start-up costs more than it saves. Above, each
 * worker's copy of the IR and of its output costs more memory than the time it saves is
 * worth (measured in bench/RESULTS.md). Parsing still uses workers at any size.
 */
const PARALLEL_TOOLS = { min: 300, max: 4000 };

/**
 * CPUs needed for generator workers when the number of workers is left to `auto`. V8
 * collects garbage and compiles hot code on threads of its own, which on 2 CPUs keep the
 * second one busy: there, the types and validators generators on a worker (even on one
 * worker for both, beside the other generators on the main thread) only added time and
 * memory, both loading their own compilers (measured in bench/RESULTS.md). Parsing workers
 * still pay on 2 CPUs in large runs.
 */
const PARALLEL_MIN_CPUS = 3;

/**
 * How many worker threads run the generators that allow it: none but in a large run that
 * is mostly new (a rebuild after a small change finds nearly everything in the store and
 * would only pay the workers' start-up); then as many as asked for (fewer threads than
 * generators share them), or on `auto` one per generator once there are enough CPUs.
 */
function generatorWorkers(
  workers: number | "auto" | undefined,
  tools: number,
  parsed: number,
  specFiles: number,
  minTools = PARALLEL_TOOLS.min,
): number {
  if (workers === 0 || tools < minTools || tools > PARALLEL_TOOLS.max || parsed * 2 < specFiles) return 0;
  if (typeof workers === "number") return workers;
  return availableParallelism() >= PARALLEL_MIN_CPUS ? Number.POSITIVE_INFINITY : 0;
}

/** Options of `runPipeline`. */
export interface PipelineOptions {
  /** Called as the run moves on; must be cheap (it runs once per spec file). */
  onProgress?: (progress: PipelineProgress) => void;
  /**
   * Parsed specs and generated modules found again by their content (`openDiskStore`): what
   * did not change since a run that used the same store is neither parsed nor generated
   * again, with byte-identical output. Without it (and without `session`), everything is
   * done. Ignored when `session` is given.
   */
  store?: MemoStore;
  /**
   * What is kept between the stages of this run and between runs (see `BuildSession`):
   * `generate --watch` keeps one for all its builds. Without it, the run makes a one-shot
   * session of its own (over `store`), so that two runs share nothing.
   */
  session?: BuildSession;
  /**
   * Worker threads: a number (0: none) for parsing and, in a large run, for the types and
   * validators generators (one each, or shared when fewer); or "auto" (the default): for
   * parsing one per CPU once there is enough text, and for those generators one each only
   * with 3 CPUs or more (see `PARALLEL_MIN_CPUS`).
   */
  workers?: number | "auto";
  /**
   * The fewest tools for which generators run on worker threads (default: `PARALLEL_TOOLS.min`,
   * below which a worker's start-up costs more than it saves). Lowered only to check, on a
   * few tools, that generators on workers write what they write on the main thread.
   */
  generatorWorkersMinTools?: number;
  /**
   * Run the configured generators even when they need others that are left out (their
   * output then imports files that are not generated): for looking at one generator's
   * output on its own. Otherwise such a selection is a `UsageError`.
   */
  partialGenerators?: boolean;
}

/**
 * Runs inputs → IR → checks → generators, in memory. Nothing is generated when any spec
 * has an error, so a failed run can never leave half an output behind.
 */
export async function runPipeline(config: ResolvedConfig, options: PipelineOptions = {}): Promise<PipelineResult> {
  if (!options.partialGenerators) assertGeneratorSelection(config);
  const timings: Record<string, number> = {};
  const diagnostics = new DiagnosticBag();
  try {
    return await runStages(config, diagnostics, timings, options);
  } catch (e) {
    // Every stage reports what it expects; anything else still ends as a diagnostic.
    reportUnexpected(diagnostics, runLocation(config), "generating", e);
    return { tools: [], files: [], diagnostics: diagnostics.sorted(), failed: true, timings };
  }
}

async function runStages(
  config: ResolvedConfig,
  diagnostics: DiagnosticBag,
  timings: Record<string, number>,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const progress = options.onProgress ?? (() => {});
  const session = options.session ?? BuildSession.oneShot(options.store);
  const {
    tools,
    names,
    files: specFiles,
    parsed,
  } = await readSpecs(config, diagnostics, {
    session,
    workers: options.workers,
    onFile: (done, total) => progress({ phase: "parse", done, total }),
    onCheck: () => progress({ phase: "check" }),
    timings,
  });
  if (diagnostics.hasErrors) return { tools, files: [], diagnostics: diagnostics.sorted(), failed: true, timings };
  if (tools.length === 0) reportNoTools(config, specFiles.length, diagnostics);

  // Each generator after those it requires (see context.ts for what each is given).
  const files = await runGenerators(
    runOrder(config),
    {
      tools,
      names,
      config,
      generatorVersion: generatorVersion(),
      store: session.memo,
      perTool: session.perTool,
      shared: session.shared,
      workers: generatorWorkers(
        options.workers,
        tools.length,
        parsed,
        specFiles.length,
        options.generatorWorkersMinTools,
      ),
    },
    diagnostics,
    {
      onGenerator: (generator) => progress({ phase: "generate", generator }),
      onTiming: (generator, ms) => (timings[`generate:${generator}`] = ms),
      location: runLocation(config),
    },
  );
  if (!files) return { tools, files: [], diagnostics: diagnostics.sorted(), failed: true, timings };
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const clash = firstPathClash(files);
  if (clash) {
    // Two outputs for one file would leave one silently lost (and code importing it broken).
    diagnostics.error(
      "GENERATION_FAILED",
      runLocation(config),
      `two generated files map to "${clash}" (on case-insensitive file systems too)`,
      "rename one of the modules or tools involved",
    );
    return { tools, files: [], diagnostics: diagnostics.sorted(), failed: true, timings };
  }
  files.push(ownershipFile(files, config.inputs));
  return { tools, files, diagnostics: diagnostics.sorted(), failed: false, timings };
}

/** Where run-wide problems are reported: the config file, else the first input. */
/**
 * No tools is allowed (the output is then an empty registry, so the code importing it still
 * compiles and `check` still agrees with it) but is almost always a mistake: a warning.
 */
function reportNoTools(config: ResolvedConfig, specFiles: number, diagnostics: DiagnosticBag): void {
  const inputs = config.inputs.join(", ");
  diagnostics.warning(
    "INPUT_NO_TOOLS",
    { file: config.inputs[0] ?? ".", line: 1, column: 1 },
    specFiles === 0
      ? `no spec files in ${inputs}: the output has no tools`
      : `the spec files in ${inputs} define no tools: the output has none`,
    'add a tool to a spec there; in a new project, "npx mcp-specgen init" writes a first one',
  );
}

function runLocation(config: ResolvedConfig): SourceLocation {
  return { file: config.configFile ?? config.inputs[0] ?? ".", line: 1, column: 1 };
}

/** The first path that two generated files share, compared case-insensitively. */
function firstPathClash(files: readonly GeneratedFile[]): string | undefined {
  const seen = new Set<string>();
  for (const f of files) {
    const key = f.path.toLowerCase();
    if (seen.has(key)) return f.path;
    seen.add(key);
  }
  return undefined;
}

/** The output directory as an absolute path. */
export function outDirOf(config: ResolvedConfig): string {
  return path.resolve(config.cwd, config.outDir);
}
