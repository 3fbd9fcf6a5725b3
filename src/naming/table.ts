import type { DiagnosticBag } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import { findIdentifierCollisions, toolIdentifiers } from "./identifiers.js";
import { mapVendorNames } from "./vendor-names.js";

/** How tool names become code identifiers. */
export type NamingMode = "tool" | "module-tool";

/** The names every generator uses for one tool, decided once per run. */
export interface ToolNames {
  /** PascalCase base for types: `GenerateCode` → `GenerateCodeArgs`, `GenerateCodeResult`. */
  pascal: string;
  /** camelCase for methods and values: `generateCode`. */
  camel: string;
  /** Name for vendor function-calling APIs (`^[a-zA-Z0-9_-]{1,64}$`), reversible via the manifest. */
  vendor: string;
}

/**
 * Decides every tool's identifiers and vendor name in one pass. Identifier collisions are
 * reported as errors (never silently renamed), pointing at every tool involved.
 */
export function buildNameTable(tools: readonly ToolSpec[], mode: NamingMode, vendorMaxLength: number, diagnostics: DiagnosticBag): Map<string, ToolNames> {
  const vendor = mapVendorNames(tools.map((t) => t.name), { maxLength: vendorMaxLength });
  const table = new Map<string, ToolNames>();
  const items = tools.map((t) => {
    const ids = toolIdentifiers(t.name, t.module, mode);
    table.set(t.name, { pascal: ids.pascal, camel: ids.camel, vendor: vendor.get(t.name)! });
    return { key: t.name, name: t.name, identifier: ids.pascal };
  });
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const group of findIdentifierCollisions(items)) {
    const names = group.map((g) => `"${g.name}"`).join(", ");
    for (const g of group) {
      const t = byName.get(g.name)!;
      diagnostics.error(
        "SPEC_IDENTIFIER_COLLISION",
        t.locations.name ?? t.locations.tool,
        `tools ${names} would all generate the identifier "${g.identifier}"`,
        mode === "tool" ? 'rename one of them, or set `naming: "module-tool"` in the config to prefix identifiers with the module' : "rename one of the tools",
      );
    }
  }
  return table;
}
