// The text and JSON forms of a diff.
import type { JsonValue } from "../ir/types.js";
import { IMPACTS, type Change, type DiffResult } from "../contract-rules/types.js";

/** The `--json` form: `{changes: [{tool, module, impact, code, pointer, message, before, after, …}], impact}`. */
export function diffJson(result: DiffResult): string {
  const changes = result.changes.map((c) => {
    const out: { [key: string]: JsonValue } = {
      tool: c.tool,
      module: c.module,
      impact: c.impact,
      code: c.code,
      pointer: c.pointer,
      message: c.message,
      before: c.before ?? null,
      after: c.after ?? null,
    };
    if (c.loc) out.loc = { file: c.loc.file, line: c.loc.line, column: c.loc.column };
    if (c.evidence !== undefined) out.evidence = c.evidence;
    if (c.migration) out.migration = c.migration;
    if (c.review) out.review = true;
    return out;
  });
  return `${JSON.stringify({ changes, impact: result.impact }, null, 2)}\n`;
}

/** Group changes by tool (in their order), keeping each tool's changes in order. */
export function byTool(changes: readonly Change[]): Array<{ tool: string; module: string; changes: Change[] }> {
  const groups = new Map<string, { tool: string; module: string; changes: Change[] }>();
  for (const c of changes) {
    const key = `${c.module}\0${c.tool}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { tool: c.tool, module: c.module, changes: [] }));
    g.changes.push(c);
  }
  return [...groups.values()];
}

/**
 * The human form: per tool, its changes grouped by impact, each as
 * `file:line:col  CODE  message`, then one line with the overall impact and the counts.
 */
export function diffText(result: DiffResult, paint: (impact: string, text: string) => string = (_, t) => t): string {
  if (result.changes.length === 0) return "No changes.\n";
  const lines: string[] = [];
  for (const group of byTool(result.changes)) {
    lines.push(
      `${group.tool}${group.module && !group.tool.startsWith(`${group.module}.`) ? ` (${group.module})` : ""}`,
    );
    for (const impact of IMPACTS) {
      const mine = group.changes.filter((c) => c.impact === impact);
      if (!mine.length) continue;
      lines.push(`  ${paint(impact, impact)}`);
      for (const c of mine) {
        const where = c.loc ? `${c.loc.file}:${c.loc.line}:${c.loc.column}: ` : "";
        lines.push(`    ${where}${c.code}: ${c.message}${c.pointer ? ` [${c.pointer}]` : ""}`);
        if (c.evidence !== undefined) lines.push(`      evidence: ${JSON.stringify(c.evidence)}`);
      }
    }
  }
  lines.push("", summaryLine(result));
  return `${lines.join("\n")}\n`;
}

/** `impact: major (2 major, 1 minor, 3 patch changes in 2 tools)`. */
export function summaryLine(result: DiffResult): string {
  const counts = IMPACTS.map((i) => [i, result.changes.filter((c) => c.impact === i).length] as const)
    .filter(([, n]) => n > 0)
    .map(([i, n]) => `${n} ${i}`);
  const tools = byTool(result.changes).length;
  return `impact: ${result.impact}${counts.length ? ` (${counts.join(", ")} change${result.changes.length === 1 ? "" : "s"} in ${tools} tool${tools === 1 ? "" : "s"})` : ""}`;
}
