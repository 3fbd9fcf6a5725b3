/**
 * Hand-written validators and JSON parsers for the three message shapes
 * (MCPToolCall, MCPToolResult, MCPErrorDetail). They run on every call, so they
 * are plain property checks: no ajv, no allocation when the value is valid.
 */
import { ValidationError } from "./errors.js";
import { escapePointerToken, pointerToPath, preview, typeName } from "./paths.js";
import type { MCPErrorDetail, MCPToolCall, MCPToolResult, ToolStatus, ValidationIssue } from "./types.js";

/**
 * The strict invocation-name pattern (`module_name.tool_name`):
 * lowercase segments joined by dots, at least two segments.
 */
export const STRICT_TOOL_NAME_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

/**
 * Any valid MCP tool name (1–128 of `A-Z a-z 0-9 . _ -`). Accepted by default because
 * tools imported from live MCP servers keep their wire names (e.g. `get-sum`).
 */
export const MCP_TOOL_NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** The allowed `status` values, in the order of {@link ToolStatus}. */
export const TOOL_STATUSES: readonly ToolStatus[] = Object.freeze([
  "success",
  "failure",
  "no_change_needed",
  "partial_success",
]);

/** Options of {@link validateToolCall} and friends. */
export interface ToolCallValidationOptions {
  /** Require the `module_name.tool_name` pattern instead of any MCP tool name. Default false. */
  strictToolName?: boolean;
}

/** Options of {@link validateToolResult} and friends. */
export interface ToolResultValidationOptions {
  /**
   * Accept any JSON value as `data`. Default false: MCPToolResult types `data` as
   * object|null, so arrays and primitives are reported.
   */
  allowAnyData?: boolean;
}

const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

/** True when `name` is a valid tool name (the `module_name.tool_name` pattern when `strict`, any MCP name otherwise). */
export function isValidToolName(name: string, strict = false): boolean {
  return (strict ? STRICT_TOOL_NAME_PATTERN : MCP_TOOL_NAME_PATTERN).test(name);
}

/** True for non-null, non-array objects (what JSON calls an object). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks an MCPToolCall: `tool_name` (string matching the tool-name pattern),
 * `arguments` (object), nothing else. Returns every problem; an empty (shared,
 * frozen) array when valid.
 */
export function validateToolCall(value: unknown, options?: ToolCallValidationOptions): readonly ValidationIssue[] {
  if (!isJsonObject(value)) return [typeIssue("", "an object", value)];
  let issues: ValidationIssue[] | undefined;
  const name = value.tool_name;
  if (name === undefined) (issues ??= []).push(requiredIssue("/tool_name"));
  else if (typeof name !== "string") (issues ??= []).push(typeIssue("/tool_name", "a string", name));
  else {
    const pattern = options?.strictToolName ? STRICT_TOOL_NAME_PATTERN : MCP_TOOL_NAME_PATTERN;
    if (!pattern.test(name)) {
      (issues ??= []).push({
        pointer: "/tool_name",
        rule: "pattern",
        message: `must match ${pattern.source} (got ${preview(name)})`,
        value: name,
      });
    }
  }
  const args = value.arguments;
  if (args === undefined) (issues ??= []).push(requiredIssue("/arguments"));
  else if (!isJsonObject(args)) (issues ??= []).push(typeIssue("/arguments", "an object", args));
  for (const key in value) {
    if (key !== "tool_name" && key !== "arguments") {
      const pointer = `/${escapePointerToken(key)}`;
      (issues ??= []).push({
        pointer,
        rule: "additionalProperties",
        message: "is not allowed (MCPToolCall has only tool_name and arguments)",
        value: value[key],
      });
    }
  }
  return issues ?? NO_ISSUES;
}

/**
 * Checks an MCPErrorDetail: `error_type` and `error_message` strings, optional
 * `error_details` object|string|null. Extra fields are allowed.
 */
export function validateErrorDetail(value: unknown): readonly ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  checkErrorDetail(value, "", issues);
  return issues.length === 0 ? NO_ISSUES : issues;
}

/**
 * Checks an MCPToolResult: `status` in {@link TOOL_STATUSES}; `data` object|null
 * (any JSON value with `allowAnyData`); `error` a valid MCPErrorDetail or null;
 * `explanation` string|null; and the status rules: `failure` requires `error`
 * (rule `failureRequiresError`) and forbids non-null `data` (rule `failureForbidsData`).
 */
export function validateToolResult(value: unknown, options?: ToolResultValidationOptions): readonly ValidationIssue[] {
  if (!isJsonObject(value)) return [typeIssue("", "an object", value)];
  const issues: ValidationIssue[] = [];
  const status = value.status;
  if (status === undefined) issues.push(requiredIssue("/status"));
  else if (typeof status !== "string" || !TOOL_STATUSES.includes(status as ToolStatus)) {
    issues.push({
      pointer: "/status",
      rule: "enum",
      message: `must be one of ${TOOL_STATUSES.join(", ")} (got ${preview(status)})`,
      value: status,
    });
  }
  const data = value.data;
  if (data !== undefined && data !== null && !options?.allowAnyData && !isJsonObject(data)) {
    issues.push(typeIssue("/data", "an object or null", data));
  }
  const error = value.error;
  if (error !== undefined && error !== null) checkErrorDetail(error, "/error", issues);
  const explanation = value.explanation;
  if (explanation !== undefined && explanation !== null && typeof explanation !== "string") {
    issues.push(typeIssue("/explanation", "a string or null", explanation));
  }
  if (status === "failure") {
    if (error === undefined || error === null) {
      issues.push({
        pointer: "/error",
        rule: "failureRequiresError",
        message: 'is required when status is "failure"',
      });
    }
    if (data !== undefined && data !== null) {
      issues.push({
        pointer: "/data",
        rule: "failureForbidsData",
        message: 'must be null or absent when status is "failure"',
        value: data,
      });
    }
  }
  return issues.length === 0 ? NO_ISSUES : issues;
}

