import type { Direction } from "../contract-rules/impact.js";
import type { RuleCode } from "../contract-rules/rules.js";

/**
 * What the schema comparison finds, before a direction turns it into a rule: `narrowed`
 * kinds accept fewer values, `widened` ones more.
 */
export type SchemaChangeKind =
  | "required-added"
  | "optional-added"
  | "property-removed"
  | "made-required"
  | "made-optional"
  | "type-changed"
  | "type-narrowed"
  | "type-widened"
  | "enum-added"
  | "enum-removed"
  | "enum-value-removed"
  | "enum-value-added"
  | "constraint-tightened"
  | "constraint-loosened"
  | "constraint-changed"
  | "additional-forbidden"
  | "additional-allowed"
  | "default-changed"
  | "doc-changed"
  | "values-narrowed"
  | "values-widened"
  | "keyword-added"
  | "unclassified";

/** The rule each kind of schema change is, read as an input and as an output. */
export const SCHEMA_RULES: Readonly<Record<SchemaChangeKind, Readonly<Record<Direction, RuleCode>>>> = {
  "required-added": { input: "INPUT_REQUIRED_ADDED", output: "OUTPUT_FIELD_ADDED" },
  "optional-added": { input: "INPUT_OPTIONAL_ADDED", output: "OUTPUT_FIELD_ADDED" },
  "property-removed": { input: "INPUT_REMOVED", output: "OUTPUT_FIELD_REMOVED" },
  "made-required": { input: "INPUT_MADE_REQUIRED", output: "OUTPUT_MADE_REQUIRED" },
  "made-optional": { input: "INPUT_MADE_OPTIONAL", output: "OUTPUT_MADE_OPTIONAL" },
  "type-changed": { input: "INPUT_TYPE_CHANGED", output: "OUTPUT_TYPE_CHANGED" },
  "type-narrowed": { input: "INPUT_TYPE_NARROWED", output: "OUTPUT_TYPE_NARROWED" },
  "type-widened": { input: "INPUT_TYPE_WIDENED", output: "OUTPUT_TYPE_WIDENED" },
  "enum-added": { input: "INPUT_ENUM_ADDED", output: "OUTPUT_ENUM_ADDED" },
  "enum-removed": { input: "INPUT_ENUM_REMOVED", output: "OUTPUT_ENUM_REMOVED" },
  "enum-value-removed": { input: "INPUT_ENUM_VALUE_REMOVED", output: "OUTPUT_ENUM_VALUE_REMOVED" },
  "enum-value-added": { input: "INPUT_ENUM_VALUE_ADDED", output: "OUTPUT_ENUM_VALUE_ADDED" },
  "constraint-tightened": { input: "INPUT_CONSTRAINT_TIGHTENED", output: "OUTPUT_CONSTRAINT_TIGHTENED" },
  "constraint-loosened": { input: "INPUT_CONSTRAINT_LOOSENED", output: "OUTPUT_CONSTRAINT_LOOSENED" },
  "constraint-changed": { input: "INPUT_CONSTRAINT_CHANGED", output: "OUTPUT_CONSTRAINT_CHANGED" },
  "additional-forbidden": {
    input: "INPUT_ADDITIONAL_PROPERTIES_FORBIDDEN",
    output: "OUTPUT_ADDITIONAL_PROPERTIES_FORBIDDEN",
  },
  "additional-allowed": {
    input: "INPUT_ADDITIONAL_PROPERTIES_ALLOWED",
    output: "OUTPUT_ADDITIONAL_PROPERTIES_ALLOWED",
  },
  "default-changed": { input: "INPUT_DEFAULT_CHANGED", output: "OUTPUT_DEFAULT_CHANGED" },
  "doc-changed": { input: "SCHEMA_DOC_CHANGED", output: "SCHEMA_DOC_CHANGED" },
  "values-narrowed": { input: "INPUT_VALUES_REJECTED", output: "OUTPUT_SCHEMA_CHANGED" },
  "values-widened": { input: "INPUT_SCHEMA_CHANGED", output: "OUTPUT_VALUES_ADDED" },
  // Unsure whether a new keyword rejects calls: an input takes it as breaking.
  "keyword-added": { input: "INPUT_KEYWORD_ADDED", output: "OUTPUT_SCHEMA_CHANGED" },
  unclassified: { input: "INPUT_SCHEMA_CHANGED", output: "OUTPUT_SCHEMA_CHANGED" },
};
