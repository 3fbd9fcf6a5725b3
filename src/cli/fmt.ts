import { readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config/load.js";
import { formatDiagnostic } from "../diagnostics/format.js";
import { DiagnosticBag } from "../diagnostics/types.js";
import { type FormatResult, formatSpec } from "../fmt/format.js";
import { findSpecFiles, toPosix } from "../inputs/find-files.js";
import { atomicWrite } from "../output/temp.js";
import { parseCommandArgs } from "./args.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";

export { FMT_HELP } from "./help.js";

/** Markdown specs; fmt leaves JSON specs alone. */
const MARKDOWN = /\.(md|markdown)$/i;

/**
 * Runs `mcp-specgen fmt`; resolves to the exit code. Writes each Markdown spec whose
 * canonical layout differs (with `--check`, writes nothing and lists them, exit 1).
 * Changes fmt cannot prove keep the spec's meaning are left out and reported on stderr;
 * they do not fail the run (see docs/fmt.md).
 */
export async function runFmtCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    "fmt",
    argv,
    {
      check: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      config: { type: "string" },
    },
    true,
  );
  const config = await loadConfig(io.cwd, values.config);
  const inputs = positionals.length ? positionals : config.inputs;
  const found = new DiagnosticBag();
  const files = findSpecFiles(inputs, found, { cwd: io.cwd, exclude: [config.outDir] }).filter((f) => MARKDOWN.test(f));
  for (const d of found.items) io.stderr(formatDiagnostic(d));
  let failed = found.hasErrors;
  const unformatted: string[] = [];
  let written = 0;
  for (const abs of files) {
    const file = toPosix(path.relative(io.cwd, abs)) || abs;
    let text: string;
    try {
      text = readFileSync(abs, "utf8");
    } catch (e) {
      io.stderr(`fmt: ${file}: cannot read: ${(e as Error).message}`);
      failed = true;
      continue;
    }
    let result: FormatResult;
    try {
      result = formatSpec(file, text, config.limits);
    } catch (e) {
      // A fault of fmt's own: this file is left as it is, the others are still formatted.
      io.stderr(`fmt: ${file}: left as is: internal error: ${(e as Error).message}`);
      failed = true;
      continue;
    }
    if (!values.quiet) for (const line of refusalLines(file, result)) io.stderr(line);
    if (result.text === text) continue;
    unformatted.push(file);
    if (values.check) continue;
    try {
      atomicWrite(abs, result.text);
      written++;
    } catch (e) {
      io.stderr(`fmt: ${(e as Error).message}`);
      failed = true;
    }
  }
  if (values.check) {
    for (const file of unformatted) io.stdout(`${file}: not formatted`);
    if (!values.quiet)
      io.stderr(
        unformatted.length
          ? `mcp-specgen fmt --check: ${plural(unformatted.length, "file")} of ${files.length} not formatted (run "mcp-specgen fmt" to format them)`
          : `mcp-specgen fmt --check: ${plural(files.length, "file")} formatted`,
      );
    return failed || unformatted.length ? EXIT.failed : EXIT.ok;
  }
  if (!values.quiet) {
    for (const file of unformatted) io.stdout(`formatted ${file}`);
    io.stderr(`mcp-specgen fmt: ${written} of ${plural(files.length, "file")} rewritten`);
  }
  return failed ? EXIT.failed : EXIT.ok;
}

/** What fmt left as it is in a file, and why: one line each. */
function refusalLines(file: string, result: FormatResult): string[] {
  if (result.untouched) return [`fmt: ${file}: left as is: ${result.untouched}`];
  return result.refused.map(
    (r) => `fmt: ${file}:${r.line}: left as is: rewriting ${r.what} would change ${r.difference}`,
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
