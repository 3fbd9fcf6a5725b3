/**
 * Mapping between MCPToolResult and MCP's CallToolResult, both ways.
 *
 * Server side ({@link toCallToolResult}; `options.protocolVersion` is the
 * revision of the request being answered, 2025 era when absent):
 * - success / partial_success / no_change_needed: `content` = the data as a JSON
 *   text block (when data is not null), the explanation as a text block, then the
 *   rich blocks a handler attached with `withContent`. `structuredContent` = data
 *   when the tool declares an outputSchema: on 2025 revisions only when data is a
 *   JSON object (MCP then requires an object); on 2026-07-28 whatever JSON value
 *   it is, null included (SEP-2106: any JSON Schema, any JSON value), with a JSON
 *   text copy appended when there is no text block at all (SEP-2106 §4.3). The
 *   status travels in `_meta["mcp-specgen/status"]` when it is not `success`, when
 *   data is null, or when scalar data goes as text only (2025: no structuredContent)
 *   — a partial success's error in `_meta["mcp-specgen/error"]` — so our client
 *   gets the exact result back.
 * - failure: `isError: true`; the first content block is the MCPErrorDetail as
 *   JSON text, then the explanation and any rich blocks. The detail is also sent
 *   as `structuredContent` when the tool has no outputSchema, and on 2026-07-28
 *   always: SDK v1 (2025) clients check `structuredContent` against the
 *   outputSchema even on error results, which an error object would fail; SDK v2
 *   clients, like the 2026-07-28 revision, check only successful results.
 *
 * Client side ({@link fromCallToolResult}) reverses this, and copes with other
 * servers (see its doc).
 */
import { ErrorTypes } from "../error-types.js";
import type { ToolDefinition } from "../tool-types.js";
import { getContent, makeResult, withContent } from "../result.js";
import type { ContentBlock, MCPErrorDetail, MCPToolResult, ToolStatus } from "../types.js";
import { errorFromSdkText } from "./sdk-error-text.js";
import {
  DATA_TEXT_META_KEY,
  ERROR_META_KEY,
  isModernProtocolVersion,
  STATUS_META_KEY,
  type CallToolResultWire,
} from "./protocol.js";

/** Options of {@link toCallToolResult}. */
export interface CallToolResultOptions {
  /** The protocol revision of the request answered (decides the `structuredContent` rules). Default: a 2025 revision. */
  protocolVersion?: string;
}

/**
 * Converts a registry result into an MCP CallToolResult (see the file comment for
 * the rules). `definition` decides whether `structuredContent` is sent, and
 * `options.protocolVersion` which rules apply.
 * @throws TypeError / RangeError from JSON.stringify when data cannot be serialized (BigInt, cycles).
 */
export function toCallToolResult(
  definition: Pick<ToolDefinition, "outputSchema"> | undefined,
  result: MCPToolResult,
  options?: CallToolResultOptions,
): CallToolResultWire {
  const version = options?.protocolVersion;
  const modern = version !== undefined && isModernProtocolVersion(version);
  const hasOutputSchema = definition?.outputSchema !== undefined;
  const rich = getContent(result);
  const explanation = result.explanation;
  if (result.status === "failure") {
    const detail = result.error ?? { error_type: ErrorTypes.ToolExecutionError, error_message: "The tool failed" };
    const content: Record<string, unknown>[] = [{ type: "text", text: JSON.stringify(detail) }];
    if (typeof explanation === "string" && explanation !== "") content.push({ type: "text", text: explanation });
    if (rich !== undefined) pushAll(content, rich);
    const out: CallToolResultWire = { content, isError: true };
    if (modern || !hasOutputSchema) out.structuredContent = detail;
    return out;
  }
  const data = result.data;
  const content: Record<string, unknown>[] = [];
  if (data !== null && data !== undefined) content.push({ type: "text", text: JSON.stringify(data) });
  if (typeof explanation === "string" && explanation !== "") content.push({ type: "text", text: explanation });
  if (rich !== undefined) pushAll(content, rich);
  const out: CallToolResultWire = { content };
  if (hasOutputSchema) {
    if (!modern) {
      if (isPlainObject(data)) out.structuredContent = data;
    } else {
      const structured = data === undefined ? null : data;
      out.structuredContent = structured;
      // SEP-2106 §4.3: a non-object value always has a JSON text copy (only null data lacks one here).
      if (structured === null && !content.some((block) => block.type === "text"))
        content.push({ type: "text", text: "null" });
    }
  }
  // The marker also goes on null-data results: then a lone text block is the
  // explanation, which a client could not tell from prose data without it; and on
  // scalar data sent without structuredContent (2025), whose JSON text ("42",
  // "\"hi\"") a client could not tell from prose either.
  const scalarAsText = out.structuredContent === undefined && data !== null && typeof data !== "object";
  if (result.status !== "success" || data === null || data === undefined || scalarAsText) {
    const meta: Record<string, unknown> = { [STATUS_META_KEY]: result.status };
    if (result.error) meta[ERROR_META_KEY] = result.error;
    if (scalarAsText) meta[DATA_TEXT_META_KEY] = true;
    out._meta = meta;
  }
  return out;
}

