import type { DiagnosticBag } from "../diagnostics/types.js";
import type { JsonSchema, ToolSpec } from "../ir/types.js";
import { resolveSchemaResources } from "../schema/resources.js";
import { schemaDialect } from "../schema/ajv.js";
import { locateInSchema, type SchemaSide } from "../ir/schema-source.js";
import { reportUnexpected } from "../diagnostics/unexpected.js";
import { withReplayedFindings, type ResultStore } from "../memo/replayed-findings.js";

/**
 * Brings every tool's schemas into the one shape later stages rely on: no identifier
 * below the root, every `$ref` a `#/…` pointer at a subschema of the same document (see
 * `resolveSchemaResources`). Problems are reported at the offending keyword; a tool whose
 * schemas need no rewriting is returned as the same object. A rewritten schema keeps its
 * key paths, so what the tool records about it (`schemaSources`) still applies.
 *
 * A resolved tool keeps the content hash of the tool it was resolved from: it is a pure
 * function of that tool, so the hash still names it exactly, and nothing is hashed again.
 *
 * @param results where each tool's result and findings are stored by its content hash (a build
 *   session's memory): an unchanged tool is not resolved again.
 */
export function resolveToolSchemas(
  tools: readonly ToolSpec[],
  diagnostics: DiagnosticBag,
  results?: ResultStore,
): ToolSpec[] {
  return tools.map((tool) =>
    withReplayedFindings(results, `resolve\0${tool.contentHash}`, diagnostics, (bag) => resolveTool(tool, bag)),
  );
}

function resolveTool(tool: ToolSpec, diagnostics: DiagnosticBag): ToolSpec {
  try {
    const inputSchema = resolveSide(tool, "inputSchema", diagnostics);
    const outputSchema = tool.outputSchema ? resolveSide(tool, "outputSchema", diagnostics) : undefined;
    if (inputSchema === tool.inputSchema && outputSchema === tool.outputSchema) return tool;
    return { ...tool, inputSchema, ...(outputSchema ? { outputSchema } : {}) };
  } catch (e) {
    reportUnexpected(diagnostics, tool.locations.tool, `resolving the schemas of "${tool.name}"`, e);
    return tool;
  }
}

function resolveSide(tool: ToolSpec, side: SchemaSide, diagnostics: DiagnosticBag): JsonSchema {
  const schema = tool[side]!;
  const { schema: resolved, problems, changed } = resolveSchemaResources(schema, schemaDialect(schema).dialect);
  const label = side === "inputSchema" ? "input schema" : "output schema";
  for (const p of problems)
    diagnostics.error(p.code, locateInSchema(tool, side, p.path), `${label} of "${tool.name}": ${p.message}`, p.help);
  return changed ? resolved : schema;
}
