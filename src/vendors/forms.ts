// The schema each vendor is sent for a tool, decided in one place: the vendor generators
// write it, and the manifest records whether (and why not) it is strict. Pure functions of
// a tool's input schema and the vendor's `strict` option, kept per frozen schema object
// (see `formOf`).
import type { JsonSchema, ToolSpec } from "../ir/types.js";
import { toStrictSchema } from "./openai-strict.js";
import { toolKey } from "../naming/table.js";
import { deepFreeze } from "../cache/store.js";
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
};

/** Why a tool is not strict when the config turns strict mode off. */
export const STRICT_DISABLED_REASON = "strict mode disabled in config";

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * `compute()` for `schema` under `key`, computed once per frozen schema object and kept,
 * frozen: a frozen schema is shared by every generator and every rebuild of `generate
 * --watch`, and its form's written text can then be kept too (see `tsLiteral`). An
 * unfrozen schema (a one-shot run) keeps only `summary` of it, what a later generator
 * asks for (see {@link summaryOf}): the forms themselves, copies of every input schema,
 * held about 90 MB at 10,000 tools until the run ended.
 */
function formOf<T, S>(schema: JsonSchema, key: string, compute: () => T, summary?: (form: T) => S): T {
  const frozen = Object.isFrozen(schema);
  const entries = frozen || summary ? entriesOf(schema) : undefined;
  if (!entries) return compute();
  if (!frozen) {
    const form = compute();
    entries.set(key, { summary: summary!(form) });
    return form;
  }
  // (A schema frozen after use has only a summary kept: its form is made now.)
  let kept = entries.get(key) as { form?: T } | undefined;
  if (!kept || !("form" in kept)) entries.set(key, (kept = { form: deepFreeze(compute()) }));
  return kept.form as T;
}

/** `summary` of {@link formOf}'s form for `schema`, from what is kept when there is any. */
function summaryOf<T, S>(schema: JsonSchema, key: string, compute: () => T, summary: (form: T) => S): S {
  const kept = entriesOf(schema)?.get(key) as { form: T } | { summary: S } | undefined;
  if (kept) return "form" in kept ? summary(kept.form) : kept.summary;
  return summary(formOf(schema, key, compute, summary));
}

function entriesOf(schema: JsonSchema): Map<string, unknown> | undefined {
  // Only objects can key a WeakMap (a boolean schema never reaches here today).
  if (typeof schema !== "object" || schema === null) return undefined;
  let entries = cache.get(schema);
  if (!entries) cache.set(schema, (entries = new Map()));
  return entries;
}

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

/** {@link nonStrictSchema} of a tool's input schema, computed once per frozen schema object and shared by every vendor. */
function nonStrictFormOf(tool: ToolSpec): JsonSchema {
  return formOf(tool.inputSchema, "non-strict", () => nonStrictSchema(tool.inputSchema));
}

/** The schema OpenAI is sent for a tool: strict form when `strict` is on and the schema allows it. */
export function openaiForm(tool: ToolSpec, strict: boolean): StrictForm {
  if (!strict)
    return {
      strict: false,
      reason: STRICT_DISABLED_REASON,
      schema: nonStrictFormOf(tool),
      optionalsAsNull: false,
    };
  return formOf(tool.inputSchema, "openai", () => openaiStrictForm(tool), outcome);
}

/** Whether OpenAI gets a tool strict, and if not, why: {@link openaiForm} without the schema. */
function openaiOutcome(tool: ToolSpec, strict: boolean): StrictOutcome {
  if (!strict) return { strict: false, reason: STRICT_DISABLED_REASON };
  return summaryOf(tool.inputSchema, "openai", () => openaiStrictForm(tool), outcome);
}

function openaiStrictForm(tool: ToolSpec): StrictForm {
  const converted = toStrictSchema(withoutMetaKeywords(tool.inputSchema));
  if (converted.strict) return { strict: true, schema: converted.schema, optionalsAsNull: true };
  return {
    strict: false,
    reason: converted.reason,
    pointer: converted.pointer,
    schema: nonStrictFormOf(tool),
    optionalsAsNull: false,
  };
}

