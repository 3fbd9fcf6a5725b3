import type { Diagnostic } from "../diagnostics/types.js";
import type { Drift } from "../output/check.js";
import { count } from "./count.js";
import type { CliIO } from "./io.js";

/** What `generate --dry-run` found: what a `generate` would write, change and remove. */
export interface DryRunOutcome {
  tools: number;
  /** Generated files, in all (the ownership record not counted). */
  files: number;
  diagnostics: readonly Diagnostic[];
  /** How the output directory differs from what would be generated (as `check` finds it). */
  drift: readonly Drift[];
}

/** The paths a `generate` would create, change and remove, from `check`'s comparison. */
export function dryRunPlan(drift: readonly Drift[]): { created: string[]; changed: string[]; removed: string[] } {
  const of = (...kinds: Drift["kind"][]) => drift.filter((d) => kinds.includes(d.kind)).map((d) => d.path);
  return { created: of("missing"), changed: of("stale"), removed: of("extra", "orphan-temp") };
}

/**
 * Prints what `generate --dry-run` would do: as JSON, or one line per file and a summary
 * (diagnostics are printed by the caller, as for a real run).
 */
export function printDryRun(io: CliIO, json: boolean, relOut: string, outcome: DryRunOutcome): void {
  const plan = dryRunPlan(outcome.drift);
  const unchanged = outcome.files - plan.created.length - plan.changed.length;
  if (json) {
    io.stdout(
      JSON.stringify(
        {
          command: "generate",
          dryRun: true,
          ok: true,
          tools: outcome.tools,
          diagnostics: outcome.diagnostics,
          ...plan,
          unchanged,
        },
        null,
        2,
      ),
    );
    return;
  }
  const lines: string[] = [];
  for (const [label, paths] of [
    ["create", plan.created],
    ["change", plan.changed],
    ["remove", plan.removed],
  ] as const)
    for (const p of paths) lines.push(`  would ${label}  ${relOut}/${p}`);
  lines.push(
    `mcp-specgen: ${count(outcome.tools, "tool")} → ${relOut}/ (dry run, nothing written: ${plan.created.length} to create, ${plan.changed.length} to change, ${plan.removed.length} to remove, ${unchanged} unchanged)`,
  );
  io.stdout(lines.join("\n"));
}
