// `codemode/api.d.ts`: the whole surface in as few tokens as a model's prompt allows, with
// nothing checkable lost — a namespace per module, a function per tool, every parameter on
// one line with its name, `?` when optional, its type (enums as unions of literals) and a
// one-line JSDoc of its description and constraints.
import type { GeneratorContext } from "../../src/generator-kit/contract.js";
import type { ModuleNamespace } from "../../src/generator-kit/modules.js";
import { docText } from "../../src/generator-kit/ts.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { localDef, moduleDefAliases, reachedDefs, type SchemaSide } from "./defs.js";
import { compactType, INT_TYPE, schemaDoc, type TypeScope } from "./schema-type.js";

/**
 * What the declarations say before the modules: the class every failed call throws (the
 * runtime's `ToolError`), and what a tool without hints may do (MCP's defaults).
 */
export const DECLARATIONS_HEADER = [
  "/** A failed call throws ToolError, code being the MCP error_type. A tool not marked read-only or non-destructive may change or delete data. */",
  "declare class ToolError extends Error { code: string; tool: string; details?: unknown }",
].join("\n");

/** A tool's part of api.d.ts, and whether it used `int`. */
interface ToolDeclaration {
  text: string;
  usedInt: boolean;
}

/**
 * The lines of `api.d.ts` after the banner (see `lines`): the ToolError class, then a
 * namespace per module, each tool's declaration made once per tool with `ctx.perTool`.
 */
export function declarationsText(
  ctx: GeneratorContext,
  namespaces: readonly ModuleNamespace[],
): Array<string | string[]> {
  const out: Array<string | string[]> = [DECLARATIONS_HEADER];
  for (const m of namespaces) {
    const withDefs = m.tools.map(({ tool, names }) => ({
      pascal: names.pascal,
      defs: ctx.perTool(tool, "codemode reached defs", () => reachedDefs(tool)),
    }));
    const { aliases, declared } = moduleDefAliases(withDefs);
    let usedInt = false;
    const body: Array<string | string[]> = [];
    for (const { alias, toolIndex, def } of declared) {
      const tool = m.tools[toolIndex]!.tool;
      const scope = scopeFor(tool, def.side, aliases[toolIndex]!);
      const doc =
        typeof def.schema === "object" && def.schema !== null && !Array.isArray(def.schema)
          ? schemaDoc(def.schema)
          : "";
      body.push(`  ${doc ? `/** ${doc} */ ` : ""}type ${alias} = ${compactType(def.schema, scope, "  ")};`);
      usedInt ||= scope.usedInt;
    }
    for (const [i, { tool, names }] of m.tools.entries()) {
      const mine = aliases[i]!;
      const part = ctx.perTool(tool, `codemode declaration ${JSON.stringify([...mine])}`, () =>
        toolDeclaration(tool, names.camel, mine),
      );
      usedInt ||= part.usedInt;
      body.push([part.text]);
    }
    if (usedInt) body.unshift(`  type ${INT_TYPE} = number;`);
    out.push(`declare namespace ${m.id} {`, ...body, "}");
  }
  return out;
}

/** The scope of a type in one of a tool's schemas: its `$ref`s name the module's aliases of its definitions. */
function scopeFor(tool: ToolSpec, side: SchemaSide, aliases: ReadonlyMap<string, string>): TypeScope {
  const root = tool[side] as JsonSchema;
  return {
    usedInt: false,
    refName(ref) {
      const def = localDef(root, ref);
      return def ? aliases.get(`${side}\u0000#/${def.container}/${def.name}`) : undefined;
    },
  };
}

/** What the declarations say of a tool beyond its parameters: version, hints other than MCP's defaults, errors, deprecation. */
export function toolNotes(tool: ToolSpec): string[] {
  const notes: string[] = [];
  if (tool.version) notes.push(`v${tool.version}`);
  // MCP's defaults (may change data, destructively, open world) go without saying: the header says so.
  if (tool.annotations.readOnlyHint) notes.push("read-only");
  else if (!tool.annotations.destructiveHint) notes.push("non-destructive");
  if (tool.annotations.idempotentHint) notes.push("idempotent");
  if (!tool.annotations.openWorldHint) notes.push("closed-world");
  if (tool.errors.length) notes.push(`errors: ${tool.errors.map((e) => e.type).join(", ")}`);
  if (tool.deprecation)
    notes.push(
      `deprecated${tool.deprecation.since ? ` since ${tool.deprecation.since}` : ""}${tool.deprecation.message ? `: ${tool.deprecation.message}` : ""}`,
    );
  return notes;
}

function toolDeclaration(tool: ToolSpec, camel: string, aliases: ReadonlyMap<string, string>): ToolDeclaration {
  const input = scopeFor(tool, "inputSchema", aliases);
  const output = scopeFor(tool, "outputSchema", aliases);
  const notes = toolNotes(tool);
  const summary = [
    tool.title ? `${tool.title.trim()}:` : "",
    tool.description.trim(),
    notes.length ? `(${notes.join("; ")})` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const argsType = compactType(tool.inputSchema, input, "  ");
  const required = Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0;
  const params = argsType === "Record<string, never>" ? "" : `args${required ? "" : "?"}: ${argsType}`;
  const result = tool.outputSchema ? compactType(tool.outputSchema, output, "  ") : "unknown";
  const text = `${summary ? `  /** ${docText(summary)} */\n` : ""}  function ${camel}(${params}): Promise<${result}>;`;
  return { text, usedInt: input.usedInt || output.usedInt };
}
