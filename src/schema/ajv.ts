import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Ajv as AjvInstance, ValidateFunction, ErrorObject, Options } from "ajv";
import type { JsonSchema } from "../ir/types.js";
import {
  compilePattern,
  linearOrCappedRegExp,
  linearRegExp,
  type BacktrackingOptions,
  type PatternMatcher,
} from "@mcp-specgen/runtime/generator-support";
import { mapSchema, someSubschema, SUBSCHEMA_KEYWORDS, walkSchema } from "./walk.js";
import { unboundedDeepUniqueItems } from "./unique-items.js";
import { ENUM_SET_KEYWORD, enumSetKeyword, isSetEnum } from "./enum-set.js";

// ajv and ajv-formats are CommonJS; createRequire sidesteps their default-export interop.
const require = createRequire(import.meta.url);
type AjvConstructor = new (options: Options) => AjvInstance;
const AJV_CLASSES: Record<Dialect, AjvConstructor> = {
  draft7: require("ajv").default as AjvConstructor,
  "2019": require("ajv/dist/2019").default as AjvConstructor,
  "2020": require("ajv/dist/2020").default as AjvConstructor,
};
const addFormats = require("ajv-formats").default as (ajv: AjvInstance) => AjvInstance;
const codegen = require("ajv") as { _: (strings: TemplateStringsArray, ...values: unknown[]) => unknown };

export type { ValidateFunction, ErrorObject };

/** The `format` values validators check (ajv-formats' full set); others are annotations only. */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set(
  Object.keys((require("ajv-formats/dist/formats") as { fullFormats: object }).fullFormats),
);

/** The JSON Schema dialects ajv validates: draft-07 (also used for draft-06), 2019-09, 2020-12. */
export type Dialect = "draft7" | "2019" | "2020";

/** Every {@link Dialect}. */
export const DIALECTS: readonly Dialect[] = ["draft7", "2019", "2020"];

/** How a schema's dialect was decided (see {@link schemaDialect}). */
export type DialectSource =
  /** `$schema` names it. */
  | "declared"
  /** No `$schema`: JSON Schema 2020-12, MCP's default dialect (SEP-1613). */
  | "default"
  /** No `$schema`, but the schema is written with draft-07 forms that 2020-12 does not have. */
  | "draft7-forms";

/**
 * The dialect a schema is read in. `$schema` decides when present; `supported` is false for
 * dialects ajv 8 does not know (draft-04, custom URIs): those are read with draft-07 rules,
 * which cover what tool schemas use, and the caller warns.
 *
 * Without `$schema` a schema is JSON Schema 2020-12, as MCP defines it (SEP-1613) — except
 * one written in draft-07 style: an array-valued `items` (a draft-07 tuple, which 2020-12
 * spells `prefixItems` and whose meta-schema refuses an array) anywhere in it makes the whole
 * schema draft-07, which is what its author meant (`source: "draft7-forms"`). Every other
 * draft-07 keyword means the same in both dialects as ajv reads them (`definitions`,
 * `dependencies`) or is ignored by both (`additionalItems` without an array `items`).
 */
export function schemaDialect(schema: JsonSchema): { dialect: Dialect; supported: boolean; source: DialectSource } {
  const uri = schema.$schema;
  if (typeof uri !== "string") {
    return usesDraft7Forms(schema)
      ? { dialect: "draft7", supported: true, source: "draft7-forms" }
      : { dialect: "2020", supported: true, source: "default" };
  }
  if (uri.includes("2020-12")) return { dialect: "2020", supported: true, source: "declared" };
  if (uri.includes("2019-09")) return { dialect: "2019", supported: true, source: "declared" };
  return { dialect: "draft7", supported: /draft-0[67]\b/.test(uri), source: "declared" };
}

/** Paths (from the root) of the draft-07-only forms in a schema: every array-valued `items`. */
export function draft7FormPaths(schema: JsonSchema): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [];
  walkSchema(schema, (sub, path) => {
    if (Array.isArray(sub.items)) paths.push([...path, "items"]);
  });
  return paths;
}

function usesDraft7Forms(schema: JsonSchema): boolean {
  return someSubschema(schema, (sub) => Array.isArray(sub.items));
}

