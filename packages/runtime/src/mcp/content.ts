/**
 * Mapping between MCPToolResult and MCP's CallToolResult, both ways.
 *
 * Server side ({@link toCallToolResult}):
 * - success / partial_success / no_change_needed: `content` = the data as a JSON
 *   text block (when data is not null), the explanation as a text block, then the
 *   rich blocks a handler attached with `withContent`. `structuredContent` = data
 *   when the tool declares an outputSchema and data is a JSON object (MCP requires
 *   structuredContent to be an object that conforms to the outputSchema). The
 *   status travels in `_meta["mcp-specgen/status"]` when it is not `success` or
 *   when data is null (a partial success's error in `_meta["mcp-specgen/error"]`),
 *   so our client gets the exact result back.
 * - failure: `isError: true`; the first content block is the MCPErrorDetail as
 *   JSON text, then the explanation and any rich blocks. Failures never carry
 *   `structuredContent`: it would have to conform to the tool's outputSchema,
 *   which an error object does not, and the same rule for every tool keeps
 *   clients simple.
 *
 * Client side ({@link fromCallToolResult}) reverses this, and copes with other
 * servers (see its doc).
 */
import { ErrorTypes } from "../error-types.js";
import type { ToolDefinition } from "../registry.js";
import { getContent, makeResult, withContent } from "../result.js";
import type { ContentBlock, MCPErrorDetail, MCPToolResult, ToolStatus } from "../types.js";
import { ERROR_META_KEY, STATUS_META_KEY, type CallToolResultWire } from "./protocol.js";

/**
 * Converts a registry result into an MCP CallToolResult (see the file comment for
 * the rules). `definition` decides whether `structuredContent` is sent.
 * @throws TypeError / RangeError from JSON.stringify when data cannot be serialized (BigInt, cycles).
 */
export function toCallToolResult(
  definition: Pick<ToolDefinition, "outputSchema"> | undefined,
  result: MCPToolResult,
): CallToolResultWire {
  const rich = getContent(result);
  const explanation = result.explanation;
  if (result.status === "failure") {
    const detail = result.error ?? { error_type: ErrorTypes.ToolExecutionError, error_message: "The tool failed" };
    const content: Record<string, unknown>[] = [{ type: "text", text: JSON.stringify(detail) }];
    if (typeof explanation === "string" && explanation !== "") content.push({ type: "text", text: explanation });
    if (rich !== undefined) pushAll(content, rich);
    return { content, isError: true };
  }
  const data = result.data;
  const content: Record<string, unknown>[] = [];
  if (data !== null && data !== undefined) content.push({ type: "text", text: JSON.stringify(data) });
  if (typeof explanation === "string" && explanation !== "") content.push({ type: "text", text: explanation });
  if (rich !== undefined) pushAll(content, rich);
  const out: CallToolResultWire = { content };
  if (definition?.outputSchema !== undefined && isPlainObject(data)) out.structuredContent = data;
  // The marker also goes on null-data results: then a lone text block is the
  // explanation, which a client could not tell from prose data without it.
  if (result.status !== "success" || data === null || data === undefined) {
    const meta: Record<string, unknown> = { [STATUS_META_KEY]: result.status };
    if (result.error) meta[ERROR_META_KEY] = result.error;
    out._meta = meta;
  }
  return out;
}

function pushAll(content: Record<string, unknown>[], blocks: readonly ContentBlock[]): void {
  for (const block of blocks) content.push(block as unknown as Record<string, unknown>);
}

const NON_FAILURE: ReadonlySet<string> = new Set(["success", "partial_success", "no_change_needed"]);

/**
 * Converts an MCP CallToolResult (from any server) into an MCPToolResult:
 *
 * - `isError: true` → `failure`. The error is the first text block when it is an
 *   MCPErrorDetail in JSON (what this project's server sends); otherwise it is built
 *   from all the text: `ToolExecutionError`, or `ToolNotFound` / `ValidationError`
 *   for the SDK's `MCP error -32602: Tool x not found` / `…Input validation error…`
 *   texts (SDK servers report those as results, not JSON-RPC errors).
 * - otherwise the status is `_meta["mcp-specgen/status"]` when present, else
 *   `success`. `data` is `structuredContent` when present (a first text block that
 *   looks like a JSON object or array — `{…}` / `[…]`, checked without parsing
 *   it — is then taken as its serialized copy and dropped); else the first text
 *   block parsed when it is a JSON object or array; else (other servers' prose)
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
    if (texts.length > 0) {
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
        error = errorFromText(texts.join("\n"));
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
    if (isPlainObject(value.structuredContent)) {
      data = value.structuredContent;
      // Not parsed: the copy would be thrown away, and parsing a large result twice is not free.
      if (texts.length > 0 && looksLikeJsonContainer(texts[0])) rest = texts.slice(1);
    } else if (texts.length > 0) {
      const parsed = parseJsonContainer(texts[0]);
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

function isErrorDetailLike(value: unknown): value is MCPErrorDetail {
  return isPlainObject(value) && typeof value.error_type === "string" && typeof value.error_message === "string";
}

const SDK_ERROR_TEXT = /^MCP error (-?\d+): ([\s\S]*)$/;

/** Builds an error detail from free text, recognising the SDK's `MCP error <code>: …` texts. */
function errorFromText(text: string): MCPErrorDetail {
  const match = SDK_ERROR_TEXT.exec(text);
  if (match === null) return { error_type: ErrorTypes.ToolExecutionError, error_message: text || "The tool failed" };
  const code = Number(match[1]);
  const message = match[2];
  let type: string = ErrorTypes.ToolExecutionError;
  if (code === -32602) {
    if (/^Tool \S+ not found/.test(message) || /unknown tool/i.test(message)) type = ErrorTypes.ToolNotFound;
    else type = ErrorTypes.ValidationError;
  }
  return { error_type: type, error_message: message, error_details: { code } };
}

/** A non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
