import type { ToolSpec } from "../ir/types.js";

/** Tools grouped by module, modules in sorted order, tools in their given order. */
export function groupByModule(tools: readonly ToolSpec[]): Map<string, ToolSpec[]> {
  const byModule = new Map<string, ToolSpec[]>();
  for (const t of tools) {
    const list = byModule.get(t.module);
    if (list) list.push(t);
    else byModule.set(t.module, [t]);
  }
  return new Map([...byModule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