/**
 * How generated validators group schemas into modules: `validators/<module>.ts` holds the
 * schemas without `$schema` (2020-12, or draft-07 when written in draft-07 style) and those
 * declaring draft-07, each dialect compiled apart within the file; schemas declaring 2019-09
 * or 2020-12 have a folder per dialect.
 */
export type DialectGroup = "default" | "2019" | "2020";

/** The validators group of a schema (see {@link DialectGroup}). */
export function dialectGroup(schema: JsonSchema): DialectGroup {
  return groupOfDialect(schemaDialect(schema));
}

/** The validators group of a schema whose dialect {@link schemaDialect} decided. */
export function groupOfDialect({ dialect, source }: { dialect: Dialect; source: DialectSource }): DialectGroup {
  return source === "declared" && dialect !== "draft7" ? dialect : "default";
}

/**
 * The schema as the meta-schema check sees it: without the root `$id` (an id would
 * register globally in an Ajv instance) and without `$schema`. The dialect is chosen by the
 * instance (see {@link ajvFor}), whose own meta-schema then checks the whole schema: a
 * `$schema` naming a part of a meta-schema (`…/2020-12/meta/core`, or
 * `…/draft-07/schema#/properties/default`, which is `true`) would otherwise let any schema
 * pass. Meta-validation treats the schema as data, so nothing in it is compiled.
 */
export function schemaForMeta(schema: JsonSchema): JsonSchema {
  const { $id: _id, $schema: _schema, ...rest } = schema;
  return rest;
}

// Keywords that take part in validation in each dialect, besides those holding
// subschemas. Everything else — annotations (`title`, `description`, `default`,
// `examples`), identifiers, comments, keywords of other dialects and unknown keywords —
// has no effect on what validates, so ajv never sees it: what reaches the code ajv
// compiles is property names, enum/const values, patterns and numbers, which it always
// emits as escaped literals. (`nullable` is OpenAPI's, not JSON Schema's: ignored.)
const DRAFT7_KEYWORDS = [
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "$ref",
];
const VALIDATION_KEYWORDS: Record<Dialect, ReadonlySet<string>> = {
  draft7: new Set(DRAFT7_KEYWORDS),
  "2019": new Set([...DRAFT7_KEYWORDS, "maxContains", "minContains", "dependentRequired"]),
  "2020": new Set([...DRAFT7_KEYWORDS, "maxContains", "minContains", "dependentRequired"]),
};

/**
 * The part of a schema that decides what validates in its dialect: validation keywords
 * and subschemas, nothing else (see {@link VALIDATION_KEYWORDS}). Expects a schema whose identifiers are
 * already resolved (no nested `$id`, `$ref`s as `#/…` pointers), as every tool schema is
 * after the check stage. Key paths are unchanged, so ajv's error paths still fit the source.
 */
export function validationView(schema: JsonSchema, dialect: Dialect = schemaDialect(schema).dialect): JsonSchema {
  const keywords = VALIDATION_KEYWORDS[dialect];
  return mapSchema(schema, (sub) => {
    for (const key of Object.keys(sub)) if (!keywords.has(key) && !SUBSCHEMA_KEYWORDS.has(key)) delete sub[key];
    if (isSetEnum(sub.enum)) {
      sub[ENUM_SET_KEYWORD] = sub.enum;
      delete sub.enum;
    }
    return boundDeepUniqueItems(sub);
  });
}

/**
 * Validators compare every pair of items for `uniqueItems` over objects or arrays, and they
 * do so even when `maxItems` already failed (they report every failing keyword). Checking
 * uniqueness only `if` the array is within `maxItems` gives the same verdict — a longer
 * array is invalid either way — in bounded time.
 */
function boundDeepUniqueItems(sub: JsonSchema): JsonSchema {
  if (
    sub.uniqueItems !== true ||
    typeof sub.maxItems !== "number" ||
    unboundedDeepUniqueItems({ uniqueItems: true, items: sub.items ?? {} }).length === 0
  )
    return sub;
  delete sub.uniqueItems;
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, as data
  const guarded = { if: { maxItems: sub.maxItems }, then: { uniqueItems: true } };
  sub.allOf = Array.isArray(sub.allOf) ? [...sub.allOf, guarded] : [guarded];
  return sub;
}

