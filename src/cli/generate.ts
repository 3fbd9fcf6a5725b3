import path from "node:path";
import { loadConfig, normalizeInputs, outDirOverlap } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { summarize } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { checkOutput, type Drift } from "../output/check.js";
import { OutputError } from "../output/errors.js";
import type { WriteReport } from "../output/write.js";
import { OWNERSHIP_FILE } from "../output/ownership.js";
import { RunCache, cacheEnabled } from "../cache/index.js";
import { openDiskCache } from "../cache/disk.js";
import { loadCacheKey } from "../cache/key.js";
import { parseCommandArgs, usageError } from "./args.js";
import { diagnosticPaint, styled } from "./color.js";
import { EXIT } from "./exit.js";
import { reportFailure } from "./failure.js";
import { envOf, useColor, withProgress, type CliIO } from "./io.js";
import type { Progress } from "./progress.js";
import { count } from "./count.js";
import { printDryRun } from "./dry-run.js";
import { holdToContracts, withoutContractFindings } from "./hold-contracts.js";
import { describeProgress, printDiagnostics, type Flags } from "./run-output.js";
import { countRefused, refusedToolsLine } from "../lint/trust.js";
import type { ToolCounts } from "../cache/entry.js";

// The pipeline (parsers, ajv, json-schema-to-typescript, the generators) is imported only
// when a run needs it: an up-to-date `check` answers from the cache without loading it.

const OPTIONS = {
  out: { type: "string" },
  config: { type: "string" },
  json: { type: "boolean", default: false },
  quiet: { type: "boolean", default: false },
  verbose: { type: "boolean", default: false },
  "no-cache": { type: "boolean", default: false },
  strict: { type: "boolean", default: false },
  watch: { type: "boolean", default: false },
  workers: { type: "string" },
  timings: { type: "boolean", default: false },
  "cpu-prof": { type: "boolean", default: false },
  "dry-run": { type: "boolean", default: false },
  "allow-breaking": { type: "boolean", default: false },
  "base-ref": { type: "string" },
  stdio: { type: "string" },
  url: { type: "string" },
  timeout: { type: "string" },
} as const;

/**
 * Runs `mcp-specgen generate` or `mcp-specgen check` with the arguments after the command; resolves to the exit code.
 *
 * @param stop with `generate --watch`: stops watching when aborted (default: SIGINT or SIGTERM).
 */
export async function runGenerateCommand(
  command: "generate" | "check",
  argv: string[],
  io: CliIO,
  stop?: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(command, argv, OPTIONS, true);
  if (values.watch && command === "check") throw usageError(command, "--watch is only for generate");
  if (values["dry-run"] && command === "check")
    throw usageError(command, "--dry-run is only for generate (check writes nothing)");
  if (values["dry-run"] && values.watch) throw usageError(command, "--dry-run and --watch do not go together");
  for (const only of ["base-ref", "stdio", "url", "timeout"] as const)
    if (values[only] !== undefined && command !== "check") throw usageError(command, `--${only} is only for check`);
  if (values.stdio !== undefined && values.url !== undefined)
    throw usageError(command, "pass --stdio or --url, not both");
  // The command line's inputs and --out win over the config's, on every reload of it too.
  const load = async () => {
    const loaded = await loadConfig(io.cwd, values.config);
    if (positionals.length) loaded.inputs = normalizeInputs(io.cwd, positionals);
    if (values.out) loaded.outDir = values.out;
    const overlap = outDirOverlap(io.cwd, loaded.outDir, loaded.inputs);
    if (overlap) throw usageError(command, overlap);
    return loaded;
  };
  // Usage, file-system and unexpected errors are reported by `main`.
  const config = await load();
  const color = !values.json && useColor(io, "stderr");
  const flags: Flags = {
    json: values.json,
    quiet: values.quiet,
    verbose: values.verbose,
    paint: diagnosticPaint(color),
    color,
    strict: values.strict,
    workers: workersOption(command, values.workers),
    timings: values.timings,
    dryRun: values["dry-run"],
    contract: {
      allowBreaking: values["allow-breaking"],
      baseRef: values["base-ref"],
      live:
        values.stdio !== undefined
          ? { kind: "stdio", command: values.stdio }
          : values.url !== undefined
            ? { kind: "url", url: values.url }
            : undefined,
      timeout: values.timeout,
    },
  };
  const useCache = cacheEnabled(values["no-cache"], envOf(io));
  if (values.watch) {
    const { watchGenerate } = await import("./watch.js");
    return watchGenerate({ io, flags, config, load, explicitConfig: values.config !== undefined, useCache, stop });
  }
  const opened = useCache ? openDiskCache(config, loadCacheKey(envOf(io))) : undefined;
  if (opened?.note && flags.verbose) io.stderr(`mcp-specgen: ${opened.note}`);
  const cache = RunCache.open(config, opened?.disk);
  const relOut = path.relative(config.cwd, path.resolve(config.cwd, config.outDir)) || ".";

  // A check against a revision or a live server has more to compare than the cache knows.
  const hit = flags.contract?.baseRef || flags.contract?.live ? undefined : cache.upToDate();
  if (hit && flags.dryRun) {
    printDiagnostics(io, flags, hit.diagnostics);
    const files = hit.paths.filter((p) => p !== OWNERSHIP_FILE).length;
    printDryRun(io, flags.json, relOut, { tools: hit.tools, files, diagnostics: hit.diagnostics, drift: [] });
    return EXIT.ok;
  }
  if (hit && command === "check") {
    printCheck(io, flags, relOut, { tools: hit.tools, files: hit.files, diagnostics: hit.diagnostics, drift: [] });
    return strictFailure(io, flags, hit.diagnostics) ? EXIT.failed : EXIT.ok;
  }
  // Nothing to write: the output is what this run would generate. (With --strict and
  // warnings, the full run below reports the failure exactly as it would without a cache.)
  if (hit && !(flags.strict && hit.diagnostics.some((d) => d.severity === "warning"))) {
    printGenerated(io, flags, relOut, {
      tools: hit.tools,
      diagnostics: hit.diagnostics,
      refused: hit.refused,
      // As writeOutput reports it: the generated files, not the ownership record.
      written: { written: [], unchanged: hit.paths.filter((p) => p !== OWNERSHIP_FILE), removed: [] },
      timings: {},
    });
    return EXIT.ok;
  }
  const shown = withProgress(io, values.quiet);
  try {
    if (!values["cpu-prof"]) return await run(command, config, shown.io, shown.progress, flags, cache, relOut);
    const { withCpuProfile } = await import("./profile.js");
    const { result, file } = await withCpuProfile(config.cwd, () =>
      run(command, config, shown.io, shown.progress, flags, cache, relOut),
    );
    shown.progress.clear();
    io.stderr(`mcp-specgen: CPU profile written to ${path.relative(config.cwd, file)}`);
    return result;
  } finally {
    shown.progress.clear();
  }
}