/** Type guard: {@link validateToolCall} finds no problem. */
export function isToolCall(value: unknown, options?: ToolCallValidationOptions): value is MCPToolCall {
  return validateToolCall(value, options).length === 0;
}

/** Type guard: {@link validateToolResult} finds no problem. */
export function isToolResult(value: unknown, options?: ToolResultValidationOptions): value is MCPToolResult {
  return validateToolResult(value, options).length === 0;
}

/** Type guard: {@link validateErrorDetail} finds no problem. */
export function isErrorDetail(value: unknown): value is MCPErrorDetail {
  return validateErrorDetail(value).length === 0;
}

/** Throws a {@link ValidationError} listing every problem unless `value` is a valid MCPToolCall. */
export function assertToolCall(value: unknown, options?: ToolCallValidationOptions): asserts value is MCPToolCall {
  const issues = validateToolCall(value, options);
  if (issues.length > 0) throw validationError("MCPToolCall", issues);
}

/** Throws a {@link ValidationError} listing every problem unless `value` is a valid MCPToolResult. */
export function assertToolResult(
  value: unknown,
  options?: ToolResultValidationOptions,
): asserts value is MCPToolResult {
  const issues = validateToolResult(value, options);
  if (issues.length > 0) throw validationError("MCPToolResult", issues);
}

/** Throws a {@link ValidationError} listing every problem unless `value` is a valid MCPErrorDetail. */
export function assertErrorDetail(value: unknown): asserts value is MCPErrorDetail {
  const issues = validateErrorDetail(value);
  if (issues.length > 0) throw validationError("MCPErrorDetail", issues);
}

/**
 * Parses and validates an MCPToolCall from JSON.
 * @throws ValidationError for invalid JSON (rule `json`) or a wrong shape (every problem listed).
 */
export function parseToolCall(json: string, options?: ToolCallValidationOptions): MCPToolCall {
  const value = parseJson(json, "MCPToolCall");
  assertToolCall(value, options);
  return value;
}

/**
 * Parses and validates an MCPToolResult from JSON. The result is a plain object:
 * wrap it with `toolResult()` to return it from a handler unchanged.
 * @throws ValidationError for invalid JSON (rule `json`) or a wrong shape (every problem listed).
 */
export function parseToolResult(json: string, options?: ToolResultValidationOptions): MCPToolResult {
  const value = parseJson(json, "MCPToolResult");
  assertToolResult(value, options);
  return value;
}

/**
 * Parses and validates an MCPErrorDetail from JSON.
 * @throws ValidationError for invalid JSON (rule `json`) or a wrong shape (every problem listed).
 */
export function parseErrorDetail(json: string): MCPErrorDetail {
  const value = parseJson(json, "MCPErrorDetail");
  assertErrorDetail(value);
  return value;
}

/**
 * Builds the ValidationError for a list of issues: the message names every field
 * and why (`Invalid MCPToolCall: tool_name must be a string (got number)`), and
 * `details` is `{errors: issues}` like the registry's argument errors.
 */
export function validationError(what: string, issues: readonly ValidationIssue[]): ValidationError {
  return new ValidationError(`Invalid ${what}: ${describeIssues(issues)}`, [...issues], {
    details: { errors: issues.map(issueToJson) },
  });
}

/** Joins issues into one readable sentence: `tool_name must be a string; arguments is required`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${pointerToPath(i.pointer)} ${i.message}`).join("; ");
}

/** An issue as a plain object (drops an absent `value` so it serializes cleanly). */
export function issueToJson(issue: ValidationIssue): ValidationIssue {
  const out: ValidationIssue = { pointer: issue.pointer, rule: issue.rule, message: issue.message };
  if (issue.value !== undefined) out.value = issue.value;
  return out;
}

function checkErrorDetail(value: unknown, base: string, issues: ValidationIssue[]): void {
  if (!isJsonObject(value)) {
    issues.push(typeIssue(base, "an object", value));
    return;
  }
  for (const field of ["error_type", "error_message"] as const) {
    const v = value[field];
    if (v === undefined) issues.push(requiredIssue(`${base}/${field}`));
    else if (typeof v !== "string") issues.push(typeIssue(`${base}/${field}`, "a string", v));
  }
  const details = value.error_details;
  if (details !== undefined && details !== null && typeof details !== "string" && !isJsonObject(details)) {
    issues.push(typeIssue(`${base}/error_details`, "an object, a string or null", details));
  }
}

function parseJson(json: string, what: string): unknown {
  if (typeof json !== "string") {
    throw new ValidationError(`Invalid ${what}: expected a JSON string (got ${typeName(json)})`, [
      { pointer: "", rule: "json", message: `expected a JSON string (got ${typeName(json)})` },
    ]);
  }
  try {
    return JSON.parse(json);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ValidationError(
      `Invalid ${what}: not valid JSON (${reason})`,
      [{ pointer: "", rule: "json", message: `is not valid JSON (${reason})` }],
      { cause },
    );
  }
}

function requiredIssue(pointer: string): ValidationIssue {
  return { pointer, rule: "required", message: "is required" };
}

function typeIssue(pointer: string, expected: string, value: unknown): ValidationIssue {
  return { pointer, rule: "type", message: `must be ${expected} (got ${typeName(value)})`, value };
}
