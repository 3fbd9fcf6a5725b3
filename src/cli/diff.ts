import path from "node:path";
import { loadConfig } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { formatStyledDiagnostic } from "../diagnostics/format.js";
import type { LoadedSide } from "../diff/load-side.js";
import { atLeast, type Impact } from "../contract-rules/types.js";
import { parseCommandArgs, usageError } from "./args.js";
import { diagnosticPaint, styled } from "./color.js";
import { EXIT } from "./exit.js";
import { useColor, type CliIO } from "./io.js";
import { LiveReadError, readLiveSide, type LiveOptions } from "./live-side.js";

const OPTIONS = {
  "base-ref": { type: "string" },
  stdio: { type: "string" },
  url: { type: "string" },
  format: { type: "string" },
  json: { type: "boolean", default: false },
  "fail-on": { type: "string" },
  config: { type: "string" },
  out: { type: "string" },
  timeout: { type: "string" },
} as const;

const IMPACT_STYLES = { major: ["bold", "red"], minor: ["yellow"], patch: ["dim"] } as const;

/**
 * Runs `mcp-specgen diff <base> <head>`; resolves to the exit code: 1 when a change reaches
 * `--fail-on`, 3 when a side cannot be read or has spec errors; 0 otherwise.
 */
export async function runDiff(argv: string[], io: CliIO): Promise<number> {
  try {
    return await diff(argv, io);
  } catch (e) {
    if (!(e instanceof LiveReadError)) throw e;
    io.stderr(`mcp-specgen diff: ${e.message}`);
    return EXIT.incomparable;
  }
}

async function diff(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs("diff", argv, OPTIONS, true);
  const format = values.json ? "json" : (values.format ?? "text");
  if (format !== "text" && format !== "json" && format !== "markdown")
    throw usageError("diff", `--format must be text, json or markdown, not "${format}"`);
  const failOn = values["fail-on"];
  if (failOn !== undefined && failOn !== "major" && failOn !== "minor" && failOn !== "patch")
    throw usageError("diff", `--fail-on must be major, minor or patch, not "${failOn}"`);
  if (values.stdio && values.url) throw usageError("diff", "pass --stdio or --url, not both");
  const live = values.stdio ?? values.url;
  const other = live ? (values.stdio ? "--stdio" : "--url") : values["base-ref"] ? "--base-ref" : undefined;
  if (other ? positionals.length > 1 : positionals.length !== 2)
    throw usageError(
      "diff",
      other
        ? `takes at most one spec path besides ${other}`
        : "needs a base and a head (spec files or directories, JSON tool lists or manifest.json files)",
    );
  const config = await loadConfig(io.cwd, values.config);
  if (values.out) config.outDir = values.out;
  const sideOptions = { cwd: io.cwd, exclude: [config.outDir], limits: config.limits };
  const { loadFilesSide, loadGitSide } = await import("../diff/load-side.js");
  const inputsOr = (p: string | undefined) => (p ? [p] : config.inputs);

  let base: LoadedSide;
  let head: LoadedSide;
  if (values["base-ref"]) {
    // Both sides are the same inputs: at the revision and in the working tree.
    const inputs = inputsOr(positionals[0]);
    base = gitSide(() => loadGitSide(values["base-ref"]!, relative(io.cwd, inputs), sideOptions));
    head = live ? await readLive(values, io, config) : loadFilesSide(inputs, sideOptions);
  } else if (live) {
    base = loadFilesSide(inputsOr(positionals[0]), sideOptions);
    head = await readLive(values, io, config);
  } else {
    base = loadFilesSide([positionals[0]!], sideOptions);
    head = loadFilesSide([positionals[1]!], sideOptions);
  }
  const color = format === "text" && useColor(io, "stdout");
  const errors = [...base.diagnostics, ...head.diagnostics].filter((d) => d.severity === "error");
  if (errors.length) {
    const paint = diagnosticPaint(useColor(io, "stderr"));
    for (const d of errors) io.stderr(formatStyledDiagnostic(d, paint));
    io.stderr("mcp-specgen diff: a side has spec errors; fix them to compare the tools");
    return EXIT.incomparable;
  }
  const { diffToolSets } = await import("../diff/compare-tools.js");
  const documented = {
    examples: base.documents.examples && head.documents.examples,
    errors: base.documents.errors && head.documents.errors,
  };
  const result = diffToolSets(base.tools, head.tools, { rules: config.diff.rules, documented });
  if (format === "json") io.stdout((await import("../diff/render.js")).diffJson(result));
  else if (format === "markdown")
    io.stdout(
      (await import("../diff/changelog.js")).diffChangelog(result, `Changes from ${base.label} to ${head.label}`),
    );
  else {
    const { diffText } = await import("../diff/render.js");
    io.stdout(diffText(result, (impact, text) => styled(color, IMPACT_STYLES[impact as Impact] ?? [], text)));
  }
  return failOn && atLeast(result.impact, failOn) ? EXIT.failed : EXIT.ok;
}

function relative(cwd: string, inputs: readonly string[]): string[] {
  return inputs.map((i) => path.relative(cwd, path.resolve(cwd, i)).split(path.sep).join("/") || ".");
}

function gitSide(read: () => LoadedSide): LoadedSide {
  try {
    return read();
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? "").trim();
    throw usageError("diff", `cannot read the specs at --base-ref with git: ${stderr || (e as Error).message}`);
  }
}

async function readLive(
  values: { stdio?: string; url?: string; timeout?: string },
  io: CliIO,
  config: ResolvedConfig,
): Promise<LoadedSide> {
  const options: LiveOptions = { command: "diff", timeout: values.timeout, limits: config.limits };
  return readLiveSide(
    values.stdio ? { kind: "stdio", command: values.stdio } : { kind: "url", url: values.url! },
    io,
    options,
  );
}
