// Validation cost analysis (issue 26 review): what deciding, per tool, whether every
// validation must run under the budget adds to a tool's first call. Peer: compiling the same
// schema with the runtime's ajv (what that first call does anyway). Over the 269 schemas of
// 20 real servers' tool lists (test/fixtures/real-tools), and a recursive one.
// Usage: node bench/security/validation-cost.js   (after `npm run build`)
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createSchemaCompiler } from "@mcp-specgen/runtime";
import { superLinearValidation } from "../../packages/runtime/dist/validation-cost.js";

const DIR = fileURLToPath(new URL("../../test/fixtures/real-tools/", import.meta.url));

function realSchemas() {
  const schemas = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json"))) {
    const { tools } = JSON.parse(readFileSync(`${DIR}/${file}`, "utf8"));
    for (const tool of tools) for (const s of [tool.inputSchema, tool.outputSchema]) if (s) schemas.push(s);
  }
  return schemas;
}

const node = {
  oneOf: ["folder", "group"].map((kind) => ({
    type: "object",
    properties: { type: { const: kind }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
  })),
};

/** Median of `rounds` timings of `run()` over every schema, in µs per schema (`fresh()` per round). */
function perSchema(schemas, run, rounds = 5, fresh = () => undefined) {
  const times = [];
  for (let r = 0; r < rounds; r++) {
    const state = fresh();
    const t0 = performance.now();
    for (const s of schemas) run(s, state);
    times.push(((performance.now() - t0) * 1000) / schemas.length);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}

/** @returns {Promise<object[]>} table rows. */
export async function benchValidationCost() {
  const sets = {
    "269 real tool schemas": realSchemas(),
    "recursive folder/group tree": [
      { type: "object", properties: { root: { $ref: "#/$defs/node" } }, $defs: { node } },
    ],
  };
  const rows = [];
  for (const [name, schemas] of Object.entries(sets)) {
    for (const s of schemas) superLinearValidation(s); // warm up
    const analysis = perSchema(schemas, (s) => superLinearValidation(s));
    // A compiler per round (its ajv instance made and warmed first): each schema compiled
    // once, as on a tool's first call.
    const compile = perSchema(
      schemas,
      (s, compiler) => compiler(s),
      3,
      () => {
        const compiler = createSchemaCompiler();
        compiler({ type: "object" });
        return compiler;
      },
    );
    rows.push({
      schemas: name,
      flagged: schemas.filter((s) => superLinearValidation(s) !== undefined).length,
      "analysis µs/schema": +analysis.toFixed(1),
      "ajv compile µs/schema": +compile.toFixed(1),
      "analysis / compile": +(analysis / compile).toFixed(3),
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await benchValidationCost());
