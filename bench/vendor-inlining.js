// How long the vendor converters take on schemas whose `$ref`s multiply when inlined:
// definitions D0…Dn-1, each with four properties referring (with a description, which makes
// the strict converters inline the target) to the next. Inlined in full, level n holds 4^n
// copies of the last definition; the converters stop inlining at MAX_INLINED_NODES, so the
// time stays flat past it. The peer is the same schema without the descriptions: the strict
// converters then keep the `$ref`s and the work is linear (Gemini inlines both alike).
// Usage: node bench/run.js vendor-inlining (after `npm run build`)
import { toAnthropicStrictSchema } from "../dist/src/vendors/anthropic-strict.js";
import { toGeminiSchema } from "../dist/src/vendors/gemini-schema.js";
import { toStrictSchema } from "../dist/src/vendors/openai-strict.js";

/** The fan-out schema of `levels` definitions, `$ref`s described or not. */
export function fanOut(levels, { described = true, width = 4 } = {}) {
  const $defs = {};
  for (let i = 0; i < levels; i++) {
    const ref = { $ref: `#/$defs/D${i + 1}`, ...(described ? { description: `d${i}` } : {}) };
    const next = i + 1 < levels ? ref : { type: "string" };
    const properties = Object.fromEntries(Array.from({ length: width }, (_, k) => [`p${k}`, next]));
    $defs[`D${i}`] = { type: "object", properties, required: ["p0"] };
  }
  const top = { $ref: "#/$defs/D0", ...(described ? { description: "top" } : {}) };
  return { type: "object", properties: { top }, $defs };
}

function bestMs(convert, schema) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    convert(schema);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

const CONVERTERS = [
  ["openai", toStrictSchema],
  ["anthropic", toAnthropicStrictSchema],
  ["gemini", toGeminiSchema],
];

/**
 * Times each converter on the fan-out schema at each level, beside the peer.
 * @returns {object[]} table rows: one per converter and level.
 */
export function benchVendorInlining({ levels = [4, 6, 8, 10, 12] } = {}) {
  const rows = [];
  for (const [vendor, convert] of CONVERTERS) {
    for (const n of levels) {
      const schema = fanOut(n);
      const ms = bestMs(convert, schema);
      const peer = bestMs(convert, fanOut(n, { described: false }));
      const result = convert(schema);
      const outcome = result.issues
        ? `${result.issues.length} losses`
        : result.strict
          ? "strict"
          : result.reason.replace(/ \(at #.*\)$/, "");
      rows.push({
        bench: `${vendor} ${n} levels`,
        "schema bytes": JSON.stringify(schema).length,
        ms: +ms.toFixed(1),
        "peer ms": +peer.toFixed(1),
        "× peer": +(ms / peer).toFixed(1),
        outcome: outcome.slice(0, 60),
      });
    }
  }
  return rows;
}
