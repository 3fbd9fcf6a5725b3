import { loadConfig } from "../config/load.js";
import { formatStyledDiagnostic } from "../diagnostics/format.js";
import { DIAGNOSTIC_CODES } from "../diagnostics/codes.js";
import { runLint, type LintResult } from "../lint/index.js";
import { parseCommandArgs } from "./args.js";
import { diagnosticPaint } from "./color.js";
import { useColor, withProgress, type CliIO } from "./io.js";

export { LINT_HELP } from "./help.js";

/** Runs `mcp-specgen lint`; resolves to the exit code. */
export async function runLintCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    "lint",
    argv,
    {
      json: { type: "boolean", default: false },
      strict: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      config: { type: "string" },
      out: { type: "string" },
    },
    true,
  );
  const config = await loadConfig(io.cwd, values.config);
  if (positionals.length) config.inputs = positionals;
  if (values.out) config.outDir = values.out;
  const shown = withProgress(io, values.quiet);
  let result: LintResult;
  try {
    result = await runLint(config, {
      onFile: (done, total) => shown.progress.update(`linting ${done}/${total} specs…`),
    });
  } finally {
    shown.progress.clear();
  }
  io = shown.io;
  const count = (s: string) => result.diagnostics.filter((d) => d.severity === s).length;
  const failed = count("error") > 0 || (values.strict && count("warning") > 0);
  if (values.json) {
    io.stdout(
      JSON.stringify(
        {
          command: "lint",
          ok: !failed,
          files: result.files.length,
          tools: result.tools.length,
          diagnostics: result.diagnostics,
          summary: result.summary,
        },
        null,
        2,
      ),
    );
  } else {
    const printed = result.diagnostics.filter((d) =>
      values.quiet ? d.severity === "error" : values.verbose || d.severity !== "info",
    );
    const paint = diagnosticPaint(useColor(io, "stderr"));
    for (const d of printed) io.stderr(formatStyledDiagnostic(d, paint));
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
    for (const r of result.summary)
      lines.push(
        `${r.code.padEnd(width)}  ${r.severity.padEnd(8)}  ${String(r.count).padStart(5)}  ${DIAGNOSTIC_CODES[r.code]?.summary ?? ""}`,
      );
    lines.push("");
  }
  const n = (k: string) => result.diagnostics.filter((d) => d.severity === k).length;
  const plural = (x: number, w: string) => `${x} ${w}${x === 1 ? "" : "s"}`;
  lines.push(
    `mcp-specgen lint: ${plural(result.files.length, "file")}, ${plural(result.tools.length, "tool")}: ${plural(n("error"), "error")}, ${plural(n("warning"), "warning")}, ${plural(n("info"), "info")}`,
  );
  return lines.join("\n");
}