/**
 * The tool as 2025 clients are shown it: an output schema whose root is not an object
 * is left out (MCP 2025 wants an object there, and SDK 1.x clients refuse the whole
 * `tools/list` otherwise); its data then travels as text. Both the built-in server and
 * the SDK 1.x registration use this one rule.
 */
export function withoutNonObjectOutput<T extends { outputSchema?: Record<string, unknown> | undefined }>(tool: T): T {
  if (tool.outputSchema === undefined || tool.outputSchema.type === "object") return tool;
  const { outputSchema: _unlisted, ...rest } = tool;
  return rest as T;
}

function pushAll(content: Record<string, unknown>[], blocks: readonly ContentBlock[]): void {
  for (const block of blocks) content.push(block as unknown as Record<string, unknown>);
}

const NON_FAILURE: ReadonlySet<string> = new Set(["success", "partial_success", "no_change_needed"]);

/**
 * Converts an MCP CallToolResult (from any server) into an MCPToolResult:
 *
 * - `isError: true` → `failure`. The error is `structuredContent` when that is an
 *   MCPErrorDetail (this project's server, see toCallToolResult; a first text block
 *   holding the same detail in JSON is then its copy and dropped); else the first
 *   text block when it is an MCPErrorDetail in JSON; else `structuredContent.error`
 *   when that is one; otherwise it is built from all the text: `ToolExecutionError`,
 *   or `ToolNotFound` / `ValidationError` (with the issues) for the texts SDK 1.x
 *   and v2 servers report their own refusals with (sdk-error-text.ts; they come as
 *   results, not JSON-RPC errors).
 * - otherwise the status is `_meta["mcp-specgen/status"]` when present, else
 *   `success`. `data` is `structuredContent` when present — any JSON value, as
 *   2026-07-28 allows (a first text block that is its serialized copy is dropped:
 *   for an object or array one that looks like `{…}` / `[…]`, checked without
 *   parsing it; for other values the exact JSON text); else the first text
 *   block parsed when it is a JSON object or array (any JSON value when
 *   `_meta["mcp-specgen/data-text"]` says it is the data); else (other servers' prose)
 *   `{text}` with all text blocks joined by newlines — unless the status marker
 *   is present (this project's server), where such text is the explanation and
 *   data is null; `null` when there is no text at all.
 * - text blocks not used for data or the error become `explanation` (joined by newlines).
 * - non-text blocks (image, audio, resource_link, resource) are attached with
 *   `withContent`: read them with `getContent(result)`.
 */
