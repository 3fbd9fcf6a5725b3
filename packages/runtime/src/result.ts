/**
 * Result helpers for tool handlers. A handler may return plain data (it becomes
 * the `data` of a success result) or a complete MCPToolResult built with these
 * helpers. The two are told apart by a brand, never by duck typing: tool data
 * may legitimately have a `status` field.
 *
 * The brand lives on the prototype of an internal class, so it costs nothing per
 * result, is invisible to JSON.stringify / Object.keys / spreading, and survives
 * two copies of the runtime being loaded (it is a registered symbol).
 */
import { assertToolResult } from "./messages.js";
import type { ContentBlock, ErrorDetails, MCPErrorDetail, MCPToolResult, ToolStatus } from "./types.js";

/** The registered symbol that marks results built by this runtime. */
export const TOOL_RESULT_BRAND: unique symbol = Symbol.for("mcp-specgen.toolResult");

/**
 * A branded MCPToolResult. A fixed-shape class (all four fields always assigned)
 * keeps property access monomorphic in the registry's hot path; absent fields are
 * `undefined`, which JSON omits.
 */
class ToolResult<T> implements MCPToolResult<T> {
  status: ToolStatus;
  data: T | null | undefined;
  error: MCPErrorDetail | null | undefined;
  explanation: string | null | undefined;

  constructor(
    status: ToolStatus,
    data: T | null | undefined,
    error: MCPErrorDetail | null | undefined,
    explanation: string | null | undefined,
  ) {
    this.status = status;
    this.data = data;
    this.error = error;
    this.explanation = explanation;
  }
}
Object.defineProperty(ToolResult.prototype, TOOL_RESULT_BRAND, { value: true });

/**
 * A result built by this runtime's helpers. Handler return types use it, so a plain
 * object that merely looks like a result (and would be taken as data) does not compile.
 */
export type BrandedToolResult<T = unknown> = MCPToolResult<T> & { readonly [TOOL_RESULT_BRAND]: true };

/** A result that carries MCP content blocks next to its data (see {@link withContent}). */
export type MCPToolResultWithContent<T = unknown> = BrandedToolResult<T> & {
  readonly content?: readonly ContentBlock[];
};

/** Creates a branded result without validation (internal fast path). */
export function makeResult<T>(
  status: ToolStatus,
  data: T | null | undefined,
  error?: MCPErrorDetail | null,
  explanation?: string | null,
): BrandedToolResult<T> {
  return new ToolResult(status, data, error, explanation) as unknown as BrandedToolResult<T>;
}

/** True when `value` was built by {@link toolResult}, {@link success}, {@link failure}… (brand check, no duck typing). */
export function isBrandedResult(value: unknown): value is MCPToolResult {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { [TOOL_RESULT_BRAND]?: unknown })[TOOL_RESULT_BRAND] === true
  );
}

/**
 * Marks a complete result so a handler can return it unchanged (e.g. a
 * `no_change_needed` or a result forwarded from another server).
 * Data may be any JSON value; the other MCPToolResult rules are enforced.
 * @throws ValidationError when the result breaks a rule (e.g. failure without error).
 */
export function toolResult<T>(result: MCPToolResult<T>): BrandedToolResult<T> {
  assertToolResult(result, { allowAnyData: true });
  const branded = makeResult(result.status, result.data, result.error, result.explanation);
  const content = getContent(result);
  return content === undefined ? branded : attachContent(branded, content);
}

/** A success result carrying `data` (`null` when the tool has no output). */
export function success<T>(data: T, explanation?: string): BrandedToolResult<T> {
  return makeResult<T>("success", data === undefined ? null : data, undefined, explanation);
}

/**
 * A failure result: `error` set, `data` null.
 * @param errorType an `error_type`, e.g. `ErrorTypes.ResourceNotFound`.
 */
export function failure(
  errorType: string,
  message: string,
  details?: ErrorDetails,
  explanation?: string,
): BrandedToolResult<never> {
  const error: MCPErrorDetail = { error_type: errorType, error_message: message };
  if (details !== undefined) error.error_details = details;
  return makeResult<never>("failure", null, error, explanation);
}

/** A `partial_success` result: some data, optionally an error describing what failed. */
export function partialSuccess<T>(data: T, error?: MCPErrorDetail, explanation?: string): BrandedToolResult<T> {
  return makeResult<T>("partial_success", data === undefined ? null : data, error, explanation);
}

/** A `no_change_needed` result (data optional). */
export function noChangeNeeded<T = null>(explanation?: string, data?: T): BrandedToolResult<T> {
  return makeResult<T>("no_change_needed", data === undefined ? null : data, undefined, explanation);
}

/**
 * Returns rich MCP content (text, images, resource links…) alongside the data.
 *
 * `dataOrResult` is either plain data (→ a success result) or a result built by
 * the helpers above (its status/data/error are kept). The content blocks are stored
 * on a **non-enumerable** `content` property: JSON.stringify, `serialize`,
 * `Object.keys`, spreading and deep-equality ignore it, so the MCPToolResult wire
 * format stays `{status, data, error, explanation}`. An MCP server layer reads it
 * with {@link getContent} to fill `CallToolResult.content` (and sends `data` as
 * `structuredContent`); when there is none it derives a text block from `data`.
 * The registry passes the result object through untouched, so the content survives.
 */
export function withContent<T>(
  dataOrResult: T | MCPToolResult<T>,
  content: readonly ContentBlock[],
): MCPToolResultWithContent<T> {
  const base = isBrandedResult(dataOrResult)
    ? makeResult(dataOrResult.status, dataOrResult.data, dataOrResult.error, dataOrResult.explanation)
    : makeResult("success", dataOrResult === undefined ? null : (dataOrResult as T), undefined, undefined);
  return attachContent(base as BrandedToolResult<T>, content);
}

/** The content blocks attached with {@link withContent}, or `undefined`. */
export function getContent(result: MCPToolResult<unknown>): readonly ContentBlock[] | undefined {
  const content = (result as MCPToolResultWithContent).content;
  return Array.isArray(content) ? content : undefined;
}

function attachContent<T>(result: BrandedToolResult<T>, content: readonly ContentBlock[]): MCPToolResultWithContent<T> {
  Object.defineProperty(result, "content", { value: content, enumerable: false, writable: false, configurable: true });
  return result;
}
