import type { JsonSchema, SourceLocation } from "../../ir/types.js";

/**
 * Where a Markdown tool's schema came from, for checks that depend on how much the
 * author actually said. Kept beside the IR (keyed by the schema object, like the schema
 * locators) so the IR stays plain data:
 *
 * - `explicit`: a JSON Schema the author wrote (a JSON/YAML block, one-line JSON, an MCP
 *   descriptor). Absent from the map means explicit, so JSON spec files count as explicit.
 * - `inferred`: built from prose (a table, bullets, Python signatures, a summary table).
 * - `undocumented`: the spec says nothing about the parameters; the schema accepts anything.
 */
export type SchemaProvenance = "explicit" | "inferred" | "undocumented";

interface Info {
  provenance: SchemaProvenance;
  /** Fields listed without any type, and where. */
  untyped: UntypedField[];
}

const infos = new WeakMap<object, Info>();

/** A parameter listed without a type. */
export interface UntypedField {
  name: string;
  loc: SourceLocation;
}

/** Records how a schema was obtained. */
export function markSchema(schema: JsonSchema, provenance: SchemaProvenance, untyped: UntypedField[] = []): void {
  infos.set(schema, { provenance, untyped });
}

/** How a schema was obtained (`explicit` when nothing was recorded). */
export function schemaProvenance(schema: JsonSchema | undefined): SchemaProvenance {
  return (schema && infos.get(schema)?.provenance) ?? "explicit";
}

/** Fields that were listed without a type. */
export function untypedFields(schema: JsonSchema | undefined): UntypedField[] {
  return (schema && infos.get(schema)?.untyped) ?? [];
}

const destructive = new WeakSet<object>();

/** Records that a spec states its tool is destructive (`**Destructive**: Yes`). */
export function markStatedDestructive(annotations: object): void {
  destructive.add(annotations);
}

/** True when the spec stated the tool is destructive (rather than taking the MCP default). */
export function statedDestructive(annotations: object): boolean {
  return destructive.has(annotations);
}

/** Gives a rewritten copy of a schema the provenance recorded for its original. */
export function carrySchemaProvenance(from: JsonSchema, to: JsonSchema): void {
  const info = infos.get(from);
  if (info) infos.set(to, info);
}
