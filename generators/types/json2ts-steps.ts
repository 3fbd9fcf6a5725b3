import { createRequire } from "node:module";
import { compile, DEFAULT_OPTIONS, type Options } from "json-schema-to-typescript";
import type { JSONSchema4 } from "json-schema";
import type { JsonSchema } from "../../src/ir/types.js";
import { someSubschema } from "../../src/schema/walk.js";

// json-schema-to-typescript's `compile` is a fixed sequence of steps (dereference, link,
// validate, normalize, parse, optimize, generate, format). Its first step hands every schema
// to json-schema-ref-parser, which sets up a parser, merges its options and crawls the whole
// schema even when there is nothing to dereference; for a schema with no `$ref` and no `$id`
// that step returns the schema unchanged. Such schemas run the remaining steps directly:
// the same functions in the same order, so the output is the same (test/generators/types-
// json2ts-steps.test.ts compares the two on every schema the tests have). The modules below
// are the package's own files (it declares no `exports`); the test fails if they move.
const require = createRequire(import.meta.url);
const dist = "json-schema-to-typescript/dist/src";

/**
 * The versions whose internal steps the direct path has been compared with `compile` on.
 * Another version (a user's install may resolve a newer one within the dependency range)
 * takes `compile` for every schema: slower, never different, never a crash on a moved file.
 */
const STEPS_VERSIONS = /^16\.0\./;

interface Json2tsSteps {
  link: (schema: unknown) => unknown;
  validate: (schema: unknown, name: string) => string[];
  normalize: (schema: unknown, dereferencedPaths: WeakMap<object, string>, name: string, options: Options) => unknown;
  normalizeNullableRefs: (schema: unknown) => void;
  parse: (
    schema: unknown,
    options: Options,
    keyName: undefined,
    processed: Map<unknown, unknown>,
    used: Set<string>,
  ) => unknown;
  nameAnonymousRecursiveTypes: (
    ast: unknown,
    processed: Map<unknown, unknown>,
    dereferencedPaths: WeakMap<object, string>,
    used: Set<string>,
  ) => void;
  optimize: (ast: unknown, options: Options) => unknown;
  generate: (ast: unknown, options: Options) => string;
}

/** The package's own step functions, or undefined when its version or files are not the ones tested. */
function loadSteps(): Json2tsSteps | undefined {
  try {
    const { version } = require("json-schema-to-typescript/package.json") as { version: string };
    if (!STEPS_VERSIONS.test(version)) return undefined;
    const steps = {
      ...require(`${dist}/linker.js`),
      ...require(`${dist}/validator.js`),
      ...require(`${dist}/normalizer.js`),
      ...require(`${dist}/parser.js`),
      ...require(`${dist}/optimizer.js`),
      ...require(`${dist}/generator.js`),
    } as Partial<Json2tsSteps>;
    const names = [
      "link",
      "validate",
      "normalize",
      "normalizeNullableRefs",
      "parse",
      "nameAnonymousRecursiveTypes",
      "optimize",
      "generate",
    ] as const;
    return names.every((n) => typeof steps[n] === "function") ? (steps as Json2tsSteps) : undefined;
  } catch {
    return undefined;
  }
}

/** Loaded once with this module: a constant for the process, like the package itself. */
const STEPS = loadSteps();

/** Whether the direct path is available (false: every schema goes through `compile`). */
export function hasDirectSteps(): boolean {
  return STEPS !== undefined;
}

/** json-schema-to-typescript's options for one build: what `compile` would merge on every call, merged once. */
export interface TypeCompileOptions {
  /** The options as given (what `compile` is called with when a schema needs dereferencing). */
  given: Partial<Options>;
  /** The same merged over json-schema-to-typescript's defaults, as `compile` merges them. */
  resolved: Options;
}

/** Merges the given options over json-schema-to-typescript's defaults once, as its `compile` does on every call. */
export function typeCompileOptions(given: Partial<Options>): TypeCompileOptions {
  // `compile` merges with lodash's deep `merge`; the options given here are plain values and
  // one nested object, which a structured clone of each side reproduces.
  const resolved = { ...structuredClone(DEFAULT_OPTIONS), ...structuredClone(given) } as Options;
  resolved.$refOptions = { ...structuredClone(DEFAULT_OPTIONS.$refOptions), ...structuredClone(given.$refOptions) };
  if (!resolved.cwd.endsWith("/")) resolved.cwd += "/";
  return { given, resolved };
}

/** Whether json-schema-to-typescript's dereferencing step could change the schema: a `$ref` or an `$id` anywhere in it. */
export function needsDereferencing(schema: JsonSchema): boolean {
  return someSubschema(schema, (sub) => Object.hasOwn(sub, "$ref") || Object.hasOwn(sub, "$id"));
}

/**
 * TypeScript for a schema, as json-schema-to-typescript's `compile(schema, name, options)`
 * writes it without formatting; a schema that needs no dereferencing skips the reference
 * parser. Counts each path taken in `counts` when given (the tests read it).
 */
export async function compileSchemaTypes(
  schema: JsonSchema,
  name: string,
  options: TypeCompileOptions,
  counts?: { dereferenced: number; direct: number },
): Promise<string> {
  if (!STEPS || options.resolved.format || needsDereferencing(schema)) {
    if (counts) counts.dereferenced++;
    return compile(schema as JSONSchema4, name, options.given);
  }
  if (counts) counts.direct++;
  const { link, validate, normalize, normalizeNullableRefs, parse, nameAnonymousRecursiveTypes, optimize, generate } =
    STEPS;
  const copy = structuredClone(schema);
  normalizeNullableRefs(copy);
  const dereferencedPaths = new WeakMap<object, string>();
  const linked = link(copy);
  const errors = validate(linked, name);
  // `compile` logs these and throws its ValidationError; a message that names them is as good here.
  if (errors.length) throw new Error(errors.join("; "));
  const normalized = normalize(linked, dereferencedPaths, name, options.resolved);
  const processed = new Map<unknown, unknown>();
  const usedNames = new Set<string>();
  const parsed = parse(normalized, options.resolved, undefined, processed, usedNames);
  nameAnonymousRecursiveTypes(parsed, processed, dereferencedPaths, usedNames);
  return generate(optimize(parsed, options.resolved), options.resolved);
}
