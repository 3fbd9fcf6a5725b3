// Benchmark server for bench/security/validation-budget.js: serveStdio (or serveHttp with
// `--http`, printing its URL first) over tools whose input schemas are registered at run
// time, so the runtime's own ajv compiles them as given: the costliest shapes we know —
// uniqueItems over objects without maxItems (pairwise), ajv-formats' `url` (a quadratic
// regex), `email` / `uri` / `date-time` on long strings, patternProperties over many keys,
// a oneOf whose two branches recurse into the same value (exponential in its depth), and
// a tree of two node kinds sharing a `children` list (the same, as an ordinary schema).
// `--before`: no validation budget and no call time limit (the behaviour before the budget);
// `--guard-all`: the budget for every value (minSize 0). `--no-watchdog` turns it off.
import { serveHttp, serveStdio, ToolRegistry } from "@mcp-specgen/runtime";

const before = process.argv.includes("--before");
const registry = new ToolRegistry(
  before
    ? { validationBudget: { timeoutMs: 0 }, defaultTimeoutMs: 0 }
    : { validationBudget: process.argv.includes("--guard-all") ? { minSize: 0 } : {} },
);
const tool = (name, properties, extra = {}) =>
  registry.register(
    { name, inputSchema: { type: "object", properties, additionalProperties: false, ...extra } },
    () => ({ ok: true }),
  );
tool("unique", { list: { type: "array", uniqueItems: true } });
tool("url", { u: { type: "string", format: "url" } });
tool("formats", {
  email: { type: "string", format: "email" },
  uri: { type: "string", format: "uri" },
  when: { type: "string", format: "date-time" },
});
tool("keys", { map: { type: "object", patternProperties: { "^[a-z]+[0-9]*$": { type: "integer" } } } });
tool(
  "tree",
  { tree: { $ref: "#/$defs/node" } },
  {
    $defs: {
      node: {
        oneOf: [
          { type: "array", items: { $ref: "#/$defs/node" } },
          { type: "array", items: { $ref: "#/$defs/node" }, maxItems: 9 },
        ],
      },
    },
  },
);
tool(
  "folders",
  { root: { $ref: "#/$defs/node" } },
  {
    $defs: {
      node: {
        oneOf: ["folder", "group"].map((kind) => ({
          type: "object",
          properties: {
            type: { const: kind },
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/node" } },
          },
          required: ["type"],
        })),
      },
    },
  },
);
const watchdog = process.argv.includes("--no-watchdog") ? false : undefined;
if (process.argv.includes("--http")) {
  const server = await serveHttp(registry, { name: "bench-budget", version: "1.0.0", watchdog });
  process.stdout.write(`${server.url}\n`);
} else {
  await serveStdio(registry, { name: "bench-budget", version: "1.0.0", watchdog });
}
