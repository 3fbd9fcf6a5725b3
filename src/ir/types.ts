/**
 * The intermediate representation (IR): what every input format is parsed into
 * and the only thing generators read. Plain JSON-compatible data, so it can be
 * hashed, cached and sent to worker threads unchanged.
 */

/** A JSON value as it appears in specs and schemas. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema object (draft-07 / 2020-12 keywords are passed through as-is). */
export type JsonSchema = { [key: string]: JsonValue };

/** A 1-based position in a source file. */
export interface SourceLocation {
  /** Path of the spec file, relative to the working directory, with `/` separators. */
  file: string;
  line: number;
  column: number;
}

/** Idempotency as stated by a spec (the template's Idempotency section). */
export interface Idempotency {
  value: "yes" | "no" | "partial";
  explanation?: string;
}

/** MCP tool annotations (hints). Always fully populated in the IR. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** An error type a tool documents (an `error_type` of its failures). */
export interface ToolErrorType {
  type: string;
  description?: string;
}

/** A deprecation notice. */
export interface Deprecation {
  /** Version in which the tool was deprecated, when stated. */
  since?: string;
  message?: string;
}

/** A usage example found in a spec: a tool call's arguments or a tool result. */
export interface ToolExample {
  kind: "call" | "result";
  /** For calls: the arguments object. For results: the whole MCPToolResult-like object. */
  value: JsonValue;
  /** The tool name the example's envelope names, when it has one. */
  toolName?: string;
  /** True when the example contains placeholders and must not be validated. */
  placeholder?: boolean;
  loc: SourceLocation;
}

/** Where each part of a tool came from, for diagnostics that point at the source. */
export interface ToolLocations {
  tool: SourceLocation;
  name?: SourceLocation;
  version?: SourceLocation;
  description?: SourceLocation;
  inputSchema?: SourceLocation;
  outputSchema?: SourceLocation;
  errors?: SourceLocation;
  idempotency?: SourceLocation;
  examples?: SourceLocation;
  security?: SourceLocation;
}

/** One tool, whatever format it was written in. */
export interface ToolSpec {
  /** The exact wire name used in `tools/call` and `MCPToolCall.tool_name`. */
  name: string;
  /** The module (namespace) the tool belongs to. */
  module: string;
  /** Semver version of the tool, when declared. */
  version?: string;
  title?: string;
  description: string;
  /** JSON Schema of the `arguments` object; root is always `type: "object"`. */
  inputSchema: JsonSchema;
  /** JSON Schema of the result `data`, when declared. */
  outputSchema?: JsonSchema;
  errors: ToolErrorType[];
  idempotency?: Idempotency;
  annotations: ToolAnnotations;
  deprecation?: Deprecation;
  examples: ToolExample[];
  security: string[];
  /** Which input format produced the tool. */
  format: "markdown" | "json";
  /**
   * The spec gave the exact MCP wire name (`**MCP Name**` in Markdown), so it is kept as-is
   * and checked against MCP's tool-name rule rather than the template's `module.tool` style.
   */
  exactName?: true;
  locations: ToolLocations;
}

/** Everything parsed from the inputs of one run. */
export interface SpecSet {
  tools: ToolSpec[];
  /** Spec files read, relative paths, sorted. */
  files: string[];
}
