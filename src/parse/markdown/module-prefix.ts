import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { ToolContent } from "../../ir/types.js";

/** Folder names that hold specs of many modules rather than name one. */
const CONTAINERS = /^(specs?|src|docs?|tools?|mcp|schemas?|definitions?|api)$/;

/**
 * Notes tools whose written `module.` prefix names another module than the one the
 * file's place gives (`notes` for `notes/MCP_TOOL_SPECIFICATION.md`): their code goes with
 * that other module's files, which surprises when the prefix is a slip. One info per
 * prefix module and file, at its first tool.
 */
export function reportModulePrefixes(
  file: string,
  folderModule: string,
  tools: readonly ToolContent[],
  diagnostics: DiagnosticBag,
): void {
  // A spec straight in `specs/` (or the like) has no folder of its own: the prefix is how it names modules.
  if (CONTAINERS.test(folderModule)) return;
  const byModule = new Map<string, ToolContent[]>();
  for (const t of tools) {
    if (t.module === folderModule) continue;
    const list = byModule.get(t.module);
    if (list) list.push(t);
    else byModule.set(t.module, [t]);
  }
  for (const [module, list] of byModule) {
    const first = list[0]!;
    const others =
      list.length > 1 ? ` (and ${list.length - 1} more tool${list.length > 2 ? "s" : ""} of this file)` : "";
    diagnostics.info(
      "SPEC_MODULE_PREFIX_FOLDER",
      first.locations.name ?? first.locations.tool,
      `tool "${first.name}"${others} is in module "${module}" by its prefix, while ${file} gives module "${folderModule}"; its code is generated with module "${module}"`,
      `if the prefix is a slip, write \`${folderModule}.${first.name.split(".").pop()}\` (or the bare name); otherwise nothing to do`,
    );
  }
}
