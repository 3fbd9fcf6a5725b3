// The version check (and `check --stdio`/`--url`) run after a successful build, the same
// way for a one-shot `generate`/`check` and for each rebuild of `generate --watch`.
import type { ResolvedConfig } from "../config/types.js";
import { compareDiagnostics } from "../diagnostics/types.js";
import type { PipelineResult } from "../build/pipeline.js";
import type { CliIO } from "./io.js";
import type { Flags } from "./run-output.js";

/**
 * Adds the contract findings to a successful pipeline result: tool versions against the
 * previous manifest or `--base-ref`, and with `check --stdio`/`--url` the live server against
 * the specs. An error among them fails the run as a spec error does.
 */
export async function holdToContracts(
  command: "generate" | "check",
  config: ResolvedConfig,
  io: CliIO,
  flags: Flags,
  result: PipelineResult,
): Promise<void> {
  const gate = await import("./contract-gate.js");
  const contract = flags.contract ?? { allowBreaking: false };
  const found = await gate.contractFindings(config, result.tools, contract);
  if (command === "check" && contract.live) {
    const { readLiveSide, LiveReadError } = await import("./live-side.js");
    const { diffToolSets } = await import("../diff/compare-tools.js");
    try {
      const live = await readLiveSide(contract.live, io, { command, timeout: contract.timeout, limits: config.limits });
      found.push(...gate.liveFindings(config, result.tools, live, diffToolSets));
    } catch (e) {
      if (!(e instanceof LiveReadError)) throw e;
      const { DiagnosticBag } = await import("../diagnostics/types.js");
      const bag = new DiagnosticBag();
      bag.error(
        "CONTRACT_LIVE_MISMATCH",
        { file: ".", line: 1, column: 1 },
        e.message,
        "start the server by hand to see why it does not answer",
      );
      found.push(...bag.items);
    }
  }
  if (!found.length) return;
  result.diagnostics = [...result.diagnostics, ...found].sort(compareDiagnostics);
  if (found.some((d) => d.severity === "error")) {
    result.failed = true;
    result.files = [];
  }
}

/**
 * The result as the cache records it: without the contract findings, which compare with a
 * previous manifest that this run may replace, so a later run that finds its output up to
 * date does not repeat them.
 */
export function withoutContractFindings(result: PipelineResult): PipelineResult {
  return { ...result, diagnostics: result.diagnostics.filter((d) => !d.code.startsWith("CONTRACT_")) };
}
