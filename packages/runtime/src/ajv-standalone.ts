import { createRequire } from "node:module";
import { jsonEqual } from "./json-equal.js";

// Validators generated with ajv's standalone code need a few small helpers of ajv's
// runtime and the ajv-formats format functions. Generated code imports them from here,
// so a project only has to depend on @mcp-specgen/runtime (ajv's compiler is never loaded).
const require = createRequire(import.meta.url);

/**
 * Deep equality used by `uniqueItems`, `const` and object `enum`s. Not ajv's own:
 * that one calls methods found on the data, so an argument like `{"toString": 1}`
 * made validators throw (see json-equal.ts).
 */
export const ajvEqual: (a: unknown, b: unknown) => boolean = jsonEqual;
/** Unicode-aware string length used by `minLength` / `maxLength`. */
export const ajvUcs2length = (require("ajv/dist/runtime/ucs2length") as { default: (s: string) => number }).default;
/** URI resolution used by schemas with `$id`s. */
export const ajvUri = (require("ajv/dist/runtime/uri") as { default: unknown }).default;
/** Error class used by async validators. */
export const ajvValidationError = (require("ajv/dist/runtime/validation_error") as { default: unknown }).default;
/** The ajv-formats "full" format checks (`date`, `date-time`, `email`, `uri`…). */
export const ajvFullFormats = (require("ajv-formats/dist/formats") as { fullFormats: Record<string, unknown> })
  .fullFormats;
