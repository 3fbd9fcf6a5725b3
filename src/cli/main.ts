import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig, normalizeInputs, UsageError } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { formatDiagnostic, summarize } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { runPipeline, outDirOf } from "../pipeline.js";
import { OutputError } from "../output/errors.js";
import { writeOutput } from "../output/write.js";
import { checkOutput } from "../output/check.js";
import { generatorVersion } from "../version.js";
import { runImport } from "./import.js";
import { runLintCommand } from "./lint.js";
import { reportFailure } from "./failure.js";

/** Exit codes: 0 ok, 1 spec errors or drift, 2 usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const HELP = `mcp-specgen — typed code, validators and vendor tool formats from MCP tool specs

Usage:
  mcp-specgen generate [inputs…] [--out DIR]   read specs, write generated files
  mcp-specgen check    [inputs…] [--out DIR]   fail (exit 1) when generated files are out of date
  mcp-specgen import   --stdio CMD | --url URL | --file FILE   write specs from a server's tool list
  mcp-specgen lint     [inputs…] [--json] [--strict]   report spec quality, generate nothing
  mcp-specgen --help | --version

Inputs are spec files or directories (searched recursively for *.md and *.json).
Without inputs, the config's \`inputs\` are used (default: ./specs); output goes to
the config's \`outDir\` (default: ./generated).

Options:
  --out DIR        output directory
  --config FILE    config file (default: mcp-specgen.config.{ts,mts,js,mjs,json} in cwd)
  --json           print diagnostics and results as JSON
  --quiet          print errors only
  -h, --help       show this help
  -v, --version    print the version

Exit codes: 0 ok · 1 spec errors, drift or a refused/failed write (lint: errors, or warnings
with --strict) · 2 usage error. Set MCP_SPECGEN_DEBUG=1 to see stack traces of internal errors.`;

/** Output streams, replaceable in tests. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

const defaultIO: CliIO = {
  stdout: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
  stderr: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
  cwd: process.cwd(),
};

/**
 * Runs the CLI with the given arguments; resolves to the process exit code. Never rejects:
 * whatever a command throws ends as a message on stderr and exit code 1 or 2.
 */
export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (e) {
    return reportFailure(e, io);
  }
}

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  if (argv[0] === "import") return runSubcommand(() => runImport(argv.slice(1), io), io);
  if (argv[0] === "lint") return runSubcommand(() => runLintCommand(argv.slice(1), io), io);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: "string" },
        config: { type: "string" },
        json: { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
        version: { type: "boolean", short: "v", default: false },
      },
    });
  } catch (e) {
    io.stderr(`mcp-specgen: ${(e as Error).message}\nRun "mcp-specgen --help" for usage.`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) return io.stdout(HELP), EXIT.ok;
  if (values.version) return io.stdout(generatorVersion()), EXIT.ok;
  const [command, ...inputs] = positionals;
  if (command !== "generate" && command !== "check") {
    io.stderr(command ? `mcp-specgen: unknown command "${command}"\nRun "mcp-specgen --help" for usage.` : HELP);
    return EXIT.usage;
  }
  // Usage, file-system and unexpected errors are reported by `main`.
  const config = await loadConfig(io.cwd, values.config);
  if (inputs.length) config.inputs = normalizeInputs(io.cwd, inputs);
  if (values.out) config.outDir = values.out;
  return await run(command, config, io, { json: values.json, quiet: values.quiet });
}

/** Runs a subcommand with its own options, mapping usage problems to exit code 2. */
async function runSubcommand(fn: () => Promise<number>, io: CliIO): Promise<number> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`mcp-specgen: ${(e as Error).message}`);
      return EXIT.usage;
    }
    throw e;
  }
}

async function run(command: "generate" | "check", config: ResolvedConfig, io: CliIO, flags: { json: boolean; quiet: boolean }): Promise<number> {
  const result = await runPipeline(config);
  const outDir = outDirOf(config);
  const relOut = path.relative(config.cwd, outDir) || ".";
  if (result.failed) {
    report(io, flags, result.diagnostics, { command, ok: false, tools: result.tools.length });
    return EXIT.failed;
  }
  if (command === "check") {
    const drift = checkOutput(outDir, result.files);
    if (flags.json) {
      io.stdout(JSON.stringify({ command, ok: drift.length === 0, tools: result.tools.length, diagnostics: result.diagnostics, drift }, null, 2));
    } else {
      printDiagnostics(io, flags, result.diagnostics);
      if (drift.length === 0) io.stdout(`mcp-specgen check: ${relOut}/ is up to date (${result.tools.length} tools, ${result.files.length} files)`);
      else {
        io.stderr(`mcp-specgen check: ${relOut}/ is out of date with the specs:`);
        for (const d of drift) {
          io.stderr(`  ${d.kind.padEnd(11)} ${relOut}/${d.path}`);
          if (d.diff) io.stderr(d.diff.replace(/^/gm, "      "));
        }
        io.stderr(`Run "mcp-specgen generate" to update them.`);
      }
    }
    return drift.length ? EXIT.failed : EXIT.ok;
  }
  if (!flags.json) printDiagnostics(io, flags, result.diagnostics);
  let written;
  try {
    written = writeOutput(outDir, result.files);
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    const code = reportFailure(e, io);
    io.stderr(e.partial ? "mcp-specgen: the output may be incomplete" : "mcp-specgen: nothing was written (the previous output is unchanged)");
    return code;
  }
  if (flags.json) {
    io.stdout(JSON.stringify({ command, ok: true, tools: result.tools.length, diagnostics: result.diagnostics, ...written, timings: result.timings }, null, 2));
  } else if (!flags.quiet) {
    io.stdout(`mcp-specgen: ${result.tools.length} tools → ${relOut}/ (${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed)`);
  }
  return EXIT.ok;
}

function report(io: CliIO, flags: { json: boolean; quiet: boolean }, diagnostics: Diagnostic[], extra: Record<string, unknown>): void {
  if (flags.json) io.stdout(JSON.stringify({ ...extra, diagnostics }, null, 2));
  else {
    printDiagnostics(io, flags, diagnostics);
    io.stderr(`mcp-specgen: ${summarize(diagnostics)}; nothing was written`);
  }
}

function printDiagnostics(io: CliIO, flags: { quiet: boolean }, diagnostics: Diagnostic[]): void {
  const shown = diagnostics.filter((d) => (flags.quiet ? d.severity === "error" : d.severity !== "info"));
  for (const d of shown) io.stderr(formatDiagnostic(d));
  if (shown.length && !flags.quiet) io.stderr(summarize(diagnostics));
}
