// Where a large tools/call spends its time on the server's thread, step by step, for the
// largest message the servers accept (just under 2 MiB): parsing the frame (the transport,
// before the registry), the registry's size probe (decides whether validation runs under
// the budget), validation (run-time compiled schema, unguarded here), reading the errors,
// and — for a result of the same size — the JSON-safety check and serialization. The peer
// of each step is JSON.parse of the same text, measured in the same run.
// Usage: node bench/security/where-time-goes.js   (after `npm run build`)
import { fileURLToPath } from "node:url";
import { compileSchema, findUnserializable } from "@mcp-specgen/runtime";
import { isAtLeast, readIssues } from "../../packages/runtime/dist/call-budget.js";

const BYTES = 2 * 1024 * 1024 - 4096;

const CASES = {
  "170k keys vs patternProperties": [
    {
      type: "object",
      properties: { map: { type: "object", patternProperties: { "^[a-z]+[0-9]*$": { type: "integer" } } } },
    },
    () => `{"map":{${Array.from({ length: Math.floor(BYTES / 12) }, (_, i) => `"k${i}":1`).join(",")}}}`,
  ],
  "700k {} vs items": [
    { type: "object", properties: { list: { type: "array", items: { type: "object" } } } },
    () => `{"list":[${"{},".repeat(Math.floor(BYTES / 3) - 10)}{}]}`,
  ],
  "arrays nested 1M deep vs $ref": [
    {
      type: "object",
      properties: { tree: { $ref: "#/$defs/n" } },
      $defs: { n: { type: "array", items: { $ref: "#/$defs/n" } } },
    },
    () => `{"tree":${"[".repeat(BYTES / 2 - 10)}${"]".repeat(BYTES / 2 - 10)}}`,
  ],
  "2 MB string vs email": [
    { type: "object", properties: { s: { type: "string", format: "email" } } },
    () => JSON.stringify({ s: `a@${"a.".repeat(BYTES / 2 - 10)}-` }),
  ],
};

function time(fn) {
  const t0 = performance.now();
  let value;
  try {
    value = fn();
  } catch (err) {
    value = err.name;
  }
  return { ms: performance.now() - t0, value };
}

/** @returns {Promise<object[]>} one row per case, each step in ms. */
export async function benchWhereTimeGoes() {
  const rows = [];
  for (const [name, [schema, make]] of Object.entries(CASES)) {
    const text = make();
    const validate = compileSchema(schema);
    const parse = time(() => JSON.parse(text));
    const data = parse.value;
    const probe = time(() => isAtLeast(data, 1024));
    const check = time(() => validate(data));
    const issues = time(() => (check.value === false ? readIssues(validate, data, 101) : undefined));
    rows.push({
      case: name,
      bytes: text.length,
      "parse ms": +parse.ms.toFixed(1),
      "probe ms": +probe.ms.toFixed(2),
      "validate ms": +check.ms.toFixed(1),
      verdict: String(check.value),
      "read errors ms": +issues.ms.toFixed(1),
      "JSON-safe check ms": +time(() => findUnserializable(data)).ms.toFixed(1),
      "stringify ms": +time(() => JSON.stringify(data)).ms.toFixed(1),
      "probe/parse": +(probe.ms / parse.ms).toFixed(3),
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await benchWhereTimeGoes());
