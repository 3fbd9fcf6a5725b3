import { createRequire } from "node:module";
import type { KeywordDefinition, KeywordCxt } from "ajv";

// ajv is CommonJS; its code builders come through createRequire like the rest of src/schema.
const require = createRequire(import.meta.url);
const { _, stringify } = require("ajv/dist/compile/codegen") as {
  _: (strings: TemplateStringsArray, ...values: unknown[]) => unknown;
  stringify: (value: unknown) => unknown;
};

/** The keyword the validation view uses for large enums of plain values. */
export const ENUM_SET_KEYWORD = "enumSet";

/** Enums longer than this, of strings, numbers, booleans and null only, are checked with a Set. */
export const ENUM_SET_MIN_VALUES = 16;

/**
 * `enumSet`: `enum` for plain values, checked with one `Set` lookup. ajv checks an `enum`
 * by comparing the value with each allowed value in turn, so a 5,000-value enum under
 * array `items` cost items × 5,000 comparisons per request; a Set makes it items. Errors
 * carry `allowedValues` like `enum`'s, and the runtime reports them as `enum`.
 */
export const enumSetKeyword: KeywordDefinition = {
  keyword: ENUM_SET_KEYWORD,
  schemaType: "array",
  error: {
    message: "must be equal to one of the allowed values",
    params: ({ schemaCode }) => _`{allowedValues: ${schemaCode}}` as never,
  },
  code(cxt: KeywordCxt) {
    const values = cxt.schema as unknown[];
    const set = cxt.gen.scopeValue("obj", { ref: new Set(values), code: _`new Set(${stringify(values)})` as never });
    cxt.fail(_`!${set}.has(${cxt.data})` as never);
  },
};

/** True for an `enum` the validation view turns into `enumSet`. */
export function isSetEnum(values: unknown): values is Array<string | number | boolean | null> {
  return (
    Array.isArray(values) &&
    values.length > ENUM_SET_MIN_VALUES &&
    values.every((v) => v === null || typeof v !== "object")
  );
}
