import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue, SchemaSource, SourceLocation } from "../../ir/types.js";
import { checkDefaults } from "../default-check.js";
import { locateIn, type SourceNode } from "../schema-positions.js";
import { fieldsToSchema, topLevelFields, type FieldSpec } from "./fields.js";
import { withProseEnums } from "./prose-enum.js";
import { resolveInferredOutput } from "./output-inferred.js";
import { exampleTypeConflicts, reportExampleTypes } from "./output-example-types.js";
import type { SchemaParts } from "./tool-reader.js";

/** The schema chosen for one side: where it is, how it came about, and its written form when it has one. */
export interface ResolvedSide {
  value: JsonSchema;
  loc: SourceLocation;
  source: SchemaSource;
  written?: SourceNode;
}

/**
 * Picks the schema of one side. A JSON Schema the author wrote wins over a table; when
 * both are given they are compared and any disagreement is a warning at the table.
 */
export function resolveSide(
  side: SchemaParts,
  which: "input" | "output",
  diagnostics: DiagnosticBag,
  /** The spec's lines, where the fields' cells are read as written (with their code spans). */
  lines?: readonly string[],
): ResolvedSide | undefined {
  if (side.schema && side.fields)
    compareTableWithSchema(side.fields.value, side.schema.value, side.fields.loc, diagnostics);
  if (side.schema) {
    const { value, loc, source } = side.schema;
    checkDefaults(value, true, (path) => (source ? locateIn(source, path) : loc), diagnostics);
    return { value, loc, written: source, source: { provenance: "explicit" } };
  }
  if (side.fields) {
    const schema = fieldsToSchema(withProseEnums(side.fields.value, diagnostics, lines));
    const value = which === "input" ? { ...schema, additionalProperties: false } : schema;
    const byName = new Map(side.fields.value.map((f) => [f.name, f.loc]));
    checkDefaults(
      value,
      false,
      (path) => byName.get(path.filter((_p, i) => i % 2 === 1).join(".")) ?? side.fields!.loc,
      diagnostics,
    );
    // An example result beside the table: the table's types are used; say where the example disagrees.
    // (`{status, running: bool}` is read both as fields and leniently as a value: one source, not two.)
    for (const ex of side.inferred ?? [])
      if (ex.form === "example" && ex.loc.line !== side.fields.loc.line)
        reportExampleTypes(
          exampleTypeConflicts(
            (ex.schema.properties ?? {}) as Record<string, JsonSchema>,
            (value.properties ?? {}) as Record<string, JsonSchema>,
          ),
          ex.loc,
          side.fields.loc,
          diagnostics,
        );
    const untyped = side.fields.value.filter((f) => f.typed === false).map((f) => ({ name: f.name, loc: f.loc }));
    return {
      value,
      loc: side.fields.loc,
      source: { provenance: "inferred", ...(untyped.length ? { untyped } : {}) },
    };
  }
  if (side.none && which === "input") {
    const value: JsonSchema = { type: "object", properties: {}, additionalProperties: false };
    return { value, loc: side.none, source: { provenance: "inferred" } };
  }
  // Keys in prose and example results, when nothing above states the result's fields.
  const inferred = which === "output" ? resolveInferredOutput(side, diagnostics) : undefined;
  if (inferred) return { ...inferred, source: { provenance: "inferred" } };
  if (side.typeOnly) return { ...side.typeOnly, source: { provenance: "inferred" } };
  return undefined;
}

function compareTableWithSchema(
  fields: FieldSpec[],
  schema: JsonSchema,
  loc: SourceLocation,
  diagnostics: DiagnosticBag,
): void {
  const props = (schema.properties ?? {}) as { [k: string]: JsonValue };
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const problems: string[] = [];
  const top = topLevelFields(fields);
  const tableNames = new Set(top.map((f) => f.name));
  for (const f of top) {
    // Own members only: a field named `constructor` is not in a schema because objects have one.
    const p = (Object.hasOwn(props, f.name) ? props[f.name] : undefined) as JsonSchema | undefined;
    if (!p) {
      problems.push(`"${f.name}" is in the table but not in the schema`);
      continue;
    }
    const tt = typeKey(f.schema);
    const st = typeKey(p);
    if (tt && st && tt !== st)
      problems.push(`"${f.name}" is ${typeText(f.schema)} in the table but ${typeText(p)} in the schema`);
    if (f.requiredStated && f.required !== required.has(f.name))
      problems.push(
        `"${f.name}" is ${f.required ? "required" : "optional"} in the table but ${required.has(f.name) ? "required" : "optional"} in the schema`,
      );
  }
  for (const k of Object.keys(props))
    if (!tableNames.has(k)) problems.push(`"${k}" is in the schema but not in the table`);
  if (problems.length) {
    diagnostics.warning(
      "SPEC_TABLE_SCHEMA_MISMATCH",
      loc,
      `the table disagrees with the JSON Schema: ${problems.join("; ")}`,
      "the JSON Schema is used; update the table (or the schema) so they agree",
    );
  }
}

function typeText(s: JsonSchema): string {
  return Array.isArray(s.type) ? s.type.join(" | ") : String(s.type);
}

/** A type for comparison: integer counts as number, null is ignored. */
function typeKey(s: JsonSchema): string | undefined {
  const t = s.type;
  if (typeof t === "string") return t === "integer" ? "number" : t;
  if (Array.isArray(t))
    return (
      [...new Set(t.filter((x) => x !== "null").map((x) => (x === "integer" ? "number" : String(x))))]
        .sort()
        .join("|") || undefined
    );
  return undefined;
}
