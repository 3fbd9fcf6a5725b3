/**
 * JSON Schema validation support for the registry: the ajv-compatible validator
 * contract, conversion of ajv errors into ValidationIssues, and a lazy compile
 * cache for definitions that carry a schema but no precompiled validator.
 *
 * Generated code passes ajv *standalone* validators, so normally nothing here
 * compiles and ajv is never even loaded: it is required on first use only. Patterns
 * always run on the linear-time engine (patterns/linear-regexp.ts).
 */
import { createRequire } from "node:module";
import { canonicalJson } from "./canonical-json.js";
import { jsonEqual } from "./json-equal.js";
import { escapePointerToken, resolvePointer } from "./paths.js";
import { compilePattern, type BacktrackingOptions, type PatternMatcher } from "./patterns/linear-regexp.js";
import { forEachSubschema } from "./schema-graph.js";
import type { JsonSchemaObject, ValidationIssue } from "./types.js";

/** One validation error in ajv's `ErrorObject` shape (the fields the runtime reads). */
export interface ValidatorError {
  /** JSON pointer to the failing value. */
  instancePath: string;
  /** JSON pointer into the schema. */
  schemaPath: string;
  /** The failed keyword (`type`, `required`, `minimum`…). */
  keyword: string;
  /** Keyword parameters (`missingProperty`, `allowedValues`…). */
  params: Record<string, unknown>;
  message?: string;
}

/**
 * An ajv-compatible validate function: returns whether `data` is valid and, when
 * not, leaves the errors on its `errors` property. Ajv's compiled and standalone
 * validators satisfy it. Compile with `allErrors: true` to report every field.
 */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: readonly ValidatorError[] | null;
}

/** Compiles a JSON Schema into a validate function (the registry's `compileSchema` option). */
export type SchemaCompiler = (schema: JsonSchemaObject) => ValidateFunction;

/**
 * A validator's verdict: valid only when it returned `true`. An asynchronous validator
 * returns a promise, which would otherwise read as valid: it is refused, and its rejection
 * (how it reports invalid data) handled, so that it cannot end the process.
 */
export function verdictOf(result: unknown): boolean {
  if (result === true) return true;
  if (typeof result === "object" && result !== null) {
    let then: unknown;
    try {
      then = (result as { then?: unknown }).then;
    } catch {
      return false;
    }
    if (typeof then === "function") {
      try {
        Reflect.apply(then, result, [undefined, () => undefined]);
      } catch {
        // Nothing to handle: it is refused either way.
      }
      throw new TypeError(
        'the validator returned a promise: it is asynchronous ("$async": true), and validation must be synchronous',
      );
    }
  }
  return false;
}

/**
 * Converts a failed validator's errors into issues, one per failing field:
 * `required` / `additionalProperties` point at the missing or extra property
 * itself, `value` is the offending value (absent when missing). Duplicates
 * (same pointer, rule and message) are dropped. At most `limit` issues are
 * returned (default: all) — a large invalid input can fail on every item.
 */
