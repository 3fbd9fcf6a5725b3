import path from "node:path";
import { loadConfig, normalizeInputs } from "../config/load.js";
import { summarize } from "../diagnostics/format.js";
import { DiagnosticBag } from "../diagnostics/types.js";
import { OutputError } from "../output/errors.js";
import { generatorVersion } from "../package-info/version.js";
import { BuildSession } from "../session/build-session.js";
import { parseCommandArgs, usageError } from "./args.js";
import { diagnosticPaint } from "./color.js";
import { EXIT } from "./exit.js";
import { reportFailure } from "./failure.js";
import { useColor, withProgress, type CliIO } from "./io.js";
import { printDiagnostics, type Flags } from "./run-output.js";

/** Where the catalogue goes when `--out` is not given, relative to the working directory. */
export const DEFAULT_CATALOGUE_DIR = "catalogue";

/**
 * Runs `mcp-specgen docs`: reads the specs as generate does (the same inputs, parsing and
 * checks, on a build session of its own), and writes the tool catalogue as HTML or
 * Markdown. Resolves to the exit code; nothing is written when a spec has an error.
 */
export async function runDocsCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    "docs",
    argv,
    {
      out: { type: "string" },
      format: { type: "string", default: "html" },
      title: { type: "string" },
      config: { type: "string" },
      quiet: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
    },
    true,
  );
  const format = values.format;
  if (format !== "html" && format !== "markdown")
    throw usageError("docs", `--format must be html or markdown (got "${format}")`);
  const config = await loadConfig(io.cwd, values.config);
  if (positionals.length) config.inputs = normalizeInputs(io.cwd, positionals);
  const outDir = path.resolve(io.cwd, values.out ?? DEFAULT_CATALOGUE_DIR);
  const flags: Flags = {
    json: false,
    quiet: values.quiet,
    verbose: values.verbose,
    paint: diagnosticPaint(useColor(io, "stderr")),
    color: useColor(io, "stderr"),
    strict: false,
  };
  const [{ readSpecs }, { renderCatalogue }, { writeOutput }, { ownershipFile }] = await Promise.all([
    import("../inputs/read-specs.js"),
    import("../catalogue/index.js"),
    import("../output/write.js"),
    import("../output/ownership.js"),
  ]);
  const diagnostics = new DiagnosticBag();
  const shown = withProgress(io, values.quiet);
  let read;
  try {
    read = await readSpecs(config, diagnostics, {
      session: BuildSession.oneShot(),
      // The catalogue's own README.md is no spec, should the inputs hold its directory.
      exclude: [outDir],
      onFile: (done, total) => shown.progress.update(`reading ${done}/${total} specs…`),
    });
  } finally {
    shown.progress.clear();
  }
  io = shown.io;
  const found = diagnostics.sorted();
  printDiagnostics(io, flags, found);
  if (diagnostics.hasErrors) {
    io.stderr(`mcp-specgen: ${summarize(found)}; nothing was written`);
    return EXIT.failed;
  }
  const file = renderCatalogue(
    {
      title: values.title ?? `${config.server.name} tools`,
      sources: config.inputs,
      generatorVersion: generatorVersion(),
      tools: read.tools,
      names: read.names,
      strict: { openai: { strict: config.openai.strict }, anthropic: { strict: config.anthropic.strict } },
    },
    format,
  );
  try {
    // With its ownership record, like generate's output: a later run may replace the file,
    // and never overwrites one mcp-specgen did not write.
    writeOutput(outDir, [file, ownershipFile([file], config.inputs)]);
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    return reportFailure(e, io);
  }
  const where = path.relative(io.cwd, path.join(outDir, file.path)) || file.path;
  if (!values.quiet)
    io.stdout(
      `mcp-specgen: wrote the catalogue of ${read.tools.length} tool${read.tools.length === 1 ? "" : "s"} to ${where}`,
    );
  return EXIT.ok;
}
