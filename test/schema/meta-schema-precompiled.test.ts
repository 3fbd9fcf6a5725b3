import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import {
  compiledMetaSchemaCheck,
  DIALECTS,
  type Dialect,
  metaSchemaCheckModule,
  precompiledMetaSchemaFile,
  schemaForMeta,
} from "../../src/schema/ajv.js";
import type { JsonSchema } from "../../src/ir/types.js";

// The build writes each dialect's meta-schema check as ajv standalone code, which a run
// loads instead of compiling the meta-schema: it must give the verdict and the errors the
// compiled check gives, on every schema.

const SEED = 3632;
const require = createRequire(import.meta.url);

/** The check a module of {@link metaSchemaCheckModule} exports, evaluated as CommonJS. */
function loadModule(code: string): ((schema: unknown) => boolean) & { errors?: unknown; ajvVersion?: string } {
  const module = { exports: {} as never };
  new Function("require", "module", "exports", code)(require, module, module.exports);
  return module.exports;
}

/** The verdict and errors of a check on a schema, as metaSchemaErrors reads them. */
const outcome = (check: ((s: unknown) => boolean) & { errors?: unknown }, schema: JsonSchema) => {
  const valid = check(schemaForMeta(schema));
  return { valid, errors: valid ? [] : check.errors };
};

const SCHEMAS: JsonSchema[] = [
  { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
  { type: "strin" },
  { type: ["string", 3] },
  { type: "object", required: "a" },
  { type: "object", required: ["a", "a"] },
  { type: "string", minLength: -1, maxLength: 1.5, pattern: 3 },
  { type: "number", minimum: "0", multipleOf: 0 },
  { type: "array", items: [{ type: "string" }], additionalItems: false, prefixItems: { type: "string" } },
  { type: "array", prefixItems: [{ type: "string" }, true], items: false, minContains: -2, contains: 1 },
  { $defs: { a: { $anchor: "1bad" }, b: { $anchor: "good" } }, $ref: "#/$defs/b" },
  { definitions: { a: { type: "nope" } }, dependencies: { a: ["b"], c: { type: 1 } } },
  { dependentRequired: { a: [1] }, dependentSchemas: { a: { enum: [] } }, unevaluatedProperties: 1 },
  { $dynamicAnchor: "meta", $dynamicRef: "#meta", $id: 3, $comment: ["x"] },
  { enum: "x", const: undefined as never, format: 7, contentMediaType: 1, deprecated: "yes" },
  { allOf: [], anyOf: [{ type: "x" }], oneOf: {}, not: [], if: 1, then: { type: "y" }, else: null as never },
  { properties: { a: { properties: { b: { properties: { c: { type: "deep" } } } } } } },
  { patternProperties: { "^x": { minimum: "1" } }, propertyNames: { maxLength: -1 }, maxProperties: -1 },
];

/** Random schema-like objects: the keywords of every dialect with values of any JSON shape. */
const KEYWORDS = [
  "type",
  "properties",
  "required",
  "items",
  "prefixItems",
  "additionalItems",
  "additionalProperties",
  "enum",
  "const",
  "minimum",
  "maxLength",
  "pattern",
  "format",
  "$ref",
  "$defs",
  "definitions",
  "$anchor",
  "$dynamicRef",
  "anyOf",
  "allOf",
  "not",
  "if",
  "dependentSchemas",
  "dependencies",
  "unevaluatedProperties",
  "contains",
  "minContains",
  "title",
  "default",
];
const { schema: randomSchema } = fc.letrec((tie) => ({
  schema: fc.dictionary(
    fc.constantFrom(...KEYWORDS),
    fc.oneof(
      { depthSize: "small" },
      fc.jsonValue({ maxDepth: 2 }),
      tie("schema"),
      fc.array(tie("schema"), { maxLength: 2 }),
      fc.dictionary(fc.constantFrom("a", "b", "^x"), tie("schema"), { maxKeys: 2 }),
      fc.constantFrom("string", "object", "integer", "#/$defs/a", "date-time", "^a+$"),
    ),
    { maxKeys: 4 },
  ),
}));

describe("precompiled meta-schema checks", () => {
  it.each(DIALECTS)("%s: give the compiled check's verdict and errors, on chosen and random schemas", (dialect) => {
    const precompiled = loadModule(metaSchemaCheckModule(dialect as Dialect));
    const compiled = compiledMetaSchemaCheck(dialect as Dialect);
    for (const schema of SCHEMAS) expect(outcome(precompiled, schema)).toEqual(outcome(compiled, schema));
    // The chosen schemas include invalid ones in every dialect.
    expect(SCHEMAS.filter((s) => !precompiled(schemaForMeta(s))).length).toBeGreaterThan(5);
    fc.assert(
      fc.property(randomSchema, (schema) => {
        expect(outcome(precompiled, schema as JsonSchema)).toEqual(outcome(compiled, schema as JsonSchema));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("are written by the build for every dialect, made by the ajv installed", () => {
    const built = (dialect: Dialect) =>
      fileURLToPath(precompiledMetaSchemaFile(dialect)).replace(/\/src\/schema\//, "/dist/src/schema/");
    const version = (require("ajv/package.json") as { version: string }).version;
    for (const dialect of DIALECTS) {
      expect(existsSync(built(dialect)), built(dialect)).toBe(true);
      expect(readFileSync(built(dialect), "utf8")).toContain(`module.exports.ajvVersion = ${JSON.stringify(version)};`);
    }
  });
});
