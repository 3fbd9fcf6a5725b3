/**
 * Checking a call's arguments against the tool's input schema and its result's
 * data against the output schema (SDK v2: `validateToolInput` /
 * `validateToolOutput`). Schemas without a validator are compiled on first use;
 * validation of large values runs under the registry's budget (call-budget.ts),
 * and every validation of a schema that can be slow on some input does
 * (validation-cost.ts).
 */
import { readIssues, validationStoppedResult } from "./call-budget.js";
import type { CallContext } from "./call-context.js";
import { failureResult, invalidResult, MAX_REPORTED_ISSUES } from "./call-failures.js";
import { ErrorTypes } from "./error-types.js";
import { errorToDetail, SchemaError } from "./errors.js";
import { logSafely } from "./logger.js";
import { describeIssues } from "./messages.js";
import type { RegisteredTool } from "./registered-tool.js";
import type { RegistryState } from "./registry-state.js";
import type { JsonSchemaObject, MCPToolResult, ValidationIssue } from "./types.js";
import type { ValidateFunction } from "./validation.js";
import { mustAlwaysGuard } from "./validation-cost.js";

/**
 * Validates arguments within the budget and the call's time limit (`timeoutMs` from
 * `start`; Infinity: none); returns a failure result, or undefined when they are valid.
 */
export function validateToolInput(
  state: RegistryState,
  entry: RegisteredTool,
  args: Record<string, unknown>,
  start: number,
  timeoutMs: number,
): MCPToolResult | undefined {
  let validate = entry.inputValidator;
  if (validate === undefined) {
    try {
      validate = entry.inputValidator = compileFor(state, entry, "input");
    } catch (err) {
      return failureResult(ErrorTypes.SchemaError, errorToDetail(err).error_message, { tool: entry.name });
    }
  }
  let issues: { issues: ValidationIssue[]; more: boolean };
  try {
    const always = (entry.inputAlwaysGuarded ??= alwaysGuarded(state, entry, "input"));
    const valid = state.budget.check(validate, args, start + timeoutMs, always);
    if (valid === true) return undefined;
    if (valid !== false) return validationStoppedResult(entry.name, "arguments", valid, timeoutMs);
    issues = readIssues(validate, args, MAX_REPORTED_ISSUES + 1);
  } catch (err) {
    // Only reachable with arguments no JSON parser produces (a Proxy passed in
    // process) or a broken precompiled validator: the arguments were not shown valid.
    const reason = errorToDetail(err).error_message;
    return failureResult(
      ErrorTypes.ValidationError,
      `Invalid arguments for tool "${entry.name}": they could not be validated (${reason})`,
    );
  }
  return invalidResult(`Invalid arguments for tool "${entry.name}"`, issues.issues, issues.more);
}

/**
 * Checks `data` of a result that is not a failure against the tool's output schema
 * (null data too, see execute.ts `toResult`), as the registry's `outputValidation`
 * says: `"error"` returns a ValidationError failure instead of the result, `"warn"`
 * logs, records the issues on the call (for the audit) and returns the result.
 * The caller has checked that the tool has an output check and the mode is not `"off"`.
 * @throws SchemaError when the output schema cannot be compiled.
 */
export function validateToolOutput(ctx: CallContext, result: MCPToolResult): MCPToolResult {
  const mode = ctx.state.outputValidation;
  const entry = ctx.entry;
  let validate = entry.outputValidator;
  if (validate === undefined) validate = entry.outputValidator = compileFor(ctx.state, entry, "output");
  const data = result.data ?? null; // validators see JSON: an absent value is null
  const timeoutMs = ctx.timeoutMs > 0 ? ctx.timeoutMs : Infinity;
  const always = (entry.outputAlwaysGuarded ??= alwaysGuarded(ctx.state, entry, "output"));
  const valid = ctx.state.budget.check(validate, data, ctx.start + timeoutMs, always);
  if (valid === true) return result;
  if (valid !== false) {
    const stopped = validationStoppedResult(entry.name, "result", valid, timeoutMs);
    logSafely(ctx.logger, "warn", stopped.error!.error_message);
    return mode === "error" ? stopped : result;
  }
  const { issues, more } = readIssues(validate, data, MAX_REPORTED_ISSUES + 1);
  const what = `Output of tool "${entry.name}" does not match its output schema`;
  if (mode === "error") {
    const failed = invalidResult(what, issues, more);
    logSafely(ctx.logger, "warn", failed.error!.error_message);
    return failed;
  }
  const message = `${what}: ${describeIssues(issues)}`;
  ctx.outputIssues = issues;
  logSafely(ctx.logger, "warn", message, { tool: entry.name, errors: issues });
  return result;
}

/** Whether the tool's input or output schema needs every validation guarded (see validation-cost.ts). */
function alwaysGuarded(state: RegistryState, entry: RegisteredTool, which: "input" | "output"): boolean {
  const given = which === "input" ? entry.definition.validateInput : entry.definition.validateOutput;
  return mustAlwaysGuard(which === "input" ? entry.definition.inputSchema : entry.definition.outputSchema, {
    tool: entry.name,
    which,
    logger: state.logger,
    unknownPatternEngine: given === undefined && !state.checksPatterns,
  });
}

/** Compiles the tool's input or output schema with the registry's compiler, naming the tool when it fails. */
function compileFor(state: RegistryState, entry: RegisteredTool, which: "input" | "output"): ValidateFunction {
  const schema = which === "input" ? entry.definition.inputSchema : entry.definition.outputSchema;
  try {
    return state.compile(schema as JsonSchemaObject);
  } catch (err) {
    throw new SchemaError(`Tool "${entry.name}" has an invalid ${which} schema: ${errorToDetail(err).error_message}`, {
      cause: err,
    });
  }
}
