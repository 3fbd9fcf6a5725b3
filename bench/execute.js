// In-process execute() of a small tool (validate args → handler → validate result → build
// result), beside the pieces it is made of, measured in the same run: a bare handler call,
// the bare validators, and an awaited call of the bare pieces (the floor for an async API).
import { createRequire } from "node:module";
import { ToolRegistry } from "@mcp-specgen/runtime";

const require = createRequire(import.meta.url);
const Ajv = require("ajv").default;
const ajv = new Ajv({ allErrors: true, strict: false });

const inputSchema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
};
const outputSchema = {
  type: "object",
  properties: { sum: { type: "number" } },
  required: ["sum"],
  additionalProperties: false,
};
const validateInput = ajv.compile(inputSchema);
const validateOutput = ajv.compile(outputSchema);
const handler = (args) => ({ sum: args.a + args.b });

function nsPerOp(fn, iterations) {
  for (let i = 0; i < 20_000; i++) fn(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn(i);
  return Number(process.hrtime.bigint() - t0) / iterations;
}

async function nsPerOpAsync(fn, iterations) {
  for (let i = 0; i < 20_000; i++) await fn(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn(i);
  return Number(process.hrtime.bigint() - t0) / iterations;
}

/** Runs the execute benchmark and returns rows for the report. */
export async function benchExecute({ iterations = 500_000 } = {}) {
  const registry = new ToolRegistry({});
  registry.register(
    {
      name: "math.get_sum",
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true },
      validateInput,
      validateOutput,
    },
    handler,
  );
  const calls = Array.from({ length: 1024 }, (_, i) => ({ tool_name: "math.get_sum", arguments: { a: i, b: 2 } }));
  const args = calls.map((c) => c.arguments);
  let sink = 0;

  const rows = [];
  const runs = [];
  for (let round = 0; round < 3; round++) {
    const bareHandler = nsPerOp((i) => (sink += handler(args[i & 1023]).sum), iterations);
    const bareValidators = nsPerOp(
      (i) => (sink += validateInput(args[i & 1023]) && validateOutput({ sum: i }) ? 1 : 0),
      iterations,
    );
    const awaitedPieces = await nsPerOpAsync(async (i) => {
      const a = args[i & 1023];
      if (!validateInput(a)) throw new Error("invalid");
      const data = handler(a);
      if (!validateOutput(data)) throw new Error("invalid");
      sink += data.sum;
    }, iterations);
    const execute = await nsPerOpAsync(async (i) => {
      const r = await registry.execute(calls[i & 1023]);
      sink += r.data.sum;
    }, iterations);
    runs.push({ bareHandler, bareValidators, awaitedPieces, execute });
  }
  // The median round of each measurement, to damp noise.
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
  const m = {
    bareHandler: median("bareHandler"),
    bareValidators: median("bareValidators"),
    awaitedPieces: median("awaitedPieces"),
    execute: median("execute"),
  };
  const wrapper = m.execute - m.bareHandler - m.bareValidators;
  rows.push(
    { measure: "bare handler call", "ns/call": m.bareHandler.toFixed(0), "calls/s": Math.round(1e9 / m.bareHandler) },
    {
      measure: "bare validators (args + result)",
      "ns/call": m.bareValidators.toFixed(0),
      "calls/s": Math.round(1e9 / m.bareValidators),
    },
    {
      measure: "awaited bare pieces (async floor)",
      "ns/call": m.awaitedPieces.toFixed(0),
      "calls/s": Math.round(1e9 / m.awaitedPieces),
    },
    { measure: "registry.execute()", "ns/call": m.execute.toFixed(0), "calls/s": Math.round(1e9 / m.execute) },
    {
      measure: "wrapper cost beyond handler + validation",
      "ns/call": wrapper.toFixed(0),
      target: "< 1000 ns",
      met: wrapper < 1000,
    },
    { measure: "wrapper cost beyond the async floor", "ns/call": (m.execute - m.awaitedPieces).toFixed(0) },
  );
  if (sink === 42) console.log("");
  return rows;
}
