import { parseArgs } from "node:util";
import { loadConfig } from "../config/load.js";
import { formatDiagnostic } from "../diagnostics/format.js";
import { DIAGNOSTIC_CODES } from "../diagnostics/codes.js";
import { runLint, type LintResult } from "../lint/index.js";
import type { CliIO } from "./main.js";

/** Help for `mcp-specgen lint`. */
export const LINT_HELP = `mcp-specgen lint — report spec quality without generating anything

Usage:
  mcp-specgen lint [inputs…] [--json] [--strict] [--verbose] [--config FILE]

Reads the specs like generate does and checks each tool against the spec-quality
checklist: input and output JSON Schemas, error handling, an idempotency statement,
usage examples, security notes on tools that change state, a version, typed parameters.
Every finding is printed as file:line:col, followed by a count per code.

  --json       print {files, tools, diagnostics, summary} as JSON
  --strict     exit 1 on warnings too
  --verbose    print info findings as well
  --config F   config file (its inputs and naming are used)

Exit codes: 0 no errors (warnings allowed unless --strict) · 1 spec errors (or warnings
with --strict) · 2 usage error`;

/** Runs `mcp-specgen lint`; resolves to the exit code. */
export async function runLintCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      strict: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      config: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return io.stdout(LINT_HELP), 0;
  const config = await loadConfig(io.cwd, values.config);
  if (positionals.length) config.inputs = positionals;
  if (values.out) config.outDir = values.out;
  const result = await runLint(config);
  const count = (s: string) => result.diagnostics.filter((d) => d.severity === s).length;
  const failed = count("error") > 0 || (values.strict && count("warning") > 0);
  if (values.json) {
    io.stdout(JSON.stringify({ command: "lint", ok: !failed, files: result.files.length, tools: result.tools.length, diagnostics: result.diagnostics, summary: result.summary }, null, 2));
  } else {
    const shown = result.diagnostics.filter((d) => (values.quiet ? d.severity === "error" : values.verbose || d.severity !== "info"));
    for (const d of shown) io.stderr(formatDiagnostic(d));
    if (!values.quiet) io.stdout(formatSummary(result));
  }
  return failed ? 1 : 0;
}

/** The per-code table and the totals line. */
export function formatSummary(result: LintResult): string {
  const lines: string[] = [];
  if (result.summary.length) {
    const width = Math.max(4, ...result.summary.map((r) => r.code.length));
    lines.push(`${"code".padEnd(width)}  severity  count  meaning`);
    for (const r of result.summary) lines.push(`${r.code.padEnd(width)}  ${r.severity.padEnd(8)}  ${String(r.count).padStart(5)}  ${DIAGNOSTIC_CODES[r.code]?.summary ?? ""}`);
    lines.push("");
  }
  const n = (k: string) => result.diagnostics.filter((d) => d.severity === k).length;
  const plural = (x: number, w: string) => `${x} ${w}${x === 1 ? "" : "s"}`;
  lines.push(`mcp-specgen lint: ${plural(result.files.length, "file")}, ${plural(result.tools.length, "tool")}: ${plural(n("error"), "error")}, ${plural(n("warning"), "warning")}, ${plural(n("info"), "info")}`);
  return lines.join("\n");
}