/** The value of `--workers`: a whole number from 0 (none) to 64, or "auto" (the default). */
function workersOption(command: string, value: string | undefined): number | "auto" {
  if (value === undefined || value === "auto") return "auto";
  if (!/^\d{1,2}$/.test(value) || Number(value) > 64)
    throw usageError(command, `--workers must be a number from 0 to 64, or auto (got "${value}")`);
  return Number(value);
}

async function run(
  command: "generate" | "check",
  config: ResolvedConfig,
  io: CliIO,
  progress: Progress,
  flags: Flags,
  cache: RunCache,
  relOut: string,
): Promise<number> {
  const { runPipeline } = await import("../build/pipeline.js");
  const result = await runPipeline(config, {
    onProgress: (p) => progress.update(describeProgress(p)),
    store: cache.store,
    workers: flags.workers,
  });
  if (!result.failed) await holdToContracts(command, config, io, flags, result);
  // Printed once the run is done: writing (or comparing) the output is a phase too.
  const showTimings = async () => {
    if (!flags.timings) return;
    const { formatTimings } = await import("./profile.js");
    progress.clear();
    io.stderr(`mcp-specgen: timings\n${formatTimings(result.timings)}`);
  };
  const outDir = path.resolve(config.cwd, config.outDir);
  // With --strict, a warning fails the run before anything is written, like an error.
  const strictFailed = !result.failed && flags.strict && result.diagnostics.some((d) => d.severity === "warning");
  if (result.failed || (strictFailed && command === "generate")) {
    await showTimings();
    progress.clear();
    if (flags.json)
      io.stdout(
        JSON.stringify({ command, ok: false, tools: result.tools.length, diagnostics: result.diagnostics }, null, 2),
      );
    else {
      printDiagnostics(io, flags, result.diagnostics);
      io.stderr(
        `mcp-specgen: ${summarize(result.diagnostics)}${strictFailed ? " (warnings fail with --strict)" : ""}${command === "generate" ? "; nothing was written" : ""}`,
      );
    }
    return EXIT.failed;
  }
  if (command === "check") {
    progress.update(`comparing with ${relOut}/…`);
    const compared = performance.now();
    const drift = checkOutput(outDir, result.files, (f, abs) => cache.knownToHold(f, abs));
    result.timings.compare = performance.now() - compared;
    cache.record({ ...withoutContractFindings(result), refused: countRefused(result.tools) });
    await showTimings();
    progress.clear();
    printCheck(io, flags, relOut, {
      tools: result.tools.length,
      files: result.files.length,
      diagnostics: result.diagnostics,
      drift,
    });
    return drift.length || strictFailure(io, flags, result.diagnostics) ? EXIT.failed : EXIT.ok;
  }
  if (flags.dryRun) {
    progress.update(`comparing with ${relOut}/…`);
    const drift = checkOutput(outDir, result.files, (f, abs) => cache.knownToHold(f, abs));
    await showTimings();
    progress.clear();
    if (!flags.json) printDiagnostics(io, flags, result.diagnostics);
    const outcome = { tools: result.tools.length, files: result.files.length, diagnostics: result.diagnostics, drift };
    printDryRun(io, flags.json, relOut, outcome);
    return EXIT.ok;
  }
  progress.update(`writing ${relOut}/…`);
  const { writeOutput } = await import("../output/write.js");
  let written;
  const writing = performance.now();
  try {
    written = writeOutput(outDir, result.files, undefined, (f, abs) => cache.knownToHold(f, abs));
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    await showTimings();
    progress.clear();
    if (!flags.json) printDiagnostics(io, flags, result.diagnostics);
    const code = reportFailure(e, io);
    io.stderr(
      e.partial
        ? "mcp-specgen: the output may be incomplete"
        : "mcp-specgen: nothing was written (the previous output is unchanged)",
    );
    return code;
  }
  result.timings.write = performance.now() - writing;
  const refused = countRefused(result.tools);
  cache.record({ ...withoutContractFindings(result), refused });
  await showTimings();
  progress.clear();
  printGenerated(io, flags, relOut, {
    tools: result.tools.length,
    diagnostics: result.diagnostics,
    refused,
    written,
    timings: result.timings,
  });
  return EXIT.ok;
}

