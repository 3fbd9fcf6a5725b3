import type { DiagnosticBag } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import { findIdentifierCollisions, toCamelCase, toolIdentifiers, toPascalCase } from "./identifiers.js";
import {
  ANTHROPIC_NAME_RULES,
  DEFAULT_VENDOR_NAME_MAX_LENGTH,
  GEMINI_NAME_RULES,
  mapVendorNames,
  OPENAI_NAME_RULES,
  type VendorNameRules,
} from "./vendor-names.js";

/** The vendors whose function names are decided per tool. */
export type VendorName = "openai" | "anthropic" | "gemini";

/** The vendors, in the order the manifest lists their names. */
export const VENDOR_NAMES: readonly VendorName[] = ["openai", "anthropic", "gemini"];

/** Each vendor's naming rules. */
export const VENDOR_NAME_RULES: Readonly<Record<VendorName, VendorNameRules>> = {
  openai: OPENAI_NAME_RULES,
  anthropic: ANTHROPIC_NAME_RULES,
  gemini: GEMINI_NAME_RULES,
};

/** A tool's function name for each vendor. */
export type VendorNames = Record<VendorName, string>;

/** The longest function name to generate for each vendor (the `nameMaxLength` of its generator). */
export type VendorNameLimits = Readonly<Record<VendorName, number>>;

/** How tool names become code identifiers. */
export type NamingMode = "tool" | "module-tool";

/** The names every generator uses for one tool, decided once per run. */
export interface ToolNames {
  /** PascalCase base for types: `GenerateCode` → `GenerateCodeArgs`, `GenerateCodeResult`. Unique within the tool's module. */
  pascal: string;
  /** camelCase for methods and values: `generateCode`. Unique within the tool's module. */
  camel: string;
  /**
   * The OpenAI function name (`^[a-zA-Z0-9_-]{1,64}$`), the same as `vendorNames.openai`;
   * kept for generators written before there were names per vendor.
   */
  vendor: string;
  /**
   * The tool's function name for each vendor under that vendor's rules and the configured
   * cap: unique across all tools, reversible via the manifest.
   */
  vendorNames: VendorNames;
  /** The tool's module as a camelCase identifier, the namespace of its generated API: `aiCodeEditing`. */
  module: string;
  /** The module as a PascalCase identifier, for per-module type names: `AiCodeEditing`. */
  modulePascal: string;
}

/**
 * The key of a tool in a {@link buildNameTable} result. Wire names are unique within a
 * module only: several servers' tool lists may each have a `read_file`.
 */
export function toolKey(tool: Pick<ToolSpec, "module" | "name">): string {
  return `${tool.module}\u0000${tool.name}`;
}

/** Wire names that tools of several modules share, with those tools. */
function sharedNames(tools: readonly ToolSpec[]): Array<[string, ToolSpec[]]> {
  const byName = new Map<string, ToolSpec[]>();
  for (const t of tools) {
    const list = byName.get(t.name);
    if (list) list.push(t);
    else byName.set(t.name, [t]);
  }
  return [...byName].filter(([, list]) => new Set(list.map((t) => t.module)).size > 1);
}

/**
 * The name a tool is known by across all modules: its wire name when no other module has a
 * tool of that name, else `<module>.<wire name>` (used for vendor function names, which a
 * model sees side by side).
 */
function qualifiedNames(tools: readonly ToolSpec[]): Map<string, string> {
  const shared = new Set(sharedNames(tools).map(([name]) => name));
  return new Map(tools.map((t) => [toolKey(t), shared.has(t.name) ? `${t.module}.${t.name}` : t.name]));
}

/**
 * Decides every tool's identifiers and vendor names in one pass. `vendorLimits` is each
 * vendor's longest name (a number: the same cap for every vendor). The generated API is
 * namespaced by module, so identifiers only need to be unique within a module; collisions
 * there, and modules whose namespace identifiers collide, are reported as errors (never
 * silently renamed), pointing at every tool involved.
 */
