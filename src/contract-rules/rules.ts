import type { JsonValue } from "../ir/types.js";
import type { Impact } from "./impact.js";

/**
 * A tool as a rule's example shows it: the parts of an MCP tool definition that matter to
 * the rule (`inputSchema`, `outputSchema`, `annotations`, `description`, …), or `null` for
 * no tool at all. The docs show the examples, and a test diffs each one and expects its rule.
 */
export type RuleExampleTool = { [key: string]: JsonValue } | null;

/** What the catalogue records about one diff rule. */
export interface DiffRule {
  /** The impact the rule has unless the config's `diff.rules` says otherwise. */
  readonly impact: Impact;
  /** What the change is. */
  readonly summary: string;
  /** Why it has this impact on a caller. */
  readonly cause: string;
  /** What the tool's author (or a caller) can do. */
  readonly fix: string;
  /** A before and after that the rule classifies. */
  readonly example: { readonly before: RuleExampleTool; readonly after: RuleExampleTool };
}

const obj = (
  properties: { [k: string]: JsonValue },
  required: string[] = [],
  extra: { [k: string]: JsonValue } = {},
) => ({
  type: "object",
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
const input = (schema: JsonValue): { [key: string]: JsonValue } => ({ inputSchema: schema });
const output = (schema: JsonValue): { [key: string]: JsonValue } => ({ inputSchema: obj({}), outputSchema: schema });
const str = { type: "string" };

/**
 * Every rule `diff` classifies changes by, in the style of the diagnostics catalogue. Rules
 * named `INPUT_…` judge what a caller sends (narrowing it breaks callers), `OUTPUT_…` what a
 * caller reads (widening it breaks callers).
 */
const RULES_TABLE = {
  TOOL_REMOVED: {
    impact: "major",
    summary: "A tool was removed.",
    cause: "Callers that call it get an unknown-tool error.",
    fix: "deprecate the tool first and remove it in a major version; a rename is a removal plus an addition",
    example: { before: input(obj({})), after: null },
  },
  TOOL_ADDED: {
    impact: "minor",
    summary: "A tool was added.",
    cause: "Nothing a caller does today changes; a new capability is there to use.",
    fix: "nothing to do; bump the minor version of the tool set",
    example: { before: null, after: input(obj({})) },
  },
  TOOL_DEPRECATED: {
    impact: "minor",
    summary: "A tool was marked deprecated.",
    cause: "It still works, but callers should plan to move away from it.",
    fix: "say in the deprecation message what to use instead",
    example: { before: input(obj({})), after: { ...input(obj({})), deprecated: true } },
  },
  OUTPUT_SCHEMA_REMOVED: {
    impact: "major",
    summary: "A tool no longer declares an output schema.",
    cause: "Callers that read structured results lose the shape they were promised.",
    fix: "keep the output schema; if the result really has no fixed shape any more, bump the major version",
    example: { before: output(obj({ id: str })), after: input(obj({})) },
  },
  OUTPUT_SCHEMA_ADDED: {
    impact: "minor",
    summary: "A tool now declares an output schema.",
    cause: "Callers learn the result's shape; nothing they send changes.",
    fix: "nothing to do",
    example: { before: input(obj({})), after: output(obj({ id: str })) },
  },
  ANNOTATION_READ_ONLY_REMOVED: {
    impact: "major",
    summary: "`readOnlyHint` went from true to false: the tool may now change its environment.",
    cause: "Hosts that run read-only tools without asking would now run a tool that writes.",
    fix: "keep the tool read-only, or make a new tool for the writing variant",
    example: { before: { ...input(obj({})), annotations: { readOnlyHint: true } }, after: input(obj({})) },
  },
  ANNOTATION_DESTRUCTIVE_ADDED: {
    impact: "major",
    summary: "`destructiveHint` went from false to true: the tool may now destroy data.",
    cause: "Hosts that approved the tool as non-destructive must ask again.",
    fix: "make a new tool for the destructive variant, or bump the major version",
    example: {
      before: { ...input(obj({})), annotations: { readOnlyHint: false, destructiveHint: false } },
      after: { ...input(obj({})), annotations: { readOnlyHint: false, destructiveHint: true } },
    },
  },
  ANNOTATION_IDEMPOTENT_REMOVED: {
    impact: "major",
    summary: "`idempotentHint` went from true to false: calling the tool twice may now do more than once.",
    cause: "Callers that retry a failed call may now repeat its effect.",
    fix: "keep the tool idempotent, or bump the major version and tell callers to stop retrying",
    example: {
      before: { ...input(obj({})), annotations: { idempotentHint: true } },
      after: { ...input(obj({})), annotations: { idempotentHint: false } },
    },
  },
  ANNOTATION_OPEN_WORLD_ADDED: {
    impact: "minor",
    summary: "`openWorldHint` went from false to true: the tool now reaches outside systems.",
    cause: "Hosts that allow only closed-world tools may want to review it.",
    fix: "say in the description what the tool reaches",
    example: {
      before: { ...input(obj({})), annotations: { openWorldHint: false } },
      after: { ...input(obj({})), annotations: { openWorldHint: true } },
    },
  },
  ANNOTATION_SAFER: {
    impact: "minor",
    summary: "An annotation changed towards safety (read-only, not destructive, idempotent or closed-world).",
    cause: "Hosts may now trust the tool more; nothing a caller does breaks.",
    fix: "nothing to do",
    example: {
      before: { ...input(obj({})), annotations: { readOnlyHint: false, destructiveHint: true } },
      after: { ...input(obj({})), annotations: { readOnlyHint: false, destructiveHint: false } },
    },
  },
  DESCRIPTION_CHANGED: {
    impact: "patch",
    summary: "A tool's description changed.",
    cause:
      "The description is text a model reads to decide when and how to call the tool, so it is also a review item.",
    fix: "review the new text: it changes how models use the tool",
    example: {
      before: { ...input(obj({})), description: "Reads a file." },
      after: { ...input(obj({})), description: "Reads a file as UTF-8 text." },
    },
  },
  TITLE_CHANGED: {
    impact: "patch",
    summary: "A tool's title changed.",
    cause: "Only what people see changes.",
    fix: "nothing to do",
    example: { before: { ...input(obj({})), title: "Read" }, after: { ...input(obj({})), title: "Read file" } },
  },
  EXAMPLES_CHANGED: {
    impact: "patch",
    summary: "A tool's usage examples changed.",
    cause: "Examples document the contract; they do not change it.",
    fix: "nothing to do",
    example: {
      before: { ...input(obj({ q: str })), examples: [{ arguments: { q: "a" } }] },
      after: { ...input(obj({ q: str })), examples: [{ arguments: { q: "b" } }] },
    },
  },
  ERROR_TYPE_ADDED: {
    impact: "minor",
    summary: "A tool documents a new error type.",
    cause: "Callers that handle errors by type may want to handle the new one.",
    fix: "say when the error happens",
    example: { before: { ...input(obj({})), errors: [] }, after: { ...input(obj({})), errors: ["not_found"] } },
  },
  ERROR_TYPE_REMOVED: {
    impact: "patch",
    summary: "A tool no longer documents an error type.",
    cause: "Code that handles it becomes dead, but nothing breaks.",
    fix: "nothing to do",
    example: { before: { ...input(obj({})), errors: ["not_found"] }, after: { ...input(obj({})), errors: [] } },
  },
  SCHEMA_DOC_CHANGED: {
    impact: "patch",
    summary: "A schema's description, title or examples changed.",
    cause: "Documentation of a parameter or field does not change what is valid.",
    fix: "nothing to do",
    example: {
      before: input(obj({ q: { type: "string", description: "Query." } })),
      after: input(obj({ q: { type: "string", description: "Search query." } })),
    },
  },
  INPUT_REQUIRED_ADDED: {
    impact: "major",
    summary: "A new required input parameter.",
    cause: "Calls made without it are now rejected.",
    fix: "make the parameter optional with a default, or bump the major version",
    example: { before: input(obj({})), after: input(obj({ project_id: str }, ["project_id"])) },
  },
  INPUT_OPTIONAL_ADDED: {
    impact: "minor",
    summary: "A new optional input parameter.",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: { before: input(obj({})), after: input(obj({ limit: { type: "integer" } })) },
  },
  INPUT_REMOVED: {
    impact: "major",
    summary: "An input parameter was removed.",
    cause: "Calls that pass it are rejected or the value is silently ignored.",
    fix: "keep accepting the parameter (deprecated) until the next major version",
    example: { before: input(obj({ verbose: { type: "boolean" } })), after: input(obj({})) },
  },
  INPUT_MADE_REQUIRED: {
    impact: "major",
    summary: "An optional input parameter became required.",
    cause: "Calls made without it are now rejected.",
    fix: "keep it optional with a default, or bump the major version",
    example: { before: input(obj({ path: str })), after: input(obj({ path: str }, ["path"])) },
  },
  INPUT_MADE_OPTIONAL: {
    impact: "minor",
    summary: "A required input parameter became optional.",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: { before: input(obj({ path: str }, ["path"])), after: input(obj({ path: str })) },
  },
  INPUT_TYPE_CHANGED: {
    impact: "major",
    summary: "An input's type changed to one that does not include the old one.",
    cause: "Values callers send today are rejected.",
    fix: "accept both types (a union), or add a new parameter and deprecate the old one",
    example: { before: input(obj({ id: str })), after: input(obj({ id: { type: "integer" } })) },
  },
  INPUT_TYPE_NARROWED: {
    impact: "major",
    summary: "An input's type was narrowed (number to integer, a union member or a type removed).",
    cause: "Some values callers send today are rejected.",
    fix: "keep accepting the wider type",
    example: { before: input(obj({ n: { type: "number" } })), after: input(obj({ n: { type: "integer" } })) },
  },
  INPUT_TYPE_WIDENED: {
    impact: "minor",
    summary: "An input's type was widened (integer to number, a union member or a type added).",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: {
      before: input(obj({ id: str })),
      after: input(obj({ id: { type: ["string", "integer"] } })),
    },
  },
  INPUT_ENUM_ADDED: {
    impact: "major",
    summary: "An input that took any value of its type now takes only listed values (`enum` or `const`).",
    cause: "Values outside the list are rejected.",
    fix: "list every value callers use, or bump the major version",
    example: {
      before: input(obj({ mode: str })),
      after: input(obj({ mode: { type: "string", enum: ["fast", "safe"] } })),
    },
  },
  INPUT_ENUM_REMOVED: {
    impact: "minor",
    summary: "An input no longer restricts its values to a list.",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: {
      before: input(obj({ mode: { type: "string", enum: ["fast", "safe"] } })),
      after: input(obj({ mode: str })),
    },
  },
  INPUT_ENUM_VALUE_REMOVED: {
    impact: "major",
    summary: "A value was removed from an input's `enum`.",
    cause: "Calls that send it are rejected.",
    fix: "keep accepting the value (map it to its replacement)",
    example: {
      before: input(obj({ mode: { enum: ["fast", "safe"] } })),
      after: input(obj({ mode: { enum: ["safe"] } })),
    },
  },
  INPUT_ENUM_VALUE_ADDED: {
    impact: "minor",
    summary: "A value was added to an input's `enum`.",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: {
      before: input(obj({ mode: { enum: ["safe"] } })),
      after: input(obj({ mode: { enum: ["fast", "safe"] } })),
    },
  },
  INPUT_CONSTRAINT_TIGHTENED: {
    impact: "major",
    summary:
      "An input constraint was tightened (`maxLength`/`maximum`/`maxItems` lowered, `minLength`/`minimum`/`minItems` raised, `pattern`, `format` or `uniqueItems` added).",
    cause: "Some values callers send today are rejected.",
    fix: "keep the old bound, or bump the major version",
    example: {
      before: input(obj({ q: { type: "string", maxLength: 200 } })),
      after: input(obj({ q: { type: "string", maxLength: 100 } })),
    },
  },
  INPUT_CONSTRAINT_LOOSENED: {
    impact: "minor",
    summary: "An input constraint was loosened or removed.",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: {
      before: input(obj({ q: { type: "string", maxLength: 100 } })),
      after: input(obj({ q: { type: "string", maxLength: 200 } })),
    },
  },
  INPUT_CONSTRAINT_CHANGED: {
    impact: "major",
    summary:
      "An input's `pattern`, `format` or `multipleOf` changed to one that neither includes nor is included in the old one.",
    cause: "Values callers send today may be rejected.",
    fix: "keep accepting what the old constraint accepted",
    example: {
      before: input(obj({ id: { type: "string", pattern: "^[a-z]+$" } })),
      after: input(obj({ id: { type: "string", pattern: "^[0-9]+$" } })),
    },
  },
  INPUT_ADDITIONAL_PROPERTIES_FORBIDDEN: {
    impact: "major",
    summary: "An input object now forbids properties it does not list (`additionalProperties: false`).",
    cause: "Calls that pass any other property are rejected.",
    fix: "list the properties callers send, or leave additional properties allowed",
    example: { before: input(obj({ q: str })), after: input(obj({ q: str }, [], { additionalProperties: false })) },
  },
  INPUT_ADDITIONAL_PROPERTIES_ALLOWED: {
    impact: "minor",
    summary: "An input object now allows properties it does not list.",
    cause: "Existing calls stay valid.",
    fix: "nothing to do",
    example: { before: input(obj({ q: str }, [], { additionalProperties: false })), after: input(obj({ q: str })) },
  },
  INPUT_DEFAULT_CHANGED: {
    impact: "minor",
    summary: "An input parameter's `default` changed.",
    cause: "Calls that leave the parameter out now get a different behaviour.",
    fix: "say in the changelog what callers relying on the old default must pass",
    example: {
      before: input(obj({ limit: { type: "integer", default: 10 } })),
      after: input(obj({ limit: { type: "integer", default: 20 } })),
    },
  },
  INPUT_VALUES_REJECTED: {
    impact: "major",
    summary: "A value the old input schema accepted is rejected by the new one (found by trying values).",
    cause: "A change no structural rule classifies still rejects some calls valid before; the value is the evidence.",
    fix: "keep accepting the value shown, or bump the major version",
    example: {
      before: input(obj({ n: { type: "integer" } })),
      after: input(obj({ n: { type: "integer", not: { const: 0 } } })),
    },
  },
  INPUT_KEYWORD_ADDED: {
    impact: "major",
    summary:
      "An input schema gained a keyword no rule classifies (`not`, `if`/`then`, `dependentRequired`, …), and no tried value shows whether it rejects calls.",
    cause:
      "A new constraint may reject calls valid before; when trying values cannot tell, the change is taken as breaking rather than let through.",
    fix: "check the change by hand; if no call it rejects was valid before, lower the rule with `diff.rules`, else bump the major version",
    example: {
      before: input(obj({ q: { type: "string" } })),
      after: input(obj({ q: { type: "string", not: { pattern: "^zz9" } } })),
    },
  },
  INPUT_SCHEMA_CHANGED: {
    impact: "minor",
    summary:
      "An input schema changed in a way no rule classifies, adding no keyword, and no tried value shows to break a call.",
    cause:
      "A keyword such as `not`, `if`/`then` or `dependentRequired` changed or was removed; trying values found nothing rejected that was accepted.",
    fix: "review the change",
    example: {
      before: input(obj({ n: { type: "integer", not: { const: 0 } } })),
      after: input(obj({ n: { type: "integer" } })),
    },
  },
  OUTPUT_FIELD_ADDED: {
    impact: "minor",
    summary: "A new field in the output.",
    cause: "Callers that ignore unknown fields are unaffected.",
    fix: "nothing to do",
    example: { before: output(obj({ id: str }, ["id"])), after: output(obj({ id: str, url: str }, ["id"])) },
  },
  OUTPUT_FIELD_REMOVED: {
    impact: "major",
    summary: "A field was removed from the output.",
    cause: "Callers that read it get nothing.",
    fix: "keep returning the field (deprecated) until the next major version",
    example: { before: output(obj({ id: str, url: str }, ["id"])), after: output(obj({ id: str }, ["id"])) },
  },
  OUTPUT_MADE_OPTIONAL: {
    impact: "major",
    summary: "A required output field became optional.",
    cause: "Callers that read it without checking may get nothing.",
    fix: "keep the field always present",
    example: { before: output(obj({ id: str }, ["id"])), after: output(obj({ id: str })) },
  },
  OUTPUT_MADE_REQUIRED: {
    impact: "minor",
    summary: "An optional output field became required.",
    cause: "Callers get a stronger promise; nothing breaks.",
    fix: "nothing to do",
    example: { before: output(obj({ id: str })), after: output(obj({ id: str }, ["id"])) },
  },
  OUTPUT_TYPE_CHANGED: {
    impact: "major",
    summary: "An output field's type changed to one that does not fit the old one.",
    cause: "Callers that read the field as the old type break.",
    fix: "add a new field with the new type and deprecate the old one",
    example: {
      before: output(obj({ size: { type: "integer" } })),
      after: output(obj({ size: { type: "string" } })),
    },
  },
  OUTPUT_TYPE_WIDENED: {
    impact: "major",
    summary: "An output field's type was widened (integer to number, a union member or a type added, such as null).",
    cause: "Callers may now read a value of a type they do not handle.",
    fix: "keep the old type, or bump the major version",
    example: {
      before: output(obj({ size: { type: "integer" } })),
      after: output(obj({ size: { type: ["integer", "null"] } })),
    },
  },
  OUTPUT_TYPE_NARROWED: {
    impact: "minor",
    summary: "An output field's type was narrowed.",
    cause: "Callers handle a subset of what they handled before.",
    fix: "nothing to do",
    example: {
      before: output(obj({ size: { type: "number" } })),
      after: output(obj({ size: { type: "integer" } })),
    },
  },
  OUTPUT_ENUM_ADDED: {
    impact: "minor",
    summary: "An output field now takes only listed values.",
    cause: "Callers handle a subset of what they handled before.",
    fix: "nothing to do",
    example: {
      before: output(obj({ status: str })),
      after: output(obj({ status: { type: "string", enum: ["open", "done"] } })),
    },
  },
  OUTPUT_ENUM_REMOVED: {
    impact: "major",
    summary: "An output field no longer restricts its values to a list.",
    cause: "Callers that switch over the listed values may read one they do not know.",
    fix: "keep the list, or bump the major version",
    example: {
      before: output(obj({ status: { type: "string", enum: ["open", "done"] } })),
      after: output(obj({ status: str })),
    },
  },
  OUTPUT_ENUM_VALUE_ADDED: {
    impact: "major",
    summary: "A value was added to an output field's `enum`.",
    cause: "Callers that switch over the values may read one they do not know.",
    fix: "tell callers to handle the new value, or bump the major version",
    example: {
      before: output(obj({ status: { enum: ["open", "done"] } })),
      after: output(obj({ status: { enum: ["open", "done", "archived"] } })),
    },
  },
  OUTPUT_ENUM_VALUE_REMOVED: {
    impact: "minor",
    summary: "A value was removed from an output field's `enum`.",
    cause: "Callers handle a value they will no longer read; nothing breaks.",
    fix: "nothing to do",
    example: {
      before: output(obj({ status: { enum: ["open", "done", "archived"] } })),
      after: output(obj({ status: { enum: ["open", "done"] } })),
    },
  },
  OUTPUT_CONSTRAINT_LOOSENED: {
    impact: "major",
    summary: "An output constraint was loosened or removed (a bound raised, a `pattern` or `format` removed).",
    cause: "Callers that relied on the bound (a buffer size, a format they parse) may break.",
    fix: "keep the old bound, or bump the major version",
    example: {
      before: output(obj({ code: { type: "string", maxLength: 8 } })),
      after: output(obj({ code: { type: "string", maxLength: 16 } })),
    },
  },
  OUTPUT_CONSTRAINT_TIGHTENED: {
    impact: "minor",
    summary: "An output constraint was tightened.",
    cause: "Callers get a stronger promise; nothing breaks.",
    fix: "nothing to do",
    example: {
      before: output(obj({ code: { type: "string", maxLength: 16 } })),
      after: output(obj({ code: { type: "string", maxLength: 8 } })),
    },
  },
  OUTPUT_CONSTRAINT_CHANGED: {
    impact: "major",
    summary: "An output field's `pattern`, `format` or `multipleOf` changed to an unrelated one.",
    cause: "Callers that parse the old form may break.",
    fix: "keep the old form, or bump the major version",
    example: {
      before: output(obj({ id: { type: "string", format: "uuid" } })),
      after: output(obj({ id: { type: "string", format: "uri" } })),
    },
  },
  OUTPUT_ADDITIONAL_PROPERTIES_FORBIDDEN: {
    impact: "minor",
    summary: "An output object now promises no properties beyond those it lists.",
    cause: "Callers get a stronger promise; nothing breaks.",
    fix: "nothing to do",
    example: { before: output(obj({ id: str })), after: output(obj({ id: str }, [], { additionalProperties: false })) },
  },
  OUTPUT_ADDITIONAL_PROPERTIES_ALLOWED: {
    impact: "minor",
    summary: "An output object may now hold properties it does not list.",
    cause: "Callers that ignore unknown fields are unaffected, as with a new field.",
    fix: "nothing to do",
    example: { before: output(obj({ id: str }, [], { additionalProperties: false })), after: output(obj({ id: str })) },
  },
  OUTPUT_DEFAULT_CHANGED: {
    impact: "patch",
    summary: "An output field's `default` changed.",
    cause: "A default in an output schema documents a value; it changes nothing a caller reads.",
    fix: "nothing to do",
    example: {
      before: output(obj({ n: { type: "integer", default: 1 } })),
      after: output(obj({ n: { type: "integer", default: 2 } })),
    },
  },
  OUTPUT_VALUES_ADDED: {
    impact: "major",
    summary: "A value the old output schema ruled out is allowed by the new one (found by trying values).",
    cause:
      "A change no structural rule classifies lets the tool return something callers did not expect; the value is the evidence.",
    fix: "keep the output within what it was, or bump the major version",
    example: {
      before: output(obj({ n: { type: "integer", not: { const: 0 } } })),
      after: output(obj({ n: { type: "integer" } })),
    },
  },
  OUTPUT_SCHEMA_CHANGED: {
    impact: "minor",
    summary: "An output schema changed in a way no rule classifies and no tried value shows to be new to callers.",
    cause: "A keyword such as `not` or `if`/`then` changed; trying values found nothing new that callers would read.",
    fix: "review the change",
    example: {
      before: output(obj({ n: { type: "integer" } })),
      after: output(obj({ n: { type: "integer", not: { const: 0 } } })),
    },
  },
} as const satisfies Readonly<Record<string, DiffRule>>;

/** A rule's code, such as `"INPUT_REQUIRED_ADDED"`. */
export type RuleCode = keyof typeof RULES_TABLE;

/** Every diff rule by code (see docs/diff.md, whose table is made from it). */
export const RULES: Readonly<Record<RuleCode, DiffRule>> = RULES_TABLE;

/** Every rule code, in catalogue order. */
export const RULE_CODES = Object.keys(RULES_TABLE) as RuleCode[];

/** True for a string that is a rule code. */
export function isRuleCode(code: string): code is RuleCode {
  return Object.hasOwn(RULES_TABLE, code);
}
