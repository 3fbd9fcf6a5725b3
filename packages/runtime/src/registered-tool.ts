/**
 * A tool as the registry stores it (SDK v2 calls it `RegisteredTool` too): the
 * definition and handler, with what dispatch needs precomputed, and the checks a
 * definition passes at registration.
 */
import { RegistrationError } from "./errors.js";
import { isJsonObject, isValidToolName, MCP_TOOL_NAME_PATTERN, STRICT_TOOL_NAME_PATTERN } from "./messages.js";
import { preview } from "./paths.js";
import type { ToolDefinition, ToolHandler } from "./tool-types.js";
import { canonicalJson, type ValidateFunction } from "./validation.js";

/** A registered tool, with what dispatch needs precomputed. */
export interface RegisteredTool {
  readonly name: string;
  readonly definition: ToolDefinition;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of any argument type are stored side by side
  readonly handler: ToolHandler<any, unknown>;
  /** Canonical JSON of input + output schema: decides "same tool" on re-registration. */
  readonly schemaKey: string;
  /** `annotations.destructiveHint === true`. */
  readonly gated: boolean;
  /** An output check exists (schema or validator). */
  readonly checksOutput: boolean;
  inputValidator: ValidateFunction | undefined;
  outputValidator: ValidateFunction | undefined;
  /** Every validation of the input / output runs under the budget (validation-cost.ts); decided on first use. */
  inputAlwaysGuarded: boolean | undefined;
  outputAlwaysGuarded: boolean | undefined;
}

/**
 * Checks a definition and its handler and returns the entry the registry stores.
 * Schemas are not compiled here: a tool without a validator is compiled on first use.
 * @throws RegistrationError naming what is wrong (name, handler, schemas, validators, timeoutMs).
 */
export function createRegisteredTool(
  definition: ToolDefinition,
  // biome-ignore lint/suspicious/noExplicitAny: see RegisteredTool.handler
  handler: ToolHandler<any, unknown>,
  strictNames: boolean,
): RegisteredTool {
  if (!isJsonObject(definition)) throw new RegistrationError("A tool definition must be an object");
  const name = definition.name;
  if (typeof name !== "string" || !isValidToolName(name, strictNames)) {
    const pattern = strictNames ? STRICT_TOOL_NAME_PATTERN : MCP_TOOL_NAME_PATTERN;
    throw new RegistrationError(`Invalid tool name ${preview(name)}: must match ${pattern.source}`, {
      details: { name: typeof name === "string" ? name : null },
    });
  }
  if (typeof handler !== "function") throw new RegistrationError(`Tool "${name}": the handler must be a function`);
  const input = definition.inputSchema;
  if (!isJsonObject(input)) {
    throw new RegistrationError(`Tool "${name}" has no inputSchema object: every tool must declare its input schema`);
  }
  const type = input.type;
  if (type !== undefined && type !== "object" && !(Array.isArray(type) && type.includes("object"))) {
    throw new RegistrationError(
      `Tool "${name}": inputSchema must describe an object (arguments are always an object), got type ${preview(type)}`,
    );
  }
  if (definition.outputSchema !== undefined && !isJsonObject(definition.outputSchema)) {
    throw new RegistrationError(`Tool "${name}": outputSchema must be an object`);
  }
  for (const key of ["validateInput", "validateOutput"] as const) {
    if (definition[key] !== undefined && typeof definition[key] !== "function") {
      throw new RegistrationError(`Tool "${name}": ${key} must be a validate function`);
    }
    if ((definition[key] as { $async?: unknown } | undefined)?.$async === true)
      throw new RegistrationError(
        `Tool "${name}": ${key} is asynchronous (compiled from a schema with "$async": true), and validation must be synchronous: compile the schema without "$async"`,
      );
  }
  const timeout = definition.timeoutMs;
  if (timeout !== undefined && (typeof timeout !== "number" || Number.isNaN(timeout) || timeout < 0)) {
    throw new RegistrationError(`Tool "${name}": timeoutMs must be a number >= 0`);
  }
  return {
    name,
    definition,
    handler,
    schemaKey: canonicalJson({ input, output: definition.outputSchema ?? null }),
    gated: definition.annotations?.destructiveHint === true,
    checksOutput: definition.outputSchema !== undefined || definition.validateOutput !== undefined,
    inputValidator: definition.validateInput,
    outputValidator: definition.validateOutput,
    inputAlwaysGuarded: undefined,
    outputAlwaysGuarded: undefined,
  };
}