/** {@link anthropicForm}'s strict form with the tool's use of the per-request budgets. */
type AnthropicToolForm = StrictForm & { usage?: { optionalProperties: number; unionProperties: number } };

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

function anthropicToolForm(tool: ToolSpec, strict: boolean): AnthropicToolForm {
  if (!strict)
    return {
      strict: false,
      reason: STRICT_DISABLED_REASON,
      schema: nonStrictFormOf(tool),
      optionalsAsNull: false,
    };
  return formOf(tool.inputSchema, "anthropic", () => anthropicStrictForm(tool), anthropicOutcome);
}

function anthropicStrictForm(tool: ToolSpec): AnthropicToolForm {
  const converted = toAnthropicStrictSchema(withoutMetaKeywords(tool.inputSchema));
  if (converted.strict)
    return { strict: true, schema: converted.schema, optionalsAsNull: false, usage: converted.usage };
  return {
    strict: false,
    reason: converted.reason,
    pointer: converted.pointer,
    schema: nonStrictFormOf(tool),
    optionalsAsNull: false,
  };
}

/** What the per-request budget and the manifest need of an Anthropic form: its outcome and use of the budgets. */
type AnthropicOutcome = StrictOutcome & Pick<AnthropicToolForm, "usage">;

function anthropicOutcome(form: AnthropicToolForm): AnthropicOutcome {
  return { ...outcome(form), ...(form.usage ? { usage: form.usage } : {}) };
}

/**
 * The schemas Anthropic is sent for tools listed in one request, in the order given: each
 * tool's {@link anthropicForm}, except that tools beyond Anthropic's per-request strict
 * budget ({@link ANTHROPIC_STRICT_LIMITS}: strict tools, optional and union-typed
 * properties across them), counted in sorted order of tool key, are sent `strict: false`
 * with why.
 */
export function anthropicForms(tools: readonly ToolSpec[], strict: boolean): StrictForm[] {
  return withinAnthropicBudget(
    tools,
    tools.map((tool) => anthropicToolForm(tool, strict)),
    ({ usage: _u, ...form }) => form,
    (tool, reason) => ({ strict: false, reason, pointer: "", schema: nonStrictFormOf(tool), optionalsAsNull: false }),
  );
}

/** Whether Anthropic gets each of `tools` strict, sent together: {@link anthropicForms} without the schemas. */
function anthropicOutcomes(tools: readonly ToolSpec[], strict: boolean): StrictOutcome[] {
  const outcomes = tools.map(
    (tool): AnthropicOutcome =>
      strict
        ? summaryOf(tool.inputSchema, "anthropic", () => anthropicStrictForm(tool), anthropicOutcome)
        : { strict: false, reason: STRICT_DISABLED_REASON },
  );
  return withinAnthropicBudget(
    tools,
    outcomes,
    ({ usage: _u, ...rest }) => rest,
    (_tool, reason) => ({ strict: false, reason, pointer: "" }),
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
  return formOf(tool.inputSchema, "gemini", () => toGeminiSchema(tool.inputSchema));
}

/**
 * Whether each vendor with a strict mode gets each tool strict, under the config's `strict`
 * options, for `tools` sent together (Anthropic's limits are per request); in the order given.
 */
export function strictCoverage(
  tools: readonly ToolSpec[],
  options: { openai: { strict: boolean }; anthropic: { strict: boolean } },
): Array<Record<StrictVendor, StrictOutcome>> {
  const anthropic = anthropicOutcomes(tools, options.anthropic.strict);
  return tools.map((tool, i) => ({
    openai: openaiOutcome(tool, options.openai.strict),
    anthropic: anthropic[i]!,
  }));
}

function outcome(form: StrictForm): StrictOutcome {
  if (form.strict) return { strict: true };
  return { strict: false, reason: form.reason, ...(form.pointer !== undefined ? { pointer: form.pointer } : {}) };
}
