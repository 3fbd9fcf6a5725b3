import type { JsonSchema, JsonValue, SourceLocation } from "../../ir/types.js";
import { withNull } from "../primitives/defaults.js";

/**
 * One parameter or result field as a person described it (a table row, a bullet…),
 * already mapped to JSON Schema. Every prose format is reduced to a list of these.
 */
export interface FieldSpec {
  /** The name as written; `a.b` and `a[].b` name fields of an object / of array items. */
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** False when the source did not say (e.g. a table without a Required column). */
  requiredStated: boolean;
  /** False when the source gave no type at all (a bare name in a list). */
  typed?: boolean;
  description?: string;
  default?: JsonValue;
  /** Default stated as text that could not be read as a value of the field's type. */
  defaultText?: string;
  example?: JsonValue;
  loc: SourceLocation;
}

/** Splits `messages[].role` into `["messages", "[]", "role"]`; a plain name is one step. */
export function fieldPath(name: string): string[] {
  if (!/[.[]/.test(name) || !/^[A-Za-z_$][\w$-]*(\[\])*(\.[A-Za-z_$][\w$-]*(\[\])*)*$/.test(name)) return [name];
  const out: string[] = [];
  for (const part of name.split(".")) {
    const m = /^([^[]+)((?:\[\])*)$/.exec(part)!;
    out.push(m[1]!);
    for (let i = 0; i < m[2]!.length / 2; i++) out.push("[]");
  }
  return out;
}

/**
 * Builds the object schema described by a list of fields, keeping their order. Fields
 * named `parent.child` or `parent[].child` become properties of `parent` (of its items
 * for `[]`) when `parent` is itself a field or the name uses `[]`; a dotted name with
 * no such parent stays a plain property name.
 */
export function fieldsToSchema(fields: readonly FieldSpec[]): JsonSchema {
  const root: JsonSchema = { type: "object", properties: {} };
  const topNames = new Set(fields.map((f) => f.name));
  for (const f of fields) {
    const path = fieldPath(f.name);
    const nested = path.length > 1 && (topNames.has(path[0]!) || path.includes("[]"));
    const steps = nested ? path : [f.name];
    let parent = root;
    for (let i = 0; i < steps.length - 1; i++) {
      const step = steps[i]!;
      if (step === "[]") {
        parent = itemsOf(parent);
        continue;
      }
      const props = propertiesOf(parent);
      let child = ownMember(props, step) as JsonSchema | undefined;
      if (!child || typeof child !== "object" || Array.isArray(child)) {
        child = steps[i + 1] === "[]" ? { type: "array", items: { type: "object" } } : { type: "object" };
        defineProp(props, step, child);
      }
      parent = steps[i + 1] === "[]" ? child : objectOf(child);
    }
    // A `null` default ("default None", `= None`, a Default cell `null`) makes the type nullable.
    const prop: JsonSchema = { ...(f.default === null ? withNull(f.schema) : f.schema) };
    // A default that is not a value ("all", "<module>/app") stays readable in the description.
    const description =
      f.defaultText && !(f.description ?? "").includes(f.defaultText.replace(/^`+|`+$/g, ""))
        ? `${f.description ? `${f.description.replace(/\.?\s*$/, ".")} ` : ""}Default: ${f.defaultText}`
        : f.description;
    if (description) prop.description = description;
    if (f.default !== undefined) prop.default = f.default;
    if (f.example !== undefined) prop.examples = [f.example];
    const leaf = steps[steps.length - 1]!;
    const props = propertiesOf(parent);
    const existing = ownMember(props, leaf) as JsonSchema | undefined;
    // A parent created for `a.b` before `a` itself was listed keeps its children.
    if (existing && typeof existing === "object" && !Array.isArray(existing)) {
      if (existing.properties && !prop.properties && isObjectish(prop)) prop.properties = existing.properties;
      if (existing.items && !prop.items && prop.type === "array") prop.items = existing.items;
      if (existing.required && !prop.required) prop.required = existing.required;
    }
    defineProp(props, leaf, prop);
    if (f.required) {
      const req = Array.isArray(parent.required) ? (parent.required as string[]) : [];
      if (!req.includes(leaf)) parent.required = [...req, leaf];
    }
  }
  return root;
}

function isObjectish(s: JsonSchema): boolean {
  return s.type === "object" || (Array.isArray(s.type) && s.type.includes("object")) || s.type === undefined;
}

function propertiesOf(s: JsonSchema): { [k: string]: JsonValue } {
  if (!s.properties || typeof s.properties !== "object" || Array.isArray(s.properties)) s.properties = {};
  return s.properties as { [k: string]: JsonValue };
}

/** The object schema to put children in: the schema itself, or its object branch. */
function objectOf(s: JsonSchema): JsonSchema {
  if (s.type === undefined) s.type = "object";
  return s;
}

function itemsOf(s: JsonSchema): JsonSchema {
  if (s.type === undefined) s.type = "array";
  let items = s.items as JsonSchema | undefined;
  if (!items || typeof items !== "object" || Array.isArray(items)) s.items = items = { type: "object" };
  if (items.type === undefined) items.type = "object";
  return items;
}

/**
 * A member the object itself has. Plain indexing would find `Object.prototype` for a field
 * named `__proto__` (and then write into it: `a.b` under `__proto__` would give every object
 * in the process a `type`), or a function for `constructor` and `toString`.
 */
function ownMember(o: { [k: string]: JsonValue }, key: string): JsonValue | undefined {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

function defineProp(props: { [k: string]: JsonValue }, name: string, value: JsonValue): void {
  // defineProperty, not assignment: a field called "__proto__" must stay a field.
  Object.defineProperty(props, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The fields that are not nested below another listed field. */
export function topLevelFields(fields: readonly FieldSpec[]): FieldSpec[] {
  const names = new Set(fields.map((f) => f.name));
  return fields.filter((f) => {
    const p = fieldPath(f.name);
    return p.length === 1 || !(names.has(p[0]!) || p.includes("[]"));
  });
}
