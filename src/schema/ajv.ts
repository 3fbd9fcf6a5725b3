import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ValidateFunction, ErrorObject, Options } from "ajv";
import type { JsonSchema } from "../ir/types.js";

// ajv and ajv-formats are CommonJS; createRequire sidesteps their default-export interop.
const require = createRequire(import.meta.url);
type AjvConstructor = new (options: Options) => AjvInstance;
const Ajv = require("ajv").default as AjvConstructor;
const Ajv2020 = require("ajv/dist/2020").default as AjvConstructor;
const addFormats = require("ajv-formats").default as (ajv: AjvInstance) => AjvInstance;

export type { ValidateFunction, ErrorObject };

const DRAFT_2020 = /json-schema\.org\/(draft\/2020-12|draft\/2019-09)/;

const codegen = require("ajv") as { _: (strings: TemplateStringsArray, ...values: unknown[]) => unknown };

/** The Ajv options every instance of the generator shares (all errors, not only the first). */
export function createAjv(draft2020: boolean): AjvInstance {
  const Cls = draft2020 ? Ajv2020 : Ajv;
  const ajv = new Cls({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  return ajv;
}

/**
 * An Ajv instance for standalone code generation (one per output file: standalone code
 * covers every schema added to the instance). Format functions are referenced, not
 * inlined, through ajv-formats' `fullFormats`.
 */
export function createStandaloneAjv(draft2020: boolean): AjvInstance {
  const Cls = draft2020 ? Ajv2020 : Ajv;
  const ajv = new Cls({
    strict: false,
    allErrors: true,
    logger: false,
    code: { source: true, esm: true, lines: true, optimize: true, formats: codegen._`require("ajv-formats/dist/formats").fullFormats` } as Options["code"],
  });
  addFormats(ajv);
  return ajv;
}

/** True when a schema declares a 2019-09 or 2020-12 `$schema`. */
export function isDraft2020(schema: JsonSchema): boolean {
  return typeof schema.$schema === "string" && DRAFT_2020.test(schema.$schema);
}

let draft7: AjvInstance | undefined;
let draft2020: AjvInstance | undefined;

/** The shared Ajv instance for a schema's dialect (`$schema`), created on first use. */
export function ajvFor(schema: JsonSchema): AjvInstance {
  if (isDraft2020(schema)) return (draft2020 ??= createAjv(true));
  return (draft7 ??= createAjv(false));
}

/** Checks a schema against its meta-schema; returns ajv's errors (empty when valid). */
export function metaSchemaErrors(schema: JsonSchema): ErrorObject[] {
  const ajv = ajvFor(schema);
  return ajv.validateSchema(schema) ? [] : [...(ajv.errors ?? [])];
}

const compiled = new Map<string, ValidateFunction | Error>();

/**
 * Compiles a schema for validating examples. Cached by content (never by identity), so
 * identical schemas across thousands of tools compile once.
 */
export function compileSchema(schema: JsonSchema): ValidateFunction | Error {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (v === undefined) {
    try {
      v = ajvFor(schema).compile(schemaWithoutId(schema));
    } catch (e) {
      v = e as Error;
    }
    compiled.set(key, v);
  }
  return v as ValidateFunction | Error;
}

/** A spec's `$id` would register the schema globally in Ajv; two specs sharing an id would clash. */
export function schemaWithoutId(schema: JsonSchema): JsonSchema {
  if (!("$id" in schema)) return schema;
  const { $id: _id, ...rest } = schema;
  return rest;
}
