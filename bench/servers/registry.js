// The benchmark registry: one get_sum tool whose validators are compiled once at
// start-up (generated code ships them precompiled).
import Ajv from "ajv";
import { ToolRegistry } from "@mcp-specgen/runtime";
import { GET_SUM_INPUT, GET_SUM_OUTPUT } from "./tool.js";

export function createSumRegistry() {
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
  return registry;
}
