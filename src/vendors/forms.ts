// The schema each vendor is sent for a tool, decided in one place: the vendor generators
// write it, and the manifest records whether (and why not) it is strict. Pure functions of
// a tool's input schema and the vendor's `strict` option; what is computed per tool is
// taken through a function the caller may give (a generator's `ctx.perTool`), so that an
// unchanged tool's form is not computed again in `generate --watch`.
import type { JsonSchema, ToolSpec } from "../ir/types.js";
import { toStrictSchema } from "./openai-strict.js";
import { nullableOptionals } from "./openai-null-ambiguity.js";
import { toolKey } from "../naming/table.js";
import { pruneUnreachableDefs } from "../schema/prune-defs.js";
import { applyAnthropicStrictBudget, toAnthropicStrictSchema } from "./anthropic-strict.js";
import { toGeminiSchema } from "./gemini-schema.js";
import type { SchemaLoosening } from "./transform/findings.js";

/** A vendor with a strict mode. */
export type StrictVendor = "openai" | "anthropic";

/** Whether a tool is sent strict, and if not, why. */
export type StrictOutcome =
  | { strict: true }
  | {
      strict: false;
      /** Why: the part of the schema outside the subset, with where (`… (at #/properties/a)`). */
      reason: string;
      /** RFC 6901 pointer into the input schema of what is at fault; absent when strict mode is off in the config. */
      pointer?: string;
    };

/** The schema a vendor is sent for a tool, and whether it is the strict form. */
export type StrictForm = StrictOutcome & {
  /** The parameters schema to send. */
  schema: JsonSchema;
  /**
   * The strict form turns every optional property into a required, nullable one (OpenAI):
   * calls carry `null` for what the model leaves out.
   */
  optionalsAsNull: boolean;
  /** What to do about a schema that is not strict, when the general advice does not fit. */
  help?: string;
};

/** Why a tool is not strict when the config turns strict mode off. */
export const STRICT_DISABLED_REASON = "strict mode disabled in config";

