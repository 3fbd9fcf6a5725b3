/**
 * Structural copies of the vendor message shapes the runtime reads (tool calls) and
 * writes (tool results). Only the fields used are declared: the vendor SDKs' own types
 * are assignable to the call shapes, and the result shapes to the SDKs' parameter types
 * (type tests compile both directions against `openai`, `@anthropic-ai/sdk` and
 * `@google/genai`), without the runtime depending on those packages.
 */

/** A Chat Completions function tool call: an entry of `message.tool_calls`. */
export interface OpenAIChatFunctionToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

/** A Chat Completions custom tool call (free-form input, not a function call: refused). */
export interface OpenAIChatCustomToolCall {
  readonly id: string;
  readonly type: "custom";
  readonly custom: { readonly name: string; readonly input: string };
}

/** A Responses API `function_call` output item. */
export interface OpenAIResponsesFunctionCall {
  readonly type: "function_call";
  /** The id the `function_call_output` must carry (not `id`, the item's own id). */
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
  readonly id?: string;
}

/** What {@link fromOpenAIToolCall} accepts: any Chat Completions tool call or a Responses function call. */
export type OpenAIToolCall = OpenAIChatFunctionToolCall | OpenAIChatCustomToolCall | OpenAIResponsesFunctionCall;

/** An Anthropic `tool_use` content block. */
export interface AnthropicToolUse {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  /** The arguments object (already parsed by the API). */
  readonly input: unknown;
}

/** A Gemini `functionCall` (every field is optional in the SDK's type). */
export interface GeminiFunctionCall {
  readonly id?: string;
  readonly name?: string;
  readonly args?: { readonly [key: string]: unknown };
}

/** A Chat Completions text content part. */
export interface OpenAITextPart {
  type: "text";
  text: string;
}

/** A Chat Completions `tool` message answering one tool call. */
export interface OpenAIToolMessage {
  role: "tool";
  tool_call_id: string;
  /** A string when the result is one text; text parts when it has content blocks too. */
  content: string | OpenAITextPart[];
}

/** A Responses API `input_text` content item. */
export interface OpenAIResponsesInputText {
  type: "input_text";
  text: string;
}

/** A Responses API `input_image` content item (a `data:` URL). */
export interface OpenAIResponsesInputImage {
  type: "input_image";
  image_url: string;
}

/** A Responses API `function_call_output` input item answering one function call. */
export interface OpenAIResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  /** A string when the result is one text; text and image items when it has content blocks too. */
  output: string | Array<OpenAIResponsesInputText | OpenAIResponsesInputImage>;
}

/** An Anthropic text block. */
export interface AnthropicTextBlock {
  type: "text";
  text: string;
}

/** The image media types Anthropic accepts in base64 image blocks. */
export type AnthropicImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** An Anthropic base64 image block. */
export interface AnthropicImageBlock {
  type: "image";
  source: { type: "base64"; media_type: AnthropicImageMediaType; data: string };
}

/** An Anthropic `tool_result` content block answering one `tool_use`. */
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  /** A string when the result is one text; text and image blocks when it has content blocks too. */
  content: string | Array<AnthropicTextBlock | AnthropicImageBlock>;
  /** `true` for failures (absent otherwise). */
  is_error?: boolean;
}

/** Inline media of a Gemini function response. */
export interface GeminiFunctionResponseMedia {
  inlineData: { mimeType: string; data: string };
}

/** A Gemini content part carrying a function response. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    /** The `id` of the function call, when it had one. */
    id?: string;
    /** The function name the model called (the vendor name, not the MCP wire name). */
    name: string;
    /** `{output: …}` on success, `{error: …}` on failure (Gemini's convention). */
    response: { [key: string]: unknown };
    /** Images attached to the result with `withContent`. */
    parts?: GeminiFunctionResponseMedia[];
  };
}