export function issuesFromErrors(
  errors: readonly ValidatorError[] | null | undefined,
  data: unknown,
  limit = Infinity,
): ValidationIssue[] {
  if (!errors || errors.length === 0) {
    return [{ pointer: "", rule: "schema", message: "does not match the schema", value: data }];
  }
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // "must match the then schema" only summarises the errors of `then`, reported themselves.
    if (e.keyword === "if" && errors.length > 1) continue;
    const issue = issueFromError(e, data);
    const key = `${issue.pointer}\u0000${issue.rule}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length >= limit) break;
  }
  return issues;
}

function issueFromError(e: ValidatorError, data: unknown): ValidationIssue {
  const params = e.params ?? {};
  const base = e.instancePath ?? "";
  switch (e.keyword) {
    case "required":
    case "dependentRequired":
    case "dependencies":
      if (typeof params.missingProperty === "string") {
        return {
          pointer: `${base}/${escapePointerToken(params.missingProperty)}`,
          rule: e.keyword,
          message: "is required",
        };
      }
      break;
    case "additionalProperties":
    case "unevaluatedProperties": {
      const extra = params.additionalProperty ?? params.unevaluatedProperty;
      if (typeof extra === "string") {
        const pointer = `${base}/${escapePointerToken(extra)}`;
        return issue(pointer, e.keyword, "is not allowed (unknown property)", resolvePointer(data, pointer));
      }
      break;
    }
    case "enum":
    case "enumSet": // generated validators check large enums of plain values with a Set
      if (Array.isArray(params.allowedValues)) {
        return issue(
          base,
          "enum",
          `must be one of ${excerptText(safeJson(params.allowedValues))}`,
          resolvePointer(data, base),
        );
      }
      break;
    case "const":
      if ("allowedValue" in params) {
        return issue(base, e.keyword, `must be ${safeJson(params.allowedValue)}`, resolvePointer(data, base));
      }
      break;
  }
  return issue(base, e.keyword, e.message ?? `fails ${e.keyword}`, resolvePointer(data, base));
}

function issue(pointer: string, rule: string, message: string, value: unknown): ValidationIssue {
  const out: ValidationIssue = { pointer, rule, message };
  if (value !== undefined) {
    try {
      out.value = excerpt(value, 3);
    } catch {
      // A value handed over in process (not parsed JSON) may be a Proxy whose traps throw.
      out.value = "[unreadable value]";
    }
  }
  return out;
}

const EXCERPT_CHARS = 200;

/** A message part cut to a readable length (a 5,000-value enum is not listed whole). */
function excerptText(text: string): string {
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}
const EXCERPT_ENTRIES = 20;

/**
 * The offending value as reported back: long strings cut to their first characters,
 * long arrays and objects to their first entries, nesting to a few levels. A request of
 * megabytes is then answered with an error of a few kilobytes, not echoed whole.
 */
function excerpt(value: unknown, depth: number): unknown {
  if (typeof value === "string")
    return value.length > EXCERPT_CHARS ? `${value.slice(0, EXCERPT_CHARS)}… (${value.length} characters)` : value;
  if (value === null || typeof value !== "object") return value;
  if (depth === 0) return Array.isArray(value) ? `[array of ${value.length}]` : "[object]";
  if (Array.isArray(value)) {
    const head = value.slice(0, EXCERPT_ENTRIES).map((v) => excerpt(v, depth - 1));
    return value.length > EXCERPT_ENTRIES ? [...head, `… (${value.length} items)`] : head;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (n++ === EXCERPT_ENTRIES) {
      out["…"] = "(more properties)";
      break;
    }
    Object.defineProperty(out, key, {
      value: excerpt((value as Record<string, unknown>)[key], depth - 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export { canonicalJson };

// ---------------------------------------------------------------------------
// Lazy compilation

interface AjvInstance {
  compile(schema: object): ValidateFunction;
  getSchema(id: string): unknown;
  removeSchema(id: string): unknown;
  /** Ajv's value scope: the functions compiled validators reference (see useSafeEqual). */
  scope: { value(prefix: string, value: { key?: unknown; ref: unknown; code: unknown }): unknown };
}
type AjvConstructor = new (options: Record<string, unknown>) => AjvInstance;

// Made on first use, not at load: a bundle to CommonJS leaves `import.meta.url`
// empty, and code that only runs precompiled validators must still load there.
let requireFromHere: ReturnType<typeof createRequire> | undefined;

/** Options of {@link createSchemaCompiler}. */
export interface SchemaCompilerOptions {
  /**
   * Patterns the linear-time engine cannot run (backreferences, lookahead, lookbehind…):
   * without this option (the default) compiling a schema with one throws, naming the
   * pattern; with it, they run on JavaScript's backtracking RegExp on strings of at most
   * `maxLength` UTF-16 code units (longer strings fail the pattern).
   */
  backtrackingPatterns?: BacktrackingOptions;
}

/**
 * A schema compiler with caches of its own (see {@link compileSchema} for what it does),
 * for a registry that opts in to backtracking patterns (`backtrackingPatterns`).
 */
export function createSchemaCompiler(options: SchemaCompilerOptions = {}): SchemaCompiler & { clear(): void } {
  const compiled = new Map<string, ValidateFunction>();
  const instances = new Map<string, AjvInstance>();
  const backtracking = options.backtrackingPatterns;
  // Every `pattern` and `patternProperties` key runs on the linear-time engine (translated
  // when ajv compiles the schema, so a pattern it cannot run fails the compilation).
  const regExp = Object.assign(
    (pattern: string, flags?: string): PatternMatcher => {
      if (flags !== "u") throw new TypeError(`patterns are compiled in Unicode mode only, got flags "${flags}"`);
      return compilePattern(pattern, backtracking);
    },
    { code: "linearPattern" },
  );
  const compile = (schema: JsonSchemaObject): ValidateFunction => {
    const key = canonicalJson(schema);
    let validate = compiled.get(key);
    if (validate === undefined) {
      let dialect = dialectOf(schema);
      let source = schema;
      if (dialect === "unknown") {
        // An unsupported `$schema` (e.g. draft-04) would make ajv refuse the schema;
        // validate it with draft-07 rules, which cover what tool schemas use.
        const { $schema: _ignored, ...rest } = schema;
        source = rest;
        dialect = "draft7";
      }
      let ajv = instances.get(dialect);
      if (ajv === undefined) instances.set(dialect, (ajv = createAjv(dialect, regExp)));
      source = withoutAsync(source);
      // Ajv keeps schemas with an `$id` in a registry and refuses a second, different
      // schema with the same id; the compiled function does not need the entry.
      if (typeof source.$id === "string" && ajv.getSchema(source.$id) !== undefined) ajv.removeSchema(source.$id);
      validate = ajv.compile(source);
      compiled.set(key, validate);
    }
    return validate;
  };
  return Object.assign(compile, {
    clear: () => {
      compiled.clear();
      instances.clear();
    },
  });
}

/**
 * `schema` without ajv's `$async` keyword (a copy when it has one). `"$async": true` makes
 * ajv compile a validator that returns a promise, which the registry cannot use (validation
 * is synchronous, under a time budget); no keyword of the runtime's compiler is
 * asynchronous, so the synchronous validator gives the same verdict.
 */
function withoutAsync(schema: JsonSchemaObject): JsonSchemaObject {
  let found = false;
  forEachSubschema(schema, (sub) => {
    found ||= Object.hasOwn(sub, "$async");
  });
  if (!found) return schema;
  const copy = structuredClone(schema);
  forEachSubschema(copy, (sub) => {
    delete sub.$async;
  });
  return copy;
}

/**
 * A schema's dialect: as its `$schema` declares; without one JSON Schema 2020-12, as MCP
 * defines it — unless it uses the draft-07 tuple form (an array-valued `items`), which
 * 2020-12 refuses and which says the author wrote draft-07 (the generator's rule too).
 */
function dialectOf(schema: JsonSchemaObject): "2020" | "2019" | "draft7" | "unknown" {
  const uri = schema.$schema;
  if (typeof uri !== "string") return hasArrayItems(schema, 0) ? "draft7" : "2020";
  if (uri.includes("2020-12")) return "2020";
  if (uri.includes("2019-09")) return "2019";
  if (uri.includes("draft-07") || uri.includes("draft-06")) return "draft7";
  return "unknown";
}

function hasArrayItems(node: unknown, depth: number): boolean {
  if (typeof node !== "object" || node === null || depth > 200) return false;
  if (Array.isArray(node)) return node.some((item) => hasArrayItems(item, depth + 1));
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.items)) return true;
  for (const key of Object.keys(record)) {
    // `enum`, `const`, `default` and `examples` hold data, not schemas.
    if (key === "enum" || key === "const" || key === "default" || key === "examples") continue;
    if (hasArrayItems(record[key], depth + 1)) return true;
  }
  return false;
}

function createAjv(dialect: "2020" | "2019" | "draft7", regExp: unknown): AjvInstance {
  // Required lazily (not imported) so that code using only precompiled
  // validators never loads ajv.
  requireFromHere ??= createRequire(import.meta.url);
  const modulePath = dialect === "2020" ? "ajv/dist/2020" : dialect === "2019" ? "ajv/dist/2019" : "ajv";
  const ajvModule = requireFromHere(modulePath) as { default?: AjvConstructor } & AjvConstructor;
  const Ajv = ajvModule.default ?? ajvModule;
  // ownProperties: an argument's inherited members (`constructor`, `toString`) are not its
  // properties, so an optional `constructor` is absent from `{}` and a required `toString` missing.
  const ajv = new Ajv({ strict: false, allErrors: true, ownProperties: true, code: { regExp } });
  useSafeEqual(ajv);
  const formats = requireFromHere("ajv-formats") as { default?: (ajv: AjvInstance) => void } & ((
    ajv: AjvInstance,
  ) => void);
  (formats.default ?? formats)(ajv);
  return ajv;
}

/**
 * Makes `ajv`'s validators compare values with {@link jsonEqual} instead of
 * ajv's deep equality, which calls methods found on the data (`{"toString": 1}`
 * made it throw; see json-equal.ts). Ajv looks the equality function up in the
 * instance's value scope by identity when it compiles `const`, `enum` and
 * `uniqueItems`, so registering jsonEqual under that identity first makes every
 * validator of this instance use it — without touching ajv's module, which other
 * code in the process (and other ajv instances) share.
 */
function useSafeEqual(ajv: AjvInstance): void {
  const unsafe = (requireFromHere!("ajv/dist/runtime/equal") as { default: { code: string } }).default;
  const { _Code } = requireFromHere!("ajv/dist/compile/codegen/code") as { _Code: new (code: string) => unknown };
  ajv.scope.value("func", { key: unsafe, ref: jsonEqual, code: new _Code(unsafe.code) });
}

// The compiler behind `compileSchema`. Process-wide on purpose: that function's
// documented contract is one cache keyed by the schema's content, which
// `clearCompileCache` empties, and registries without a compiler of their own share
// it because an ajv instance costs far more to build than a schema to compile.
// Created on first use, so a process that only runs precompiled validators has none.
let shared: ReturnType<typeof createSchemaCompiler> | undefined;

/**
 * Compiles a JSON Schema with a shared, lazily created ajv instance (strict: false,
 * allErrors: true, ajv-formats; 2020-12 by default, 2019-09 / draft-07 chosen by
 * `$schema`). Every pattern runs on the linear-time engine (`compilePattern`): a schema with
 * a pattern that engine cannot run throws (a `PatternCompileError` names it; see
 * {@link createSchemaCompiler} for the opt-in). Results are cached by the schema's canonical
 * JSON text, never by object identity, so equal schemas compile once.
 * @throws Error from ajv when the schema is invalid.
 */
export function compileSchema(schema: JsonSchemaObject): ValidateFunction {
  shared ??= createSchemaCompiler();
  return shared(schema);
}

/** Empties the compile cache (tests and long-running processes that reload many tools). */
export function clearCompileCache(): void {
  shared?.clear();
}
