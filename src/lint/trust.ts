import type { DiagnosticBag } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";

/**
 * The tools a generated server refuses at run time unless its registry has a trust policy:
 * those whose annotations say destructive (`destructiveHint: true`). `byDefault` counts the
 * ones that say so only because their spec states neither read-only nor destructive, and
 * MCP's default for an unstated `destructiveHint` is true.
 */
export interface RefusedTools {
  total: number;
  byDefault: number;
}

/** Whether the generated server refuses `tool` without a trust policy. */
export function refusedWithoutPolicy(tool: ToolSpec): boolean {
  return tool.annotations.destructiveHint;
}

/** Whether `tool` is destructive only by MCP's default: its spec states neither hint. */
export function destructiveByDefault(tool: ToolSpec): boolean {
  const stated = tool.statedAnnotations ?? {};
  return tool.annotations.destructiveHint && stated.destructiveHint === undefined && stated.readOnlyHint === undefined;
}

/** Counts the tools refused without a trust policy (see {@link RefusedTools}). */
export function countRefused(tools: readonly ToolSpec[]): RefusedTools {
  let total = 0;
  let byDefault = 0;
  for (const tool of tools) {
    if (!refusedWithoutPolicy(tool)) continue;
    total++;
    if (destructiveByDefault(tool)) byDefault++;
  }
  return { total, byDefault };
}

/**
 * The one line `generate` prints about {@link RefusedTools}, or undefined when no tool is
 * refused: how many, why, and the two ways out.
 */
export function refusedToolsLine(refused: RefusedTools): string | undefined {
  const { total, byDefault } = refused;
  if (total === 0) return undefined;
  const tools = total === 1 ? "1 tool" : `${total} tools`;
  const head = `mcp-specgen: ${tools} will be refused at run time unless the registry has a trustPolicy`;
  if (byDefault === 0) return `${head}: ${total === 1 ? "its spec marks it" : "their specs mark them"} destructive`;
  const why =
    byDefault === total
      ? `${total === 1 ? "it states" : "they state"} neither read-only nor destructive, and MCP's default is destructive`
      : `they are destructive, ${byDefault} of them only by MCP's default (no read-only/destructive label)`;
  return `${head}: ${why}; label read-only tools "**Read-only**: Yes" (readOnlyHint in JSON) — "mcp-specgen lint" lists them`;
}

/**
 * Lint: one LINT_DESTRUCTIVE_BY_DEFAULT warning per tool that is destructive only by MCP's
 * default, at its heading, so a server that refuses it at run time is no surprise.
 */
export function lintTrust(tools: readonly ToolSpec[], diagnostics: DiagnosticBag): void {
  for (const tool of tools) {
    if (!destructiveByDefault(tool)) continue;
    diagnostics.warning(
      "LINT_DESTRUCTIVE_BY_DEFAULT",
      tool.locations.tool,
      `tool "${tool.name}" states neither read-only nor destructive, so it is destructive by MCP's default: a generated server refuses it unless its registry has a trust policy that allows it`,
      tool.format === "markdown"
        ? 'add "**Read-only**: Yes" (or "**Destructive**: No") under the tool heading if it does not destroy anything; otherwise add "**Destructive**: Yes" and allow it with a trustPolicy'
        : 'add "annotations": {"readOnlyHint": true} (or "destructiveHint": false) if it does not destroy anything; otherwise state "destructiveHint": true and allow it with a trustPolicy',
    );
  }
}