/**
 * How ajv compiles a schema's patterns when validating in this process (usage examples): to a
 * matcher on the runtime's linear-time engine (see `compilePattern`).
 */
export type PatternCompiler = (pattern: string) => PatternMatcher;

/**
 * The pattern engine named in standalone code: the runtime's `linearRegExp` (or
 * `linearOrCappedRegExp(maxLength)` for an input that opts in to backtracking patterns),
 * which generated validators import (see the validators generator's `runtimeHelpers`).
 * ajv calls it here only to name each pattern; nothing is compiled at generation.
 */
function standalonePatternEngine(backtracking: BacktrackingOptions | undefined) {
  const engine = backtracking ? linearOrCappedRegExp(backtracking.maxLength) : linearRegExp;
  return Object.assign((pattern: string, flags: string) => engine(pattern, flags), {
    code: backtracking
      ? `require("@mcp-specgen/runtime").linearOrCappedRegExp(${backtracking.maxLength})`
      : 'require("@mcp-specgen/runtime").linearRegExp',
  });
}

/**
 * An Ajv instance with the generator's options (all errors, formats, not strict about unknown
 * keywords), its patterns compiled by `patterns` (by default: each on the linear-time engine,
 * when the schema is compiled). `checkedSchemas`: the schemas it compiles were checked against
 * their meta-schema already (see {@link metaSchemaErrors}), so compiling does not check them
 * again — nor compile the meta-schema for that, most of a fresh instance's first compile.
 */
export function createAjv(
  dialect: Dialect,
  patterns: PatternCompiler = (pattern) => compilePattern(pattern),
  checkedSchemas = false,
): AjvInstance {
  const ajv = new AJV_CLASSES[dialect]({
    strict: false,
    allErrors: true,
    logger: false,
    validateSchema: !checkedSchemas,
    code: { regExp: Object.assign((pattern: string) => patterns(pattern), { code: "linearPattern" }) },
  });
  addFormats(ajv);
  ajv.addKeyword(enumSetKeyword);
  return ajv;
}

/**
 * An Ajv instance for standalone code generation. Format functions are referenced, not
 * inlined, through ajv-formats' `fullFormats`; `esm` chooses ES module or CommonJS output.
 * `ownProperties` makes property checks ignore inherited members, which matters for
 * property names such as `constructor` or `toString` (see {@link namesInheritedProperty}).
 * Schemas are not checked against the meta-schema again: the checks before generation
 * did that (`metaSchemaErrors`, on the same dialect), and each fresh instance compiled the
 * meta-schema anew for it, a large part of the validators generator's time. Patterns run on the
 * runtime's linear-time engine (see `standalonePatternEngine`); `backtracking` is the input's
 * opt-in for those it cannot run.
 */
export function createStandaloneAjv(
  dialect: Dialect,
  esm = true,
  ownProperties = false,
  backtracking?: BacktrackingOptions,
): AjvInstance {
  const ajv = new AJV_CLASSES[dialect]({
    strict: false,
    validateSchema: false,
    allErrors: true,
    logger: false,
    ownProperties,
    code: {
      source: true,
      esm,
      lines: true,
      optimize: true,
      formats: codegen._`require("ajv-formats/dist/formats").fullFormats`,
      regExp: standalonePatternEngine(backtracking),
    } as Options["code"],
  });
  addFormats(ajv);
  ajv.addKeyword(enumSetKeyword);
  return ajv;
}

const INHERITED = Object.getOwnPropertyNames(Object.prototype);

/**
 * Whether a schema mentions a name every plain object inherits (`constructor`,
 * `toString`, `__proto__`…) as a string anywhere — as a property name, in `required`…
 * Validators read properties as `data.name !== undefined`, so for such a name they
 * would see `Object.prototype`'s member on every argument object: an optional
 * `constructor` property typed `object` refused `{}`, and a required one was never
 * missing. Schemas that do get validators built with ajv's `ownProperties`.
 */
export function namesInheritedProperty(schema: JsonSchema): boolean {
  const json = JSON.stringify(schema);
  return INHERITED.some((name) => json.includes(JSON.stringify(name)));
}