/** `$schema`/`$id` describe the document, not the parameters; vendors reject or ignore them. */
export function withoutMetaKeywords(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/**
 * The schema a tool is sent with `strict: false`: without `$schema`/`$id` and without the
 * root definitions no `$ref` reaches (a fresh copy).
 */
export function nonStrictSchema(schema: JsonSchema): JsonSchema {
  return structuredClone(pruneUnreachableDefs(withoutMetaKeywords(schema)).schema);
}

/** {@link nonStrictSchema} of a tool's input schema. */
function nonStrictFormOf(tool: ToolSpec): JsonSchema {
  return nonStrictSchema(tool.inputSchema);
}

/** The form a tool is sent in when strict mode is off for it, and why (with where, when a part of its schema is the reason). */
function nonStrictForm(tool: ToolSpec, why: { reason: string; pointer?: string; help?: string }): StrictForm {
  return { strict: false, ...why, schema: nonStrictFormOf(tool), optionalsAsNull: false };
}

/** Options of {@link openaiForm}. */
export interface OpenAIFormOptions {
  /** Bring the schema into strict mode when it allows it (the generator's `strict`). */
  strict: boolean;
  /**
   * Strict mode also for a tool with an optional property whose schema accepts `null`
   * (the generator's `strictNullableOptionals`); by default such a tool is sent without it.
   */
  strictNullableOptionals?: boolean;
}

/**
 * The schema OpenAI is sent for a tool: strict form when `strict` is on and the schema
 * allows it, and — unless `strictNullableOptionals` — when no optional property already
 * accepts `null` (see `nullableOptionals`: strict mode would make leaving it out and sending
 * null the same call).
 */
export function openaiForm(tool: ToolSpec, options: OpenAIFormOptions): StrictForm {
  if (!options.strict) return nonStrictForm(tool, { reason: STRICT_DISABLED_REASON });
  return openaiStrictForm(tool, options.strictNullableOptionals ?? false);
}

function openaiStrictForm(tool: ToolSpec, strictNullableOptionals: boolean): StrictForm {
  const input = withoutMetaKeywords(tool.inputSchema);
  const converted = toStrictSchema(input);
  if (!converted.strict) return nonStrictForm(tool, { reason: converted.reason, pointer: converted.pointer });
  const ambiguous = strictNullableOptionals ? [] : nullableOptionals(pruneUnreachableDefs(input).schema);
  if (ambiguous.length === 0) return { strict: true, schema: converted.schema, optionalsAsNull: true };
  const [first] = ambiguous;
  const more = ambiguous.length > 1 ? ` (and ${ambiguous.length - 1} more)` : "";
  return nonStrictForm(tool, {
    reason: `optional property "${first!.name}"${more} already accepts null, and strict mode would make leaving it out and sending null the same call (at #${first!.pointer})`,
    pointer: first!.pointer,
    help: 'give the property "default": null if leaving it out means null; otherwise nothing to do, or set "strictNullableOptionals: true" under "openai" in the config to send it strict anyway (a null then stands for both)',
  });
}

/** {@link anthropicForm}'s strict form with the tool's use of the per-request budgets. */
export type AnthropicToolForm = StrictForm & { usage?: { optionalProperties: number; unionProperties: number } };

/**
 * The schema Anthropic is sent for a tool on its own: strict form when `strict` is on and
 * the schema allows it. Anthropic's strict form keeps optional properties optional. The
 * per-request limits also count the request's other strict tools: use
 * {@link anthropicForms} for the tools sent together.
 */
export function anthropicForm(tool: ToolSpec, strict: boolean): StrictForm {
  const { usage: _u, ...form } = anthropicToolForm(tool, strict);
  return form;
}

/**
 * The schema Anthropic is sent for a tool on its own, with what its strict form uses of the
 * per-request budgets: the part of {@link anthropicForms} computed per tool.
 */
export function anthropicToolForm(tool: ToolSpec, strict: boolean): AnthropicToolForm {
  if (!strict) return nonStrictForm(tool, { reason: STRICT_DISABLED_REASON });
  return anthropicStrictForm(tool);
}

function anthropicStrictForm(tool: ToolSpec): AnthropicToolForm {
  const converted = toAnthropicStrictSchema(withoutMetaKeywords(tool.inputSchema));
  if (converted.strict)
    return { strict: true, schema: converted.schema, optionalsAsNull: false, usage: converted.usage };
  return nonStrictForm(tool, { reason: converted.reason, pointer: converted.pointer });
}

/** What the per-request budget and the manifest need of an Anthropic form: its outcome and use of the budgets. */
export type AnthropicOutcome = StrictOutcome & Pick<AnthropicToolForm, "usage">;

/** What the per-request budget and the manifest need of a tool's {@link anthropicToolForm}. */
export function anthropicToolOutcome(form: AnthropicToolForm): AnthropicOutcome {
  return { ...strictOutcome(form), ...(form.usage ? { usage: form.usage } : {}) };
}

/**
 * The schemas Anthropic is sent for tools listed in one request, in the order given: each
 * tool's {@link anthropicForm}, except that tools beyond Anthropic's per-request strict
 * budget ({@link ANTHROPIC_STRICT_LIMITS}: strict tools, optional and union-typed
 * properties across them), counted in sorted order of tool key, are sent `strict: false`
 * with why.
 *
 * @param toolForm each tool's {@link anthropicToolForm} (by default computed here).
 * @param nonStrict the schema a tool beyond the budget is sent: its {@link nonStrictSchema}
 *   (by default computed here).
 */
export function anthropicForms(
  tools: readonly ToolSpec[],
  strict: boolean,
  toolForm: (tool: ToolSpec) => AnthropicToolForm = (tool) => anthropicToolForm(tool, strict),
  nonStrict: (tool: ToolSpec) => JsonSchema = nonStrictFormOf,
): StrictForm[] {
  return withinAnthropicBudget(
    tools,
    tools.map(toolForm),
    ({ usage: _u, ...form }) => form,
    (tool, reason) => ({ strict: false, reason, pointer: "", schema: nonStrict(tool), optionalsAsNull: false }),
  );
}

/**
 * Each of `forms` (of `tools`, in order) as `strip` gives it, except that strict ones
 * beyond Anthropic's per-request budget, counted in sorted order of tool key, are what
 * `over` gives with why.
 */
function withinAnthropicBudget<F extends { strict: boolean; usage?: AnthropicToolForm["usage"] }, R>(
  tools: readonly ToolSpec[],
  forms: readonly F[],
  strip: (form: F) => R,
  over: (tool: ToolSpec, reason: string) => R,
): R[] {
  const budget = applyAnthropicStrictBudget(
    tools.map((tool, i) => ({ key: toolKey(tool), usage: forms[i]!.strict ? forms[i]!.usage : undefined })),
  );
  return tools.map((tool, i) => {
    const reason = budget.get(toolKey(tool));
    return forms[i]!.strict && reason !== undefined ? over(tool, reason) : strip(forms[i]!);
  });
}

/** The parameters Gemini is sent for a tool, and what of the schema they cannot express. */
export function geminiForm(tool: ToolSpec): { schema: JsonSchema; issues: readonly SchemaLoosening[] } {
  return toGeminiSchema(tool.inputSchema);
}

/** Whether each vendor with a strict mode gets a tool strict on its own: {@link strictCoverage} per tool. */
export interface ToolStrictness {
  openai: StrictOutcome;
  /** With the tool's use of Anthropic's per-request budgets, which {@link strictCoverage} applies. */
  anthropic: AnthropicOutcome;
}

/** The `strict` option of each vendor with a strict mode. */
export interface StrictOptions {
  openai: OpenAIFormOptions;
  anthropic: { strict: boolean };
}

/** Whether OpenAI gets `tool` strict, and if not, why: {@link openaiForm} without the schema. */
export function openaiOutcome(tool: ToolSpec, options: OpenAIFormOptions): StrictOutcome {
  return strictOutcome(openaiForm(tool, options));
}

/**
 * The `ctx.shared` part under which the openai generator and the manifest find a tool's
 * OpenAI strictness: named by every option it depends on.
 */
export function openaiStrictnessPart(options: OpenAIFormOptions): string {
  return `openai strictness strict=${options.strict} nullable=${options.strictNullableOptionals ?? false}`;
}

/** Whether Anthropic gets `tool` strict on its own, with its use of the per-request budgets. */
export function anthropicOutcome(tool: ToolSpec, strict: boolean): AnthropicOutcome {
  return strict ? anthropicToolOutcome(anthropicStrictForm(tool)) : { strict: false, reason: STRICT_DISABLED_REASON };
}

/** Whether each vendor gets `tool` strict on its own (the part of {@link strictCoverage} computed per tool). */
export function toolStrictness(tool: ToolSpec, options: StrictOptions): ToolStrictness {
  return {
    openai: openaiOutcome(tool, options.openai),
    anthropic: anthropicOutcome(tool, options.anthropic.strict),
  };
}

/**
 * Whether each vendor with a strict mode gets each tool strict, under the config's `strict`
 * options, for `tools` sent together (Anthropic's limits are per request); in the order given.
 *
 * @param strictnessOf each tool's {@link toolStrictness} (by default computed here).
 */
export function strictCoverage(
  tools: readonly ToolSpec[],
  options: StrictOptions,
  strictnessOf: (tool: ToolSpec) => ToolStrictness = (tool) => toolStrictness(tool, options),
): Array<Record<StrictVendor, StrictOutcome>> {
  const each = tools.map(strictnessOf);
  const anthropic = withinAnthropicBudget(
    tools,
    each.map((s) => s.anthropic),
    ({ usage: _u, ...rest }) => rest,
    (_tool, reason) => ({ strict: false, reason, pointer: "" }),
  );
  return tools.map((_tool, i) => ({ openai: each[i]!.openai, anthropic: anthropic[i]! }));
}

/** Whether a form is strict, and if not, why: the form without its schema. */
export function strictOutcome(form: StrictForm): StrictOutcome {
  if (form.strict) return { strict: true };
  return { strict: false, reason: form.reason, ...(form.pointer !== undefined ? { pointer: form.pointer } : {}) };
}