export function fromCallToolResult(value: unknown): MCPToolResult {
  if (!isPlainObject(value) || !Array.isArray(value.content)) {
    return makeResult("failure", null, {
      error_type: "TransportError",
      error_message: "The server returned a malformed CallToolResult (no content array)",
    });
  }
  const texts: string[] = [];
  let rich: ContentBlock[] | undefined;
  for (const block of value.content as unknown[]) {
    if (!isPlainObject(block)) continue;
    if (block.type === "text" && typeof block.text === "string") texts.push(block.text);
    else (rich ??= []).push(block as unknown as ContentBlock);
  }
  const meta = isPlainObject(value._meta) ? value._meta : undefined;
  let result: MCPToolResult;
  if (value.isError === true) {
    let error: MCPErrorDetail | undefined;
    let rest = texts;
    const structured = value.structuredContent;
    if (isErrorDetailLike(structured)) {
      error = structured;
      if (texts.length > 0 && isErrorDetailLike(parseJsonContainer(texts[0]))) rest = texts.slice(1);
    } else if (texts.length > 0) {
      const parsed = parseJsonContainer(texts[0]);
      if (isErrorDetailLike(parsed)) {
        error = parsed;
        rest = texts.slice(1);
      }
    }
    if (error === undefined) {
      const structured = isPlainObject(value.structuredContent) ? value.structuredContent.error : undefined;
      if (isErrorDetailLike(structured)) error = structured;
      else {
        error = errorFromSdkText(texts.join("\n"));
        rest = [];
      }
    }
    result = makeResult("failure", null, error, joinOrUndefined(rest));
  } else {
    const declared = meta?.[STATUS_META_KEY];
    // Marked results come from this project's server: text there is never prose data.
    const marked = typeof declared === "string" && NON_FAILURE.has(declared);
    const status = (marked ? declared : "success") as ToolStatus;
    let data: unknown = null;
    let rest = texts;
    const structured = value.structuredContent;
    if (structured !== undefined) {
      data = structured;
      if (texts.length > 0) {
        // Not parsed: the copy would be thrown away, and parsing a large result twice is not free.
        const copy =
          typeof structured === "object" && structured !== null
            ? looksLikeJsonContainer(texts[0])
            : texts[0].trim() === JSON.stringify(structured);
        if (copy) rest = texts.slice(1);
      }
    } else if (texts.length > 0) {
      // This project's server marks scalar data sent as text (see toCallToolResult).
      const parsed = meta?.[DATA_TEXT_META_KEY] === true ? parseJsonValue(texts[0]) : parseJsonContainer(texts[0]);
      if (parsed !== undefined) {
        data = parsed;
        rest = texts.slice(1);
      } else if (!marked) {
        data = { text: texts.join("\n") };
        rest = [];
      }
    }
    const error =
      status === "partial_success" && isErrorDetailLike(meta?.[ERROR_META_KEY])
        ? (meta[ERROR_META_KEY] as MCPErrorDetail)
        : undefined;
    result = makeResult(status, data, error, joinOrUndefined(rest));
  }
  return rich === undefined ? result : withContent(result, rich);
}

function joinOrUndefined(texts: string[]): string | undefined {
  return texts.length === 0 ? undefined : texts.join("\n");
}

/**
 * Cheap stand-in for {@link parseJsonContainer} when the value is not needed:
 * the text starts with "{" and ends with "}" (or "[" … "]"), whitespace aside.
 */
function looksLikeJsonContainer(text: string): boolean {
  let i = 0;
  let j = text.length - 1;
  while (i <= j && text.charCodeAt(i) <= 32) i++;
  while (j > i && text.charCodeAt(j) <= 32) j--;
  if (i >= j) return false;
  const first = text.charCodeAt(i);
  const last = text.charCodeAt(j);
  // { … }  or  [ … ]
  return (first === 123 && last === 125) || (first === 91 && last === 93);
}

/** Parses text that is a JSON object or array; undefined for anything else (plain prose, numbers…). */
function parseJsonContainer(text: string): unknown {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) <= 32) i++;
  const c = text.charCodeAt(i);
  if (c !== 123 /* { */ && c !== 91 /* [ */) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Any JSON value, or undefined when the text is not JSON (then it is the explanation). */
function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorDetailLike(value: unknown): value is MCPErrorDetail {
  return isPlainObject(value) && typeof value.error_type === "string" && typeof value.error_message === "string";
}

/** A non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