/** A meta-schema check: whether a schema is valid, with ajv's errors when it is not. */
type MetaSchemaCheck = ((schema: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The meta-schema check of each dialect, made on first use and then a constant of the
 * process, like a module loaded on first use: compiling a dialect's meta-schema takes a
 * noticeable time, which every run would pay again, and checking a schema against it
 * compiles and keeps nothing, so no run can see another's schemas in it.
 */
const META_SCHEMA_CHECKS: Partial<Record<Dialect, MetaSchemaCheck>> = {};

/**
 * Checks a schema against its dialect's meta-schema (`dialect`: its {@link schemaDialect},
 * when the caller has it already); returns ajv's errors (empty when valid).
 */
export function metaSchemaErrors(schema: JsonSchema, dialect: Dialect = schemaDialect(schema).dialect): ErrorObject[] {
  const check = (META_SCHEMA_CHECKS[dialect] ??=
    precompiledMetaSchemaCheck(dialect) ?? compiledMetaSchemaCheck(dialect));
  return check(schemaForMeta(schema)) ? [] : [...(check.errors ?? [])];
}

/** A dialect's meta-schema check compiled now, by the instance that checks schemas when validating examples. */
export function compiledMetaSchemaCheck(dialect: Dialect): MetaSchemaCheck {
  const ajv = createAjv(dialect);
  const check = (schema: unknown) => ajv.validateSchema(schema as JsonSchema) as boolean;
  return Object.defineProperty(check, "errors", { get: () => ajv.errors });
}

// The build writes each dialect's meta-schema check as standalone code beside this module
// (scripts/precompile-meta-schemas.mjs), so a run loads it instead of compiling the
// meta-schema. It is used only with the ajv it was made by; otherwise (a user's install
// resolved another version, or a run from the sources) the check is compiled as before.

/** The file of a dialect's precompiled meta-schema check, beside this module in dist/. */
export function precompiledMetaSchemaFile(dialect: Dialect): URL {
  return new URL(`./meta-schema-${dialect}.cjs`, import.meta.url);
}

/** ajv's version, which a precompiled check must have been made by. */
function ajvVersion(): string {
  return (require("ajv/package.json") as { version: string }).version;
}

/** The precompiled meta-schema check of a dialect, when there is one made by the ajv installed. */
function precompiledMetaSchemaCheck(dialect: Dialect): MetaSchemaCheck | undefined {
  try {
    const check = require(fileURLToPath(precompiledMetaSchemaFile(dialect))) as MetaSchemaCheck & {
      ajvVersion?: string;
    };
    return typeof check === "function" && check.ajvVersion === ajvVersion() ? check : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A dialect's meta-schema check as a CommonJS module of ajv standalone code: the check
 * {@link compiledMetaSchemaCheck} compiles (the same options, formats and pattern engine),
 * with the ajv version that made it. What the build writes at {@link precompiledMetaSchemaFile}.
 */
export function metaSchemaCheckModule(dialect: Dialect): string {
  const ajv = new AJV_CLASSES[dialect]({
    strict: false,
    allErrors: true,
    logger: false,
    code: {
      source: true,
      esm: false,
      formats: codegen._`require("ajv-formats/dist/formats").fullFormats`,
      regExp: standalonePatternEngine(undefined),
    } as Options["code"],
  });
  addFormats(ajv);
  ajv.addKeyword(enumSetKeyword);
  const standaloneCode = require("ajv/dist/standalone").default as (ajv: AjvInstance, v: ValidateFunction) => string;
  const check = ajv.getSchema(ajv.defaultMeta() as string);
  if (!check) throw new Error(`ajv has no meta-schema for ${dialect}`);
  // The pattern engine from the runtime's generator entry, which loads only the pattern
  // code, not the index (the registry and the MCP servers a build never runs).
  const code = standaloneCode(ajv, check).replaceAll(
    'require("@mcp-specgen/runtime")',
    'require("@mcp-specgen/runtime/generator-support")',
  );
  return `${code}\nmodule.exports.ajvVersion = ${JSON.stringify(ajvVersion())};\n`;
}
