import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, SourceLocation } from "../../ir/types.js";

/** The JSON Schema types a schema names, or undefined when it names none. */
function typesOf(schema: JsonSchema | undefined): string[] | undefined {
  const t = schema?.type;
  if (typeof t === "string") return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : undefined;
}

/** True when a value of the example's type can be of the stated type (an integer is a number). */
function fits(example: string, stated: readonly string[]): boolean {
  if (example === "null" || stated.includes(example)) return true;
  if (example === "integer" && stated.includes("number")) return true;
  // An example number may be written without a fraction: its type is read as number.
  return example === "number" && stated.includes("integer");
}

/** A field whose example value's type disagrees with the type stated for it. */
export interface ExampleTypeConflict {
  name: string;
  example: string;
  stated: string[];
}

/** The fields of an example result whose types disagree with the types stated for them. */
export function exampleTypeConflicts(
  example: Record<string, JsonSchema>,
  stated: Record<string, JsonSchema>,
): ExampleTypeConflict[] {
  const out: ExampleTypeConflict[] = [];
  for (const [name, schema] of Object.entries(example)) {
    if (!Object.hasOwn(stated, name)) continue;
    const want = typesOf(stated[name]);
    const got = typesOf(schema);
    if (!want?.length || got?.length !== 1 || fits(got[0]!, want)) continue;
    out.push({ name, example: got[0]!, stated: want });
  }
  return out;
}

/**
 * Reports an example result whose field has another type than the one stated for it (a table,
 * or a remark in prose such as "`returncode` (int)"): `"returncode": "0"` beside an integer.
 * The stated type is used, so the output schema does not reject the results the text
 * describes; the warning says which the example contradicts. `statedAt` is where the type is.
 */
export function reportExampleTypes(
  conflicts: readonly ExampleTypeConflict[],
  exampleLoc: SourceLocation,
  statedAt: SourceLocation,
  diagnostics: DiagnosticBag,
): void {
  for (const c of conflicts)
    diagnostics.warning(
      "SPEC_EXAMPLE_MISMATCH",
      exampleLoc,
      `this example result gives "${c.name}" a value of type ${c.example}, but line ${statedAt.line} states ${c.stated.join(" or ")}; the output schema uses the stated type`,
      `correct the example's value (or the stated type, if the example is right)`,
    );
}
