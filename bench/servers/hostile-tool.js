// The costliest input schema `generate` accepts (a long-string pattern, uniqueItems over
// objects within maxItems, recursion through $ref, patternProperties), shared by the
// benchmark servers that take hostile arguments.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { linearRegExp } from "@mcp-specgen/runtime";
import { validationView } from "../../dist/src/schema/ajv.js";

export const HOSTILE_INPUT = {
  type: "object",
  properties: {
    text: { type: "string", maxLength: 100, pattern: "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", format: "email" },
    list: { type: "array", maxItems: 1000, uniqueItems: true },
    tree: { $ref: "#/$defs/node" },
    map: { type: "object", patternProperties: { "^[a-z]+$": { type: "integer" } }, additionalProperties: false },
  },
  $defs: { node: { type: "array", items: { $ref: "#/$defs/node" } } },
  additionalProperties: false,
};

/**
 * The `take` tool's definition: HOSTILE_INPUT validated the way generated validators
 * validate (the generator's validation view, its patterns on the runtime's linear-time engine).
 */
export function hostileToolDefinition() {
  const regExp = Object.assign((pattern, flags) => linearRegExp(pattern, flags), { code: "linearRegExp" });
  const ajv = new Ajv.default({ allErrors: true, strict: false, code: { regExp } });
  addFormats.default(ajv);
  return {
    name: "take",
    description: "Accepts anything its schema allows",
    inputSchema: HOSTILE_INPUT,
    validateInput: ajv.compile(validationView(HOSTILE_INPUT)),
  };
}
