// The schema each vendor is sent for a tool, decided in one place: the vendor generators
// write it, and the manifest records whether (and why not) it is strict. Pure functions of
// a tool's input schema and the vendor's `strict` option, cached per schema object so a
// run computes each once.
import type { JsonSchema, ToolSpec } from "../ir/types.js";
import { toStrictSchema } from "../../generators/openai/strict.js";
import { toolKey } from "../naming/table.js";
import { deepFreeze } from "../cache/store.js";
import { pruneUnreachableDefs } from "../schema/prune-defs.js";
import { applyAnthropicStrictBudget, toAnthropicStrictSchema } from "./anthropic-strict.js";
import { type GeminiSchemaIssue, toGeminiSchema } from "./gemini-schema.js";

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

function cached<T>(schema: JsonSchema, key: string, compute: () => T): T {
  // Only objects can key a WeakMap (a boolean schema never reaches here today).
  if (typeof schema !== "object" || schema === null) return compute();
  let entries = cache.get(schema);
  if (!entries) cache.set(schema, (entries = new Map()));
  // The form of a frozen schema is frozen too: it is shared by every generator and every
  // rebuild of `generate --watch`, and its written text can then be kept (see `tsLiteral`).
  if (!entries.has(key)) entries.set(key, Object.isFrozen(schema) ? deepFreeze(compute()) : compute());
  return entries.get(key) as T;
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

/** {@link nonStrictSchema} of a tool's input schema, computed once per schema object and shared by every vendor. */
function nonStrictFormOf(tool: ToolSpec): JsonSchema {
  return cached(tool.inputSchema, "non-strict", () => nonStrictSchema(tool.inputSchema));
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
  return cached(tool.inputSchema, "openai", (): StrictForm => {
    const converted = toStrictSchema(withoutMetaKeywords(tool.inputSchema));
    if (converted.strict) return { strict: true, schema: converted.schema, optionalsAsNull: true };
    return {
      strict: false,
      reason: converted.reason,
      pointer: pointerOf(converted),
      schema: nonStrictFormOf(tool),
      optionalsAsNull: false,
    };
  });
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
  return cached(tool.inputSchema, "anthropic", (): AnthropicToolForm => {
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
  });
}

/**
 * The schemas Anthropic is sent for tools listed in one request, in the order given: each
 * tool's {@link anthropicForm}, except that tools beyond Anthropic's per-request strict
 * budget ({@link ANTHROPIC_STRICT_LIMITS}: strict tools, optional and union-typed
 * properties across them), counted in sorted order of tool key, are sent `strict: false`
 * with why.
 */
export function anthropicForms(tools: readonly ToolSpec[], strict: boolean): StrictForm[] {
  const forms = tools.map((tool) => anthropicToolForm(tool, strict));
  const budget = applyAnthropicStrictBudget(
    tools.map((tool, i) => ({ key: toolKey(tool), usage: forms[i]!.strict ? forms[i]!.usage : undefined })),
  );
  return tools.map((tool, i) => {
    const { usage: _u, ...form } = forms[i]!;
    const over = budget.get(toolKey(tool));
    if (!form.strict || over === undefined) return form;
    return {
      strict: false,
      reason: over,
      pointer: "",
      schema: nonStrictFormOf(tool),
      optionalsAsNull: false,
    };
  });
}

/** The parameters Gemini is sent for a tool, and what of the schema they cannot express. */
export function geminiForm(tool: ToolSpec): { schema: JsonSchema; issues: readonly GeminiSchemaIssue[] } {
  return cached(tool.inputSchema, "gemini", () => toGeminiSchema(tool.inputSchema));
}

/**
 * Whether each vendor with a strict mode gets each tool strict, under the config's `strict`
 * options, for `tools` sent together (Anthropic's limits are per request); in the order given.
 */
export function strictCoverage(
  tools: readonly ToolSpec[],
  options: { openai: { strict: boolean }; anthropic: { strict: boolean } },
): Array<Record<StrictVendor, StrictOutcome>> {
  const anthropic = anthropicForms(tools, options.anthropic.strict);
  return tools.map((tool, i) => ({
    openai: outcome(openaiForm(tool, options.openai.strict)),
    anthropic: outcome(anthropic[i]!),
  }));
}

function outcome(form: StrictForm): StrictOutcome {
  if (form.strict) return { strict: true };
  return { strict: false, reason: form.reason, ...(form.pointer !== undefined ? { pointer: form.pointer } : {}) };
}

/**
 * The pointer of an OpenAI refusal: given by the conversion, or read from the end of its
 * reason (`… (at #/properties/a)`).
 */
function pointerOf(result: { reason: string }): string | undefined {
  const given = (result as { pointer?: unknown }).pointer;
  if (typeof given === "string") return given;
  const match = /\(at #([^)]*)\)$/.exec(result.reason);
  return match ? match[1] : undefined;
}
