import type { DiagnosticBag } from "../diagnostics/types.js";
import type { JsonSchema, ToolSpec } from "../ir/types.js";
import { resolveSchemaResources } from "../schema/resources.js";
import { schemaDialect } from "../schema/ajv.js";
import { carrySchemaLocator, locateInSchema } from "../parse/schema-source.js";
import { carrySchemaProvenance } from "../parse/markdown/provenance.js";
import { reportUnexpected } from "../diagnostics/unexpected.js";

/**
 * Brings every tool's schemas into the one shape later stages rely on: no identifier
 * below the root, every `$ref` a `#/…` pointer at a subschema of the same document (see
 * `resolveSchemaResources`). Problems are reported at the offending keyword; a tool whose
 * schemas need no rewriting is returned as the same object.
 */
export function resolveToolSchemas(tools: readonly ToolSpec[], diagnostics: DiagnosticBag): ToolSpec[] {
  return tools.map((tool) => {
    try {
      const inputSchema = resolveSide(tool, "inputSchema", diagnostics);
      const outputSchema = tool.outputSchema ? resolveSide(tool, "outputSchema", diagnostics) : undefined;
      if (inputSchema === tool.inputSchema && outputSchema === tool.outputSchema) return tool;
      return { ...tool, inputSchema, ...(outputSchema ? { outputSchema } : {}) };
    } catch (e) {
      reportUnexpected(diagnostics, tool.locations.tool, `resolving the schemas of "${tool.name}"`, e);
      return tool;
    }
  });
}

function resolveSide(tool: ToolSpec, side: "inputSchema" | "outputSchema", diagnostics: DiagnosticBag): JsonSchema {
  const schema = tool[side]!;
  const { schema: resolved, problems, changed } = resolveSchemaResources(schema, schemaDialect(schema).dialect);
  const fallback = tool.locations[side] ?? tool.locations.tool;
  const label = side === "inputSchema" ? "input schema" : "output schema";
  for (const p of problems)
    diagnostics.error(
      p.code,
      locateInSchema(schema, p.path, fallback),
      `${label} of "${tool.name}": ${p.message}`,
      p.help,
    );
  if (!changed) return schema;
  carrySchemaLocator(schema, resolved);
  carrySchemaProvenance(schema, resolved);
  return resolved;
}
