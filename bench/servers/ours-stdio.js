// Benchmark server: serveStdio over a ToolRegistry with one get_sum tool whose
// input validator is compiled once at start-up (as generated code ships it precompiled).
import Ajv from "ajv";
import { ToolRegistry } from "../../dist/src/runtime/index.js";
import { serveStdio } from "../../dist/src/runtime/mcp/index.js";
import { GET_SUM_INPUT, GET_SUM_OUTPUT } from "./tool.js";

const ajv = new Ajv.default({ allErrors: true });
const registry = new ToolRegistry();
registry.register(
  {
    name: "get_sum",
    description: "Returns the sum of two numbers",
    inputSchema: GET_SUM_INPUT,
    outputSchema: GET_SUM_OUTPUT,
    validateInput: ajv.compile(GET_SUM_INPUT),
    validateOutput: ajv.compile(GET_SUM_OUTPUT),
  },
  ({ a, b }) => ({ sum: a + b }),
);
await serveStdio(registry, { name: "bench-ours", version: "1.0.0" });