export function buildNameTable(
  tools: readonly ToolSpec[],
  mode: NamingMode,
  vendorLimits: VendorNameLimits | number,
  diagnostics: DiagnosticBag,
): Map<string, ToolNames> {
  const limits = limitsOf(vendorLimits);
  const qualified = qualifiedNames(tools);
  // Two tools can share a qualified name (`m1`'s `read` and `m3`'s `m1.read`): such tools are
  // mapped under a string no wire name can spell (`<module>\u0000<name>`), which has no direct
  // form and so gets a hashed one, unique per tool.
  const byQualified = new Map<string, number>();
  for (const q of qualified.values()) byQualified.set(q, (byQualified.get(q) ?? 0) + 1);
  const mappedName = new Map(
    tools.map((t) => {
      const q = qualified.get(toolKey(t))!;
      return [toolKey(t), byQualified.get(q)! > 1 ? `${t.module}\u0000${t.name}` : q];
    }),
  );
  const unique = tools.map((t) => mappedName.get(toolKey(t))!);
  const mappings = Object.fromEntries(
    VENDOR_NAMES.map((v) => [
      v,
      mapVendorNames(unique, {
        maxLength: limits[v] ?? DEFAULT_VENDOR_NAME_MAX_LENGTH,
        rules: VENDOR_NAME_RULES[v],
      }),
    ]),
  ) as Record<VendorName, Map<string, string>>;
  const table = new Map<string, ToolNames>();
  for (const t of tools) {
    const ids = toolIdentifiers(t.name, t.module, mode);
    const q = mappedName.get(toolKey(t))!;
    const vendorNames: VendorNames = {
      openai: mappings.openai.get(q)!,
      anthropic: mappings.anthropic.get(q)!,
      gemini: mappings.gemini.get(q)!,
    };
    table.set(toolKey(t), {
      pascal: ids.pascal,
      camel: ids.camel,
      vendor: vendorNames.openai,
      vendorNames,
      module: toCamelCase(t.module),
      modulePascal: toPascalCase(t.module),
    });
  }
  const modules = new Map<string, ToolSpec[]>();
  for (const t of tools) {
    const list = modules.get(t.module);
    if (list) list.push(t);
    else modules.set(t.module, [t]);
  }
  for (const moduleTools of modules.values()) {
    const items = moduleTools.map((t) => ({
      key: toolKey(t),
      name: t.name,
      identifier: table.get(toolKey(t))!.pascal,
      tool: t,
    }));
    for (const found of findIdentifierCollisions(items)) {
      // A tool defined twice is one SPEC_DUPLICATE_NAME (see validate/): only distinct names collide here.
      const group = found.filter((g, i) => found.findIndex((o) => o.name === g.name) === i);
      if (group.length < 2) continue;
      const names = group.map((g) => `"${g.name}"`).join(", ");
      // The other naming mode helps only when it tells these names apart.
      const otherMode =
        mode === "tool" &&
        new Set(group.map((g) => toolIdentifiers(g.name, g.tool.module, "module-tool").pascal)).size === group.length;
      for (const g of group) {
        diagnostics.error(
          "SPEC_IDENTIFIER_COLLISION",
          g.tool.locations.name ?? g.tool.locations.tool,
          `tools ${names} of module "${g.tool.module}" would all generate the identifier "${g.identifier}"`,
          otherMode
            ? 'rename one of them, or set `naming: "module-tool"` in the config to keep the dotted prefix in identifiers'
            : "rename one of the tools",
        );
      }
    }
  }
  for (const [name, owners] of sharedNames(tools)) {
    const first = owners[0]!;
    diagnostics.info(
      "SPEC_SHARED_WIRE_NAME",
      first.locations.name ?? first.locations.tool,
      `modules ${owners.map((t) => `"${t.module}"`).join(", ")} each have a tool named "${name}"; one server cannot list both, so server.ts serves each module on its own (createModuleRegistry) and vendor names carry the module`,
    );
  }
  const moduleItems = [...modules].map(([module, moduleTools]) => ({
    key: module,
    name: module,
    identifier: toCamelCase(module),
    tool: moduleTools[0]!,
  }));
  for (const group of findIdentifierCollisions(moduleItems)) {
    const names = group.map((g) => `"${g.name}"`).join(", ");
    for (const g of group) {
      diagnostics.error(
        "SPEC_IDENTIFIER_COLLISION",
        g.tool.locations.name ?? g.tool.locations.tool,
        `modules ${names} would all generate the namespace "${g.identifier}"`,
        "spell the module the same way in every spec, or rename one of them",
      );
    }
  }
  return table;
}

/**
 * What a name table is decided from, as text: the naming mode, the vendor limits and each
 * tool's module and wire name, in order. Equal texts give equal tables, which lets a build
 * session keep the last one (see `BuildSession.nameTable`).
 */
export function nameTableInput(
  tools: readonly ToolSpec[],
  mode: NamingMode,
  vendorLimits: VendorNameLimits | number,
): string {
  const limits = limitsOf(vendorLimits);
  return JSON.stringify([mode, limits.openai, limits.anthropic, limits.gemini, tools.map(toolKey)]);
}

function limitsOf(vendorLimits: VendorNameLimits | number): VendorNameLimits {
  return typeof vendorLimits === "number"
    ? { openai: vendorLimits, anthropic: vendorLimits, gemini: vendorLimits }
    : vendorLimits;
}
