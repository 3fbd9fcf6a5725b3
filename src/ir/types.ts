/**
 * The intermediate representation (IR): what every input format is parsed into
 * and the only thing generators read. Plain JSON-compatible data, so it can be
 * hashed, cached and sent to worker threads unchanged.
 */

import type { JsonValue } from "@mcp-specgen/runtime";

/**
 * A JSON value as it appears in specs and schemas: the runtime's type, so values the
 * generator reads and values generated code handles are the same type.
 */
export type { JsonValue };

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

/** Annotation hints as a spec states them; anything unstated takes the MCP default. */
export interface StatedAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
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

/**
 * How a schema was obtained, for checks that depend on how much the author actually said
 * (a usage example that does not match a schema inferred from prose is only a warning):
 *
 * - `explicit`: a JSON Schema the author wrote (a JSON spec file, a JSON/YAML block,
 *   one-line JSON, an MCP descriptor);
 * - `inferred`: built from prose (a table, bullets, Python signatures, a summary-table
 *   cell, a bare type such as `dict`);
 * - `undocumented`: the spec says nothing about the parameters; the schema accepts any object.
 */
export type SchemaProvenance = "explicit" | "inferred" | "undocumented";

/** A parameter or result field the spec lists without a type, so its schema accepts any value. */
export interface UntypedField {
  /** The field's name as listed (`a`, or `a.b` / `a[].b` for nested fields). */
  name: string;
  loc: SourceLocation;
}

/**
 * Where the parts of a schema are written, so diagnostics can point at the offending
 * keyword: a tree that follows the schema. Each node is `[line, column]` of a part in the
 * tool's spec file (`locations.tool.file`), then, when any is recorded, the nodes of its
 * members by key (array items by their index, as a string). The root is the schema itself.
 *
 * Sparse, to stay small: a part that is not in the tree is where its nearest ancestor in
 * the tree is. Left out are parts the text does not have (the parser made them up) and the
 * inside of values that are data rather than schema (`default`, `const`, `examples`,
 * `example`, each `enum` member), which no check after parsing points into.
 */
export type SchemaPosition = [line: number, column: number, members?: { [key: string]: SchemaPosition }];

/** What a spec said about one of a tool's schemas, beyond the schema itself. */
export interface SchemaSource {
  provenance: SchemaProvenance;
  /** Fields listed without a type, in the order listed; absent when there are none. */
  untyped?: UntypedField[];
  /**
   * Where the schema's parts are written; present for schemas written as JSON or YAML.
   * Without it (a schema inferred from prose) diagnostics point at the schema's section.
   */
  positions?: SchemaPosition;
}

/**
 * One tool, whatever format it was written in, as the parsers read it: a {@link ToolSpec}
 * before its content hash is set.
 */
export interface ToolContent {
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
  /**
   * How `inputSchema` and `outputSchema` came about and where their parts are written.
   * A side without an entry counts as an `explicit` schema with no known positions. It is
   * plain data like the rest of the IR, so it survives copies (`structuredClone`, JSON),
   * and a stage that rewrites a schema keeping its key paths keeps it by spreading the tool.
   */
  schemaSources?: { inputSchema?: SchemaSource; outputSchema?: SchemaSource };
  /**
   * The hints a Markdown tool section states in its own labels (`**Read Only**: Yes`,
   * `**Destructive**: Yes`), before `annotations` completes them with MCP's defaults: lint
   * asks a tool that says it is destructive for security notes. Absent when the section
   * states none, and for tools given as MCP JSON (spec files, descriptor blocks), whose
   * `annotations` object is the definition's own.
   */
  statedAnnotations?: StatedAnnotations;
}

/** One tool, whatever format it was written in: its content and the hash of that content. */
export interface ToolSpec extends ToolContent {
  /**
   * SHA-256 (hex) of the tool's JSON text without this field, set once where the tool is
   * read (see `withContentHash`). Everything kept between the stages of a build and between
   * the builds of `generate --watch` is keyed by it, never by the object's identity. A stage
   * that derives a tool from another as a pure function of it (resolving its schemas) keeps
   * the hash; copies keep it (it is plain data like the rest).
   */
  contentHash: string;
}

/** Everything parsed from the inputs of one run. */
export interface SpecSet {
  tools: ToolSpec[];
  /** Spec files read, relative paths, sorted. */
  files: string[];
}
