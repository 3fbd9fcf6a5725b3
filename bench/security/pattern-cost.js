// What the linear-time pattern engine costs on ordinary validation: a tool schema with the
// patterns real tools use (a slug, an email-like address, a date, a UUID) validated by ajv
// with its patterns on re2js (the runtime's `compileSchema`, as generated validators run them)
// beside the same schema on V8's RegExp (ajv's default, the peer), on typical short strings.
// Usage: node bench/security/pattern-cost.js   (after `npm run build`)
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { compileSchema } from "@mcp-specgen/runtime";

const require = createRequire(import.meta.url);
const Ajv = require("ajv/dist/2020").default;

const SCHEMA = {
  type: "object",
  properties: {
    slug: { type: "string", pattern: "^[a-z0-9-]+$" },
    email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$" },
    date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    id: { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" },
  },
  required: ["slug", "email", "date", "id"],
  additionalProperties: false,
};

const ARGS = Array.from({ length: 256 }, (_, i) => ({
  slug: `release-notes-${i}`,
  email: `user${i}@example.com`,
  date: `2026-0${1 + (i % 9)}-1${i % 10}`,
  id: `${(0x10000000 + i).toString(16)}-abcd-4ef0-8abc-0123456789ab`,
}));

function nsPerOp(fn, iterations) {
  for (let i = 0; i < 20_000; i++) fn(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn(i);
  return Number(process.hrtime.bigint() - t0) / iterations;
}

/**
 * Validates the same arguments with both validators, in rounds, and keeps each one's median.
 * @returns {object[]} table rows.
 */
export function benchPatternCost({ iterations = 200_000 } = {}) {
  const linear = compileSchema(SCHEMA);
  const v8 = new Ajv({ strict: false, allErrors: true }).compile(SCHEMA);
  for (const args of ARGS)
    if (!linear(args) || !v8(args)) throw new Error(`bench arguments invalid: ${JSON.stringify(args)}`);
  let sink = 0;
  const runs = [];
  for (let round = 0; round < 5; round++) {
    runs.push({
      v8: nsPerOp((i) => (sink += v8(ARGS[i & 255]) ? 1 : 0), iterations),
      linear: nsPerOp((i) => (sink += linear(ARGS[i & 255]) ? 1 : 0), iterations),
    });
  }
  if (sink === 0) throw new Error("unreachable");
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[2];
  const v8Ns = median("v8");
  const linearNs = median("linear");
  return [
    {
      bench: "4 patterns, V8 RegExp (peer)",
      "ns/validation": Math.round(v8Ns),
      "validations/s": Math.round(1e9 / v8Ns),
    },
    {
      bench: "4 patterns, re2js (linear)",
      "ns/validation": Math.round(linearNs),
      "validations/s": Math.round(1e9 / linearNs),
      "vs peer": `${(linearNs / v8Ns).toFixed(1)}×`,
      "ns per pattern more": Math.round((linearNs - v8Ns) / 4),
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(benchPatternCost());
