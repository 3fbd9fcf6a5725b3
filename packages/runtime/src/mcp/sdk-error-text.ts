/**
 * The error texts official SDK servers put in `isError` results (or JSON-RPC error
 * messages) when the SDK itself refuses a call, read back into an MCPErrorDetail:
 *
 * - SDK 1.x: `MCP error -32602: Input validation error: Invalid arguments for tool
 *   <name>: <issues>`, each issue on a line of its own as `<message> at <path>`
 *   (path `a.b[0]`), and `MCP error -32602: Tool <name> not found`.
 * - SDK v2: the same sentences without the `MCP error <code>: ` prefix, the issues
 *   joined by ", " as `<path>: <message>` (path `a.b.0`); and `Output validation
 *   error: …` when a handler's structured content failed the tool's output schema.
 *
 * The issues become `error_details.errors` in the shape the registry's own
 * ValidationErrors use (`{pointer, rule, message}`), so a caller reads both alike.
 * They are read from prose: an SDK v2 message that itself holds ", <word>: " can be
 * cut in two, so `error_message` keeps the SDK's whole text.
 */
import { ErrorTypes } from "../error-types.js";
import type { MCPErrorDetail, ValidationIssue } from "../types.js";

const CODE_PREFIX = /^MCP error (-?\d+): /;
const INPUT_ISSUES = /^Input validation error: Invalid arguments for tool (\S+): ([\s\S]*)$/;
const OUTPUT_ISSUES = /^Output validation error: Invalid structured content for tool (\S+): ([\s\S]*)$/;
const OUTPUT_MISSING = /^Output validation error: Tool (\S+) has an output schema but no structured content/;
const ARGUMENTS_REFUSED = /^Invalid arguments for tool (\S+): /;
const TOOL_NOT_FOUND = /^Tool (\S+) (?:not found|disabled)/;
const INVALID_PARAMS = -32602;

/**
 * An error detail from the text of an SDK's error (see the file comment): a
 * `ValidationError` with the issues, a `ToolNotFound`, or else a
 * `ToolExecutionError` carrying the text.
 */
export function errorFromSdkText(text: string): MCPErrorDetail {
  const prefixed = CODE_PREFIX.exec(text);
  const code = prefixed === null ? undefined : Number(prefixed[1]);
  const message = prefixed === null ? text : text.slice(prefixed[0].length);
  const details: Record<string, unknown> = {};
  if (code !== undefined) details.code = code;
  const validation = sdkValidationIssues(message, prefixed !== null);
  if (validation !== undefined) {
    details.tool_name = validation.toolName;
    if (validation.errors.length > 0) details.errors = validation.errors;
    return { error_type: ErrorTypes.ValidationError, error_message: message, error_details: details };
  }
  if (code === INVALID_PARAMS) {
    // Only with the code: a tool's own error text may well say "not found".
    const notFound = TOOL_NOT_FOUND.exec(message);
    if (notFound !== null) details.tool_name = notFound[1];
    const type =
      notFound !== null || /unknown tool/i.test(message) ? ErrorTypes.ToolNotFound : ErrorTypes.ValidationError;
    return { error_type: type, error_message: message, error_details: details };
  }
  const error: MCPErrorDetail = { error_type: ErrorTypes.ToolExecutionError, error_message: text || "The tool failed" };
  if (code !== undefined) {
    error.error_message = message;
    error.error_details = details;
  }
  return error;
}

/**
 * The tool and issues of an SDK's input or output validation text (without the
 * `MCP error <code>: ` prefix), or undefined when the text is no such error.
 * `lines`: the issues are SDK 1.x's, one per line; false: SDK v2's comma-joined list;
 * undefined: SDK 1.x's when some line ends with ` at <path>`.
 */
export function sdkValidationIssues(
  message: string,
  lines?: boolean,
): { toolName: string; errors: ValidationIssue[] } | undefined {
  const issues = INPUT_ISSUES.exec(message) ?? OUTPUT_ISSUES.exec(message);
  if (issues !== null) {
    const v1 = lines ?? / at \S+$/m.test(issues[2]);
    return { toolName: issues[1], errors: v1 ? v1Issues(issues[2]) : v2Issues(issues[2]) };
  }
  const other = OUTPUT_MISSING.exec(message) ?? ARGUMENTS_REFUSED.exec(message);
  return other === null ? undefined : { toolName: other[1], errors: [] };
}

/** SDK 1.x: `<message> at <a.b[0]>` per line (`at object root`, or no path, for the root). */
function v1Issues(text: string): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const at = / at (\S+)$/.exec(line);
    if (at === null || at.index === 0) {
      out.push(issue("", line.replace(/ at object root$/, "")));
      continue;
    }
    const path = at[1].replace(/\[(\d+)\]/g, ".$1").split(".");
    out.push(issue(pointer(path), line.slice(0, at.index)));
  }
  return out;
}

/** SDK v2: `<a.b.0>: <message>` joined by ", " (a root issue has no path). */
function v2Issues(text: string): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  // A new issue starts where ", " is followed by a path (no spaces, colons or commas) and ": ".
  for (const part of text.split(/, (?=[^\s:,]+: )/)) {
    if (part.trim() === "") continue;
    const path = /^([^\s:,]+): /.exec(part);
    if (path === null) out.push(issue("", part));
    else out.push(issue(pointer(path[1].split(".")), part.slice(path[0].length)));
  }
  return out;
}

function issue(pointer: string, message: string): ValidationIssue {
  return { pointer, rule: "schema", message };
}

/** RFC 6901 JSON pointer of path segments. */
function pointer(segments: readonly string[]): string {
  return segments.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
