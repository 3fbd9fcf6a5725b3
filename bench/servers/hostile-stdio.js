// Benchmark server for bench/ping-under-attack.js: serveStdio over one tool whose input
// schema holds the costliest shapes `generate` accepts (a long-string pattern, uniqueItems
// over objects within maxItems, recursion through $ref, patternProperties), validated the
// way generated validators validate (the generator's validation view, compiled by ajv, its
// patterns on the runtime's linear-time engine).
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { linearRegExp, ToolRegistry } from "@mcp-specgen/runtime";
import { serveStdio } from "@mcp-specgen/runtime";
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

const regExp = Object.assign((pattern, flags) => linearRegExp(pattern, flags), { code: "linearRegExp" });
const ajv = new Ajv.default({ allErrors: true, strict: false, code: { regExp } });
addFormats.default(ajv);
const registry = new ToolRegistry();
registry.register(
  {
    name: "take",
    description: "Accepts anything its schema allows",
    inputSchema: HOSTILE_INPUT,
    validateInput: ajv.compile(validationView(HOSTILE_INPUT)),
  },
  () => ({ ok: true }),
);
await serveStdio(registry, { name: "bench-hostile", version: "1.0.0" });
