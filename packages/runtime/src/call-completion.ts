/**
 * The single exit of every call, whatever ended it: the result is made sendable
 * as JSON, then reported to the registry's audit hook.
 */
import { failureResult } from "./call-failures.js";
import { ErrorTypes } from "./error-types.js";
import { errorToDetail } from "./errors.js";
import { findUnserializable, isJsonSafe } from "./json-safe.js";
import { logSafely } from "./logger.js";
import type { RegistryState } from "./registry-state.js";
import { getContent } from "./result.js";
import type { AuditRecord, ExecuteOptions } from "./tool-types.js";
import type { MCPToolResult, ValidationIssue } from "./types.js";

/**
 * Ends a call: makes sure the result can be sent as JSON, reports to the audit
 * hook (if any) and returns the result. `start` is when the call arrived
 * (performance.now()); `outputIssues` are the output problems only warned about.
 */
export function completeCall(
  state: RegistryState,
  tool: string,
  result: MCPToolResult,
  options: ExecuteOptions | undefined,
  start: number,
  outputIssues?: ValidationIssue[],
): MCPToolResult {
  result = serializableResult(state, tool, result);
  const onAudit = state.onAudit;
  if (onAudit !== undefined) {
    const record: AuditRecord = { tool, durationMs: performance.now() - start, status: result.status };
    const errorType = result.error?.error_type;
    if (errorType !== undefined) record.errorType = errorType;
    if (options?.callId !== undefined) record.callId = options.callId;
    if (outputIssues !== undefined) record.outputIssues = outputIssues;
    try {
      onAudit(record);
    } catch (err) {
      logSafely(state.logger, "warn", "onAudit hook failed", { error: err });
    }
  }
  return result;
}

/**
 * `result` itself when JSON can hold it — data, error (details included),
 * explanation and the rich content attached with `withContent` — else a
 * `SerializationError` failure saying where and why. A transport that met the bad
 * value while sending would fail with the call unanswered; every transport and
 * the in-process caller get the same, sendable result instead.
 */
function serializableResult(state: RegistryState, tool: string, result: MCPToolResult): MCPToolResult {
  try {
    // The common case without a look at the rest: plain data, no error, no rich content.
    if (isJsonSafe(result.data) && result.error == null && getContent(result) === undefined) return result;
  } catch {
    // A result object that cannot even be read: the walk below says where.
  }
  let problem = findUnserializable(result);
  if (problem === undefined) {
    let content: unknown;
    try {
      content = getContent(result);
    } catch (err) {
      content = undefined;
      problem = { path: "content", reason: errorToDetail(err).error_message };
    }
    if (content !== undefined) {
      const inContent = findUnserializable(content);
      if (inContent !== undefined)
        problem = { path: `content${inContent.path === "(root)" ? "" : inContent.path}`, reason: inContent.reason };
    }
  }
  if (problem === undefined) return result;
  const where = problem.path === "(root)" ? "the result" : problem.path;
  const message = `The result of tool "${tool}" cannot be serialized to JSON: ${where}: ${problem.reason}`;
  logSafely(state.logger, "warn", message);
  return failureResult(ErrorTypes.SerializationError, message, { path: problem.path, reason: problem.reason });
}
