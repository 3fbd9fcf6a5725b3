/**
 * Tool schemas as Standard Schema v1 objects with the Standard JSON Schema
 * extension (standardschema.dev): `~standard.validate` runs the tool's
 * precompiled validator, `~standard.jsonSchema` returns the tool's exact JSON
 * Schema. The official MCP SDK v2 (`McpServer.registerTool`, its
 * `StandardSchemaWithJSON`) takes exactly this, and so do form libraries, tRPC,
 * Hono validators and other Standard Schema consumers.
 *
 * The interfaces are the specification's own, written out here (as the spec
 * asks libraries to do) so that no package is needed to use them.
 */
import { pointerTokens } from "./paths.js";
import type { JsonSchemaObject } from "./types.js";
import { issuesFromErrors, verdictOf, type ValidateFunction } from "./validation.js";

/** The `~standard` properties every Standard Schema has. */
export interface StandardTypedProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  /** Carries the types for inference only; `undefined` at run time. */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** One problem found by `~standard.validate`. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What `~standard.validate` returns: the value, or the issues. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** Standard Schema v1's `~standard`: validation. */
export interface StandardSchemaProps<Input = unknown, Output = Input> extends StandardTypedProps<Input, Output> {
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
  ) => StandardResult<Output> | Promise<StandardResult<Output>>;
}

/** A JSON Schema dialect a consumer asks for (`draft-2020-12`, `draft-07`, `openapi-3.0`, or another). */
export type StandardJsonSchemaTarget = "draft-2020-12" | "draft-07" | "openapi-3.0" | (object & string);

/** Standard JSON Schema's `~standard`: conversion to JSON Schema. */
export interface StandardJsonSchemaProps<Input = unknown, Output = Input> extends StandardTypedProps<Input, Output> {
  readonly jsonSchema: {
    readonly input: (options: { readonly target: StandardJsonSchemaTarget }) => Record<string, unknown>;
    readonly output: (options: { readonly target: StandardJsonSchemaTarget }) => Record<string, unknown>;
  };
}

/** The `~standard` of a {@link StandardSchemaWithJSON}: both, with a synchronous `validate`. */
export interface StandardSchemaWithJSONProps<Input = unknown, Output = Input>
  extends StandardJsonSchemaProps<Input, Output> {
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
  ) => StandardResult<Output>;
}

/**
 * A schema with both validation and JSON Schema: what SDK v2's `registerTool` accepts
 * for `inputSchema` and `outputSchema`. Its validation is synchronous.
 */
export interface StandardSchemaWithJSON<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaWithJSONProps<Input, Output>;
}

/** The vendor name these schemas report. */
export const STANDARD_SCHEMA_VENDOR = "mcp-specgen";

/** Targets the exact schema is returned for: both read a schema with its `$schema` as it is declared. */
const JSON_SCHEMA_TARGETS: ReadonlySet<string> = new Set(["draft-2020-12", "draft-07"]);

/**
 * Wraps a JSON Schema and its precompiled validator as a Standard Schema with
 * JSON Schema: `validate` answers `{ value }` (the value itself, unchanged) or
 * `{ issues }` with a message and a path per problem; `jsonSchema.input` /
 * `.output` return a fresh copy of `schema` for the `draft-2020-12` and `draft-07`
 * targets and throw for others (the schema is not converted to other dialects).
 *
 * @example
 * const args = standardSchema<{ a: number }>(inputSchema, validateSumArgs);
 * server.registerTool("sum", { inputSchema: args }, ({ a }) => …); // SDK v2
 */
export function standardSchema<T>(schema: JsonSchemaObject, validate: ValidateFunction): StandardSchemaWithJSON<T> {
  return {
    "~standard": {
      version: 1,
      vendor: STANDARD_SCHEMA_VENDOR,
      validate(value: unknown): StandardResult<T> {
        if (verdictOf(validate(value))) return { value: value as T };
        return { issues: standardIssues(validate, value) };
      },
      jsonSchema: jsonSchemaConverter(schema),
    },
  };
}

/**
 * A Standard Schema of `schema` whose `validate` accepts everything: for a
 * consumer that must not validate because validation happens later with richer
 * errors (the registry's), while it still reads the exact JSON Schema.
 */
export function acceptingStandardSchema<T>(schema: JsonSchemaObject): StandardSchemaWithJSON<T> {
  return {
    "~standard": {
      version: 1,
      vendor: STANDARD_SCHEMA_VENDOR,
      validate: (value: unknown): StandardResult<T> => ({ value: value as T }),
      jsonSchema: jsonSchemaConverter(schema),
    },
  };
}

function jsonSchemaConverter(schema: JsonSchemaObject): StandardJsonSchemaProps["jsonSchema"] {
  const convert = (options: { readonly target: StandardJsonSchemaTarget }): Record<string, unknown> => {
    const target = options?.target;
    if (!JSON_SCHEMA_TARGETS.has(target)) {
      throw new Error(
        `mcp-specgen schemas are JSON Schema as the spec wrote them; target "${String(target)}" is not supported (use "draft-2020-12" or "draft-07")`,
      );
    }
    // A fresh copy: consumers may add to what they get (the SDK adds a root `type`).
    return structuredClone(schema) as Record<string, unknown>;
  };
  return { input: convert, output: convert };
}

function standardIssues(validate: ValidateFunction, value: unknown): StandardIssue[] {
  return issuesFromErrors(validate.errors, value).map((issue) => {
    if (issue.pointer === "") return { message: issue.message };
    const path = pointerTokens(issue.pointer).map((token) => (/^(0|[1-9]\d*)$/.test(token) ? Number(token) : token));
    return { message: issue.message, path };
  });
}
