import type { PhrasingContent } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation } from "../../ir/types.js";
import { exampleTypeConflicts, reportExampleTypes } from "./output-example-types.js";
import { mergeExampleSchemas, misspelledPlaceholders, schemaFromExample } from "./output-examples.js";
import { keysFromDictProse, keysFromReturnsList, markedText, objectOfKeys, type ProseKey } from "./output-prose.js";
import type { InferredOutput, SchemaParts, ToolReader } from "./tool-reader.js";

// Output schemas a spec implies without stating one: keys listed in prose, a list after a
// Returns label, and example results. They are used only when the tool has no output
// table, field list or JSON Schema, and each is reported as an info the author can review.

/** An example result (a JSON object in an output section or after a Returns label). */
export function addOutputExample(r: ToolReader, value: JsonValue, loc: SourceLocation): void {
  // An MCP result is an object; an array or a scalar example says nothing a schema can hold.
  if (!value || typeof value !== "object" || Array.isArray(value)) return;
  add(r, { schema: schemaFromExample(value), loc, form: "example" });
  for (const typo of misspelledPlaceholders(value))
    r.ctx.diagnostics.warning(
      "SPEC_UNKNOWN_TYPE",
      loc,
      `"<${typo.word}>" in this example result is no type, so it is read as a string; did you mean \`<${typo.near}>\`?`,
      `write the placeholder as \`<${typo.near}>\` (or another type)`,
    );
}

/** "**Returns:** `status`, `content`, optional `message`": true when keys were read. */
export function addReturnsList(r: ToolReader, nodes: readonly PhrasingContent[], loc: SourceLocation): boolean {
  const keys = keysFromReturnsList(markedText(nodes));
  if (keys) add(r, { schema: objectOfKeys(keys), loc, form: "returns-list" });
  if (keys) reportTypos(r, keys, loc);
  return !!keys;
}

/**
 * "Dictionary with `a`, `b` (int) and `c`" in a result's text, or with `inDescription` a
 * description's "Returns a dictionary with …": true when keys were read.
 */
export function addDictProse(
  r: ToolReader,
  nodes: readonly PhrasingContent[],
  loc: SourceLocation,
  inDescription = false,
): boolean {
  const keys = keysFromDictProse(markedText(nodes), inDescription);
  if (keys) add(r, { schema: objectOfKeys(keys), loc, form: "prose" });
  if (keys) reportTypos(r, keys, loc);
  return !!keys;
}

/** A key's remark that looks like a misspelled type ("`probs` (lst)"): the key is read without a type. */
function reportTypos(r: ToolReader, keys: readonly ProseKey[], loc: SourceLocation): void {
  for (const k of keys) {
    if (!k.typo) continue;
    r.ctx.diagnostics.warning(
      "SPEC_UNKNOWN_TYPE",
      loc,
      `"${k.typo.word}" after the result key "${k.name}" is no type, so the key is read without one (any value); did you mean \`${k.typo.near}\`?`,
      `write the type as \`${k.typo.near}\` (or another JSON Schema type), or drop the parentheses if it is a note`,
    );
  }
}

function add(r: ToolReader, inferred: InferredOutput): void {
  const side = r.parts.output;
  side.inferred ??= [];
  side.inferred.push(inferred);
}

const FORM_TEXT: Record<InferredOutput["form"], string> = {
  example: "an example result",
  "returns-list": "a Returns list",
  prose: "keys named in prose",
};

/**
 * The output schema implied by what was inferred, or undefined when a stated type other
 * than an object (`**Returns**: \`str\``) says more. Example keys come first and keep their
 * types; keys only in prose are added after them. Reports an info at the first source.
 */
export function resolveInferredOutput(
  side: SchemaParts,
  diagnostics: DiagnosticBag,
): { value: JsonSchema; loc: SourceLocation } | undefined {
  const inferred = side.inferred;
  if (!inferred?.length) return undefined;
  const stated = side.typeOnly?.value;
  if (stated && stated.type !== "object") return undefined;
  const order = (i: InferredOutput) => (i.form === "example" ? 0 : 1);
  const sorted = [...inferred].sort((a, b) => order(a) - order(b));
  const examples = sorted.filter((i) => i.form === "example").map((i) => i.schema);
  const fromExamples = examples.reduce<JsonSchema | undefined>(
    (acc, s) => (acc ? mergeExampleSchemas(acc, s) : s),
    undefined,
  );
  const properties: Record<string, JsonSchema> = {
    ...((fromExamples?.properties ?? {}) as Record<string, JsonSchema>),
  };
  const exampleLoc = sorted.find((i) => i.form === "example")?.loc;
  for (const i of sorted)
    if (i.form !== "example") {
      const stated = (i.schema.properties ?? {}) as Record<string, JsonSchema>;
      // A type stated in prose ("`returncode` (int)") wins over an example's value ("0").
      const conflicts = exampleLoc ? exampleTypeConflicts(properties, stated) : [];
      if (exampleLoc) reportExampleTypes(conflicts, exampleLoc, i.loc, diagnostics);
      for (const c of conflicts) properties[c.name] = stated[c.name]!;
      for (const [k, v] of Object.entries(stated))
        if (!Object.hasOwn(properties, k))
          Object.defineProperty(properties, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
  const value: JsonSchema = {
    type: "object",
    ...(stated?.description ? { description: stated.description } : {}),
    ...(Object.keys(properties).length ? { properties } : {}),
  };
  const first = inferred[0]!;
  const forms = [...new Set(sorted.map((i) => FORM_TEXT[i.form]))].join(" and ");
  const lines = [...new Set(inferred.map((i) => i.loc.line))];
  const names = Object.keys(properties);
  diagnostics.info(
    "SPEC_OUTPUT_INFERRED",
    first.loc,
    `the output schema is inferred from ${forms} (line${lines.length > 1 ? "s" : ""} ${lines.join(", ")}): ${
      names.length
        ? names.map((n) => `"${n}" (${typeText(properties[n])})`).join(", ")
        : "an object without named fields"
    }, every field optional and other fields allowed`,
    "check the fields and types; to state them exactly (and which are required), write an output table or a JSON Schema",
  );
  return { value, loc: first.loc };
}

/** A field's type as the info lists it for review: `integer`, `string or null`, `any`. */
function typeText(schema: JsonSchema | undefined): string {
  const t = schema?.type;
  if (typeof t === "string")
    return t === "array" && schema?.items && typeof (schema.items as JsonSchema).type === "string"
      ? `array of ${(schema.items as JsonSchema).type}`
      : t;
  if (Array.isArray(t)) return t.join(" or ");
  return "any";
}
