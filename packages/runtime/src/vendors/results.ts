/**
 * The way out: an MCPToolResult → each vendor's tool-result message.
 *
 * Every vendor gets the same text: the compact JSON of {@link toolResultForModel}
 * (`{"status":"success","data":…,"explanation":…}`, or the MCPErrorDetail under `error`
 * for failures), so the model sees the data, the explanation and, for a failure, what
 * went wrong and how to fix its call. Key order is fixed; data keeps its own order.
 *
 * Content blocks attached with `withContent` follow that text, in order: text blocks as
 * text, images as images where the vendor's tool result takes them (Responses API,
 * Anthropic for JPEG/PNG/GIF/WebP, Gemini), otherwise a short note that one was left out;
 * resource links and embedded text resources as their JSON; audio and binary resources as
 * a note. Blocks annotated for the user only (`audience` without `"assistant"`) are not
 * sent to the model.
 */
import { findUnserializable } from "../json-safe.js";
import { getContent } from "../result.js";
import type { ContentBlock, MCPErrorDetail, MCPToolResult, ToolStatus } from "../types.js";
import type {
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicTextBlock,
  AnthropicToolResult,
  GeminiFunctionResponseMedia,
  GeminiFunctionResponsePart,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesInputImage,
  OpenAIResponsesInputText,
  OpenAIToolMessage,
} from "./shapes.js";

/** What the model is shown of a result: {@link toolResultForModel}. */
export interface ModelToolResult {
  status: ToolStatus;
  /** The data (absent for failures; `null` when the tool returned none). */
  data?: unknown;
  /** The error detail (failures, and partial successes that carry one). */
  error?: MCPErrorDetail;
  /** The explanation, when there is one. */
  explanation?: string;
}

/**
 * The part of a result the model is shown, in a fixed key order: `status`, `data` (not
 * for failures), `error` (when present: `error_type`, `error_message`, `error_details`),
 * `explanation` (when non-empty). Every `to…` function sends its JSON.
 */
export function toolResultForModel(result: MCPToolResult): ModelToolResult {
  const view: ModelToolResult = { status: result.status };
  if (result.status !== "failure") view.data = result.data ?? null;
  const error = result.error;
  if (error !== undefined && error !== null) {
    const detail: MCPErrorDetail = { error_type: error.error_type, error_message: error.error_message };
    if (error.error_details !== undefined) detail.error_details = error.error_details;
    view.error = detail;
  }
  if (typeof result.explanation === "string" && result.explanation !== "") view.explanation = result.explanation;
  return view;
}

/**
 * A Chat Completions `tool` message answering the call `toolCallId` (`tool_call.id`).
 * Its content is the result's JSON, followed by the text of attached content blocks
 * (images cannot be sent in tool messages: a note says one was left out).
 */
export function toOpenAIToolMessage(result: MCPToolResult, toolCallId: string): OpenAIToolMessage {
  const { pieces } = piecesOf(result);
  const content = pieces.map((p) => (p.kind === "text" ? p.text : omitted(p, "Chat Completions tool messages")));
  return {
    role: "tool",
    tool_call_id: toolCallId,
    content: content.length === 1 ? content[0] : content.map((text) => ({ type: "text" as const, text })),
  };
}

/**
 * A Responses API `function_call_output` item answering the call `callId` (the
 * `function_call` item's `call_id`). Attached images go as `input_image` data URLs.
 */
export function toOpenAIResponsesOutput(result: MCPToolResult, callId: string): OpenAIResponsesFunctionCallOutput {
  const { pieces } = piecesOf(result);
  if (pieces.length === 1 && pieces[0].kind === "text") {
    return { type: "function_call_output", call_id: callId, output: pieces[0].text };
  }
  const output = pieces.map((p): OpenAIResponsesInputText | OpenAIResponsesInputImage =>
    p.kind === "text"
      ? { type: "input_text", text: p.text }
      : { type: "input_image", image_url: `data:${p.mimeType};base64,${p.data}` },
  );
  return { type: "function_call_output", call_id: callId, output };
}

const ANTHROPIC_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * An Anthropic `tool_result` block answering the `tool_use` block `toolUseId`, with
 * `is_error: true` for failures. Attached JPEG, PNG, GIF and WebP images go as base64
 * image blocks (other image types as a note).
 */