/** What a successful `generate` did, whether it ran or found its output up to date. */
interface GenerateOutcome {
  tools: number;
  diagnostics: readonly Diagnostic[];
  /** Tools a generated server refuses without a trust policy. */
  refused: ToolCounts;
  written: WriteReport;
  timings: Record<string, number>;
}

/** Prints the result of a successful `generate`: as JSON, or diagnostics on stderr and one summary line. */
function printGenerated(io: CliIO, flags: Flags, relOut: string, outcome: GenerateOutcome): void {
  const { tools, diagnostics, refused, written, timings } = outcome;
  if (flags.json) {
    io.stdout(
      JSON.stringify(
        { command: "generate", ok: true, tools, diagnostics, refusedWithoutTrustPolicy: refused, ...written, timings },
        null,
        2,
      ),
    );
    return;
  }
  printDiagnostics(io, flags, diagnostics);
  if (flags.quiet) return;
  io.stdout(
    `mcp-specgen: ${count(tools, "tool")} → ${relOut}/ (${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed)`,
  );
  const note = refusedToolsLine(refused);
  if (note) io.stdout(note);
}

/** What `check` found; the same whether it ran in full or came from the cache. */
interface CheckOutcome {
  tools: number;
  files: number;
  diagnostics: readonly Diagnostic[];
  drift: readonly Drift[];
}

/** Prints the result of `check`: as JSON, or diagnostics and drift on stderr and the verdict. */
function printCheck(io: CliIO, flags: Flags, relOut: string, outcome: CheckOutcome): void {
  const { tools, files, diagnostics, drift } = outcome;
  if (flags.json) {
    // With --strict, warnings fail the check: `ok` says what the exit code says.
    const strictFailed = flags.strict && diagnostics.some((d) => d.severity === "warning");
    const ok = drift.length === 0 && !strictFailed;
    io.stdout(JSON.stringify({ command: "check", ok, tools, diagnostics, drift }, null, 2));
    return;
  }
  printDiagnostics(io, flags, diagnostics);
  if (drift.length === 0) {
    io.stdout(`mcp-specgen check: ${relOut}/ is up to date (${count(tools, "tool")}, ${count(files, "file")})`);
    return;
  }
  io.stderr(`mcp-specgen check: ${relOut}/ is out of date with the specs:`);
  for (const d of drift) {
    io.stderr(`  ${styled(flags.color, ["yellow"], d.kind.padEnd(11))} ${relOut}/${d.path}`);
    if (d.diff) io.stderr(d.diff.replace(/^/gm, "      "));
  }
  io.stderr(`Run "mcp-specgen generate" to update them.`);
}

/** True (and says so) when --strict is on and there are warnings. */
function strictFailure(io: CliIO, flags: Flags, diagnostics: readonly Diagnostic[]): boolean {
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  if (!flags.strict || warnings === 0) return false;
  if (!flags.json) io.stderr(`mcp-specgen check: ${count(warnings, "warning")}, which fail with --strict`);
  return true;
}
