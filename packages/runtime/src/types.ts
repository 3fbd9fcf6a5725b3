/**
 * The tool-call message shapes (MCPToolCall, MCPToolResult, MCPErrorDetail)
 * and the few supporting types the runtime shares between its files. Pure types:
 * this file has no run-time code so every other file can import it without cycles.
 */

/** Any value JSON can represent. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema document (only ever treated as data by the runtime). */
export type JsonSchemaObject = { [key: string]: unknown };

/** The outcome of a tool execution. */
export type ToolStatus = "success" | "failure" | "no_change_needed" | "partial_success";

/**
 * Structured or free-text details of an error (object, string or null).
 */
export type ErrorDetails = { [key: string]: unknown } | string | null;

/** Standard structure for error information in results. */
export interface MCPErrorDetail {
  /** A machine-readable category, e.g. `ValidationError` (see {@link ErrorTypes}). */
  error_type: string;
  /** A human-readable description of the error. */
  error_message: string;
  /** Optional structured details or a string with more information. */
  error_details?: ErrorDetails;
}

/** What an agent sends to invoke a tool. */
export interface MCPToolCall<A = Record<string, unknown>> {
  /** The tool's invocation name, e.g. `ai_code_editing.generate_code` or an MCP wire name such as `get-sum`. */
  tool_name: string;
  /** The arguments object; its shape is defined by the tool's input schema. */
  arguments: A;
}

/**
 * What a tool returns.
 *
 * Rules (checked by `validateToolResult`): `status: "failure"` requires `error` and
 * forbids non-null `data`; `success` may carry `data: null`. The message format
 * types `data` as object|null; the runtime carries any JSON value but the
 * validator reports non-objects unless told otherwise.
 */
export interface MCPToolResult<T = unknown> {
  status: ToolStatus;
  /** Tool-specific output (matches the tool's output schema on success). */
  data?: T | null;
  /** Present (non-null) when `status` is `failure`. */
  error?: MCPErrorDetail | null;
  /** Optional human-readable explanation of the result. */
  explanation?: string | null;
}

/**
 * One problem found by a validator: where (JSON pointer into the validated value),
 * which rule failed (a JSON Schema keyword or a message rule name), a readable message
 * and the offending value (absent when the value is missing).
 */
export interface ValidationIssue {
  /** JSON pointer (RFC 6901) to the failing value, e.g. `/items/0/name`; `""` is the root. */
  pointer: string;
  /** The failed rule: an ajv keyword (`type`, `required`, …) or a message rule (`failureRequiresError`, …). */
  rule: string;
  /** Why it failed, e.g. `must be string`. */
  message: string;
  /** The offending value (omitted for missing values). */
  value?: unknown;
}

/** MCP content annotations (audience / priority hints). */
export interface ContentAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

/** MCP text content block. */
export interface TextContent {
  type: "text";
  text: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** MCP image content block (base64 data). */
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** MCP audio content block (base64 data). */
export interface AudioContent {
  type: "audio";
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** MCP resource link content block. */
export interface ResourceLinkContent {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** MCP embedded resource content block. */
export interface EmbeddedResourceContent {
  type: "resource";
  resource:
    | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
    | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> };
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

/** One MCP `CallToolResult.content` block. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLinkContent | EmbeddedResourceContent;

/**
 * A tool's result as a client receives it: the MCPToolResult, and the MCP content
 * blocks of the answer that are not its data or explanation — images, audio,
 * resource links, embedded resources — in `content`, in the server's order
 * (absent when there are none). `content` is not enumerable (as with
 * `withContent`): JSON.stringify, spreading and `console.log` show the
 * MCPToolResult alone; read it as `result.content` (or `getContent(result)`).
 */
export type ClientToolResult<T = unknown> = MCPToolResult<T> & { readonly content?: readonly ContentBlock[] };
