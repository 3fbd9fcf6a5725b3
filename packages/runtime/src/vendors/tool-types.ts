/**
 * The tool definitions of each vendor's function-calling API, as the generated vendor
 * modules (`generated/vendors/<vendor>.ts`) export them. Structural copies of the parts of
 * the vendors' SDK types that mcp-specgen fills in, with mutable arrays and objects, so the
 * generated values are assignable to `OpenAI.ChatCompletionTool[]`, the Responses API's
 * `FunctionTool[]`, `Anthropic.Tool[]` and `@google/genai`'s `FunctionDeclaration[]` without
 * a dependency on any of those packages.
 */

/** A JSON Schema as the vendors' SDKs type it: any object. */
export interface VendorJsonSchema {
  [key: string]: unknown;
}

/** An OpenAI function definition (Chat Completions' `function`, `FunctionDefinition` in the SDK). */
export interface OpenAIFunctionDefinition {
  /** The function name: `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description?: string;
  /** The JSON Schema of the arguments object; in strict form when `strict` is true. */
  parameters?: VendorJsonSchema;
  /** Structured outputs: the model's arguments follow `parameters` exactly. */
  strict?: boolean | null;
}

/** A Chat Completions tool: `{type: "function", function}` (`ChatCompletionFunctionTool` in the SDK). */
export interface OpenAIChatTool {
  type: "function";
  function: OpenAIFunctionDefinition;
}

/** A Responses API function tool: the definition flattened (`FunctionTool` in the SDK). */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string | null;
  parameters: VendorJsonSchema | null;
  strict: boolean | null;
}

/** An Anthropic tool's input schema: an object schema (`Tool.InputSchema` in the SDK). */
export interface AnthropicInputSchema {
  type: "object";
  properties?: unknown;
  required?: string[] | null;
  [key: string]: unknown;
}

/** An Anthropic client tool (`Tool` in `@anthropic-ai/sdk`). */
export interface AnthropicTool {
  /** The tool name: `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description?: string;
  input_schema: AnthropicInputSchema;
  /** Strict tool use: the model's input follows `input_schema` exactly. */
  strict?: boolean;
}

/**
 * A Gemini function declaration (`FunctionDeclaration` in `@google/genai`), its parameters
 * given as JSON Schema (`parametersJsonSchema`) in the subset Gemini supports.
 */
export interface GeminiFunctionDeclaration {
  /** The function name: a letter or `_` first, then letters, digits, `_`, `.`, `:`, `-`. */
  name: string;
  description?: string;
  /** The JSON Schema of the arguments object. */
  parametersJsonSchema?: VendorJsonSchema;
}
