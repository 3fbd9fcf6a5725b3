import type { PipelineProgress } from "../build/pipeline.js";
import { formatStyledDiagnostic, summarize, type DiagnosticPaint } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import type { CliIO } from "./io.js";

// How `generate` and `generate --watch` print a run: shared by both, so neither imports the other.

/** What the output of a run looks like. */
export interface Flags {
  json: boolean;
  quiet: boolean;
  /** Print infos too (such as why a tool is not sent in a vendor's strict mode). */
  verbose: boolean;
  /** Colours for diagnostics on stderr (plain text when off). */
  paint: DiagnosticPaint;
  color: boolean;
  /** Fail on warnings too: a spec read with a guess is not trusted (`--strict`). */
  strict: boolean;
  /** Worker threads for parsing and the validators: a number (0: none), or "auto". */
  workers?: number | "auto";
  /** Print the milliseconds of each phase on stderr (`--timings`). */
  timings?: boolean;
  /** `generate --dry-run`: say what would be written, changed and removed, and write nothing. */
  dryRun?: boolean;
  /** What tool versions are held to, and the live server `check` compares with (see contract-gate.ts). */
  contract?: ContractFlags;
}

/** `--allow-breaking`, and `check`'s `--base-ref`, `--stdio`, `--url` and `--timeout`. */
export interface ContractFlags {
  allowBreaking: boolean;
  baseRef?: string;
  live?: { kind: "stdio"; command: string } | { kind: "url"; url: string };
  timeout?: string;
}

/** The progress line for a pipeline step. */
export function describeProgress(p: PipelineProgress): string {
  if (p.phase === "parse") return `parsing ${p.done ?? 0}/${p.total ?? 0} specs…`;
  if (p.phase === "check") return "checking schemas, examples and names…";
  return `generating ${p.generator ?? "files"}…`;
}

/** Errors, warnings (infos too with --verbose) and their count on stderr; only errors with --quiet. */
export function printDiagnostics(io: CliIO, flags: Flags, diagnostics: readonly Diagnostic[]): void {
  const shown = diagnostics.filter((d) =>
    flags.quiet ? d.severity === "error" : flags.verbose || d.severity !== "info",
  );
  for (const d of shown) io.stderr(formatStyledDiagnostic(d, flags.paint));
  if (shown.length && !flags.quiet) io.stderr(summarize(diagnostics));
}
