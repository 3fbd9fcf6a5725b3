import type { ToolSpec } from "../ir/types.js";
import { toolKey, type ToolNames } from "../naming/table.js";
import type { GeneratorContext } from "./contract.js";

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

/**
 * Wire names that tools of several modules share (several servers' `read_file`), sorted,
 * each with those modules. Such modules cannot be served, or called, over one connection:
 * one MCP server cannot list two tools of one name.
 */
export function sharedWireNames(namespaces: readonly ModuleNamespace[]): Array<[string, string[]]> {
  const modulesByName = new Map<string, string[]>();
  for (const m of namespaces) {
    for (const { tool } of m.tools) {
      const list = modulesByName.get(tool.name);
      if (list) list.push(m.module);
      else modulesByName.set(tool.name, [m.module]);
    }
  }
  return [...modulesByName].filter(([, modules]) => modules.length > 1).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** A readable summary of {@link sharedWireNames}: the first three, then how many more. */
export function describeSharedWireNames(shared: ReadonlyArray<[string, string[]]>): string {
  const shown = shared
    .slice(0, 3)
    .map(([name, modules]) => `"${name}" is a tool of ${modules.map((m) => `"${m}"`).join(" and ")}`);
  return `${shown.join(", ")}${shared.length > 3 ? `, and ${shared.length - 3} more names are shared` : ""}`;
}
