/**
 * The failure results a call can end with outside its handler: a malformed call,
 * an unknown tool, invalid arguments or output, a refused destructive tool, a
 * cancellation. Each is an MCPToolResult (SDK v2's `createToolError` plays this
 * part), so that `execute` answers every problem with a result and never throws.
 */
import { ErrorTypes } from "./error-types.js";
import { describeIssues, issueToJson, isValidToolName, validateToolCall } from "./messages.js";
import type { RegisteredTool } from "./registered-tool.js";
import type { RegistryState } from "./registry-state.js";
import { makeResult } from "./result.js";
import { suggestNames } from "./suggest.js";
import type { MCPErrorDetail, MCPToolResult, ValidationIssue } from "./types.js";

/** A `failure` result with this error. */
export function failureResult(
  errorType: string,
  message: string,
  details?: MCPErrorDetail["error_details"],
): MCPToolResult {
  const error: MCPErrorDetail = { error_type: errorType, error_message: message };
  if (details !== undefined) error.error_details = details;
  return makeResult("failure", null, error, undefined);
}

/** The ValidationError for a call that is not an MCPToolCall, listing what is wrong with it. */
export function invalidCallResult(state: RegistryState, call: unknown): MCPToolResult {
  const issues = validateToolCall(call, { strictToolName: state.strictToolNames });
  return failureResult(ErrorTypes.ValidationError, `Invalid MCPToolCall: ${describeIssues(issues)}`, {
    errors: issues.map(issueToJson),
  });
}

/** The ToolNotFound failure for `name`, with the registered names closest to it. */
export function unknownToolResult(state: RegistryState, name: string): MCPToolResult {
  if (!isValidToolName(name, state.strictToolNames))
    return invalidCallResult(state, { tool_name: name, arguments: {} });
  const suggestions = suggestNames(name, state.tools.keys(), 3);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(", ")}?` : "";
  return failureResult(ErrorTypes.ToolNotFound, `Unknown tool "${name}"${hint}`, { tool_name: name, suggestions });
}

/** The PermissionError for a destructive tool the trust policy did not allow. */
export function refusedResult(entry: RegisteredTool, why: string): MCPToolResult {
  return failureResult(
    ErrorTypes.PermissionError,
    `Tool "${entry.name}" is destructive and was not allowed to run: ${why}`,
    { tool: entry.name, destructive: true },
  );
}

/**
 * Most issues a validation failure reports. An input with a million bad items
 * would otherwise get a response many times its own size, built synchronously.
 */
export const MAX_REPORTED_ISSUES = 100;

/** The ValidationError failure for `issues` (at most MAX_REPORTED_ISSUES of them; more → `truncated`). */
export function invalidResult(what: string, issues: ValidationIssue[], more = false): MCPToolResult {
  const truncated = more || issues.length > MAX_REPORTED_ISSUES;
  const shown = truncated ? issues.slice(0, MAX_REPORTED_ISSUES) : issues;
  const message = `${what}: ${describeIssues(shown)}${truncated ? "; and more" : ""}`;
  const details: Record<string, unknown> = { errors: shown.map(issueToJson) };
  if (truncated) details.truncated = true;
  return failureResult(ErrorTypes.ValidationError, message, details);
}

/** The Cancelled failure of a call, with the caller's reason when it is readable. */
export function cancelledResult(toolName: string, reason: unknown): MCPToolResult {
  let why = "";
  try {
    // The reason comes from the caller's signal: any value, so read it defensively.
    if (typeof reason === "string") why = `: ${reason}`;
    else if (reason instanceof Error && typeof reason.message === "string" && reason.message !== "")
      why = `: ${reason.message}`;
  } catch {
    why = "";
  }
  return failureResult(ErrorTypes.Cancelled, `Call to tool "${toolName}" was cancelled${why}`);
}
