import type { ToolSpec } from "../ir/types.js";
import { toolKey, type ToolNames } from "../naming/table.js";
import type { GeneratorContext } from "./generator.js";

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

/** One module of the generated API: its name, its namespace identifier and its tools with their names. */
export interface ModuleNamespace {
  /** The module as the specs name it: `ai_code_editing`. */
  module: string;
  /** Its namespace identifier in generated code: `aiCodeEditing`. */
  id: string;
  tools: Array<{ tool: ToolSpec; names: ToolNames }>;
}

/** The modules of a run in sorted order, each with its namespace identifier and named tools. */
export function moduleNamespaces(ctx: Pick<GeneratorContext, "tools" | "names">): ModuleNamespace[] {
  return [...groupByModule(ctx.tools)].map(([module, tools]) => {
    const named = tools.map((tool) => ({ tool, names: ctx.names.get(toolKey(tool))! }));
    return { module, id: named[0]!.names.module, tools: named };
  });
}