export function toAnthropicToolResult(result: MCPToolResult, toolUseId: string): AnthropicToolResult {
  const { pieces, failed } = piecesOf(result);
  const out: AnthropicToolResult = { type: "tool_result", tool_use_id: toolUseId, content: "" };
  if (pieces.length === 1 && pieces[0].kind === "text") {
    out.content = pieces[0].text;
  } else {
    out.content = pieces.map((p): AnthropicTextBlock | AnthropicImageBlock => {
      if (p.kind === "text") return { type: "text", text: p.text };
      if (!ANTHROPIC_IMAGE_TYPES.has(p.mimeType)) return { type: "text", text: omitted(p, "Anthropic image blocks") };
      return {
        type: "image",
        source: { type: "base64", media_type: p.mimeType as AnthropicImageMediaType, data: p.data },
      };
    });
  }
  if (failed) out.is_error = true;
  return out;
}

/**
 * A Gemini content part answering a function call: `{functionResponse: {id?, name,
 * response}}`, where `response` is `{output: …}` on success and `{error: …}` on failure
 * (Gemini's convention), holding the same object the other vendors get as JSON text. Text
 * of attached content blocks goes in that object's `content` list; images go in `parts`.
 *
 * @param name the function name the model called (the vendor name, `functionCall.name`).
 * @param id the function call's `id`, when it had one.
 */
export function toGeminiFunctionResponse(result: MCPToolResult, name: string, id?: string): GeminiFunctionResponsePart {
  // The first piece is the result's JSON: parsed back, it is a JSON-clean copy of the view.
  const [first, ...rest] = piecesOf(result).pieces;
  const view = JSON.parse((first as TextPiece).text) as Record<string, unknown>;
  const texts = rest.filter((p): p is TextPiece => p.kind === "text").map((p) => p.text);
  if (texts.length > 0) view.content = texts;
  const parts = rest
    .filter((p): p is ImagePiece => p.kind === "image")
    .map((p): GeminiFunctionResponseMedia => ({ inlineData: { mimeType: p.mimeType, data: p.data } }));
  const response = view.status === "failure" ? { error: view } : { output: view };
  const functionResponse: GeminiFunctionResponsePart["functionResponse"] =
    id === undefined ? { name, response } : { id, name, response };
  if (parts.length > 0) functionResponse.parts = parts;
  return { functionResponse };
}

interface TextPiece {
  kind: "text";
  text: string;
}
interface ImagePiece {
  kind: "image";
  mimeType: string;
  data: string;
}
type Piece = TextPiece | ImagePiece;

/** The result's JSON text, then its content blocks the model should see. */
function piecesOf(result: MCPToolResult): { pieces: Piece[]; failed: boolean } {
  const json = resultJson(result);
  const pieces: Piece[] = [{ kind: "text", text: json.text }];
  for (const block of getContent(result) ?? []) {
    const audience = block.annotations?.audience;
    if (Array.isArray(audience) && !audience.includes("assistant")) continue;
    pieces.push(pieceOf(block));
  }
  return { pieces, failed: json.failed };
}

/** The JSON the model reads, and whether it reports a failure. */
function resultJson(result: MCPToolResult): { text: string; failed: boolean } {
  const view = toolResultForModel(result);
  try {
    return { text: JSON.stringify(view), failed: view.status === "failure" };
  } catch {
    // A result built by hand may hold what JSON cannot (a BigInt, a cycle): tell the model
    // the call failed rather than throw in the middle of the conversation loop.
    const problem = findUnserializable(view);
    const where = problem === undefined ? "" : ` at ${problem.path}: ${problem.reason}`;
    const failed: ModelToolResult = {
      status: "failure",
      error: { error_type: "SerializationError", error_message: `The tool's result cannot be written as JSON${where}` },
    };
    return { text: JSON.stringify(failed), failed: true };
  }
}

function pieceOf(block: ContentBlock): Piece {
  switch (block.type) {
    case "text":
      return { kind: "text", text: block.text };
    case "image":
      return { kind: "image", mimeType: block.mimeType, data: block.data };
    case "audio":
      return { kind: "text", text: `[${block.mimeType} audio left out: tool results cannot carry audio]` };
    case "resource_link": {
      const link: Record<string, unknown> = { type: "resource_link", uri: block.uri, name: block.name };
      for (const key of ["title", "description", "mimeType", "size"] as const) {
        if (block[key] !== undefined) link[key] = block[key];
      }
      return { kind: "text", text: JSON.stringify(link) };
    }
    case "resource": {
      const { resource } = block;
      const shown: Record<string, unknown> = { type: "resource", uri: resource.uri };
      if (resource.mimeType !== undefined) shown.mimeType = resource.mimeType;
      if ("text" in resource) shown.text = resource.text;
      else shown.blob = `[${resource.blob.length} base64 characters left out]`;
      return { kind: "text", text: JSON.stringify(shown) };
    }
    default:
      return { kind: "text", text: `[${String((block as { type?: unknown }).type)} content left out]` };
  }
}

function omitted(piece: ImagePiece, where: string): string {
  return `[${piece.mimeType} image left out: ${where} cannot carry it]`;
}
