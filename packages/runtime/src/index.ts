/**
 * @mcp-specgen/runtime: what generated code imports. Message types and validators
 * (MCPToolCall, MCPToolResult, MCPErrorDetail), JSON parse/serialize with precise
 * errors, the error taxonomy (MCPError and its subclasses), result helpers, and the
 * ToolRegistry that validates and executes calls.
 *
 * This folder imports nothing from the rest of the project: only npm packages
 * (ajv and ajv-formats, loaded lazily; re2js and regexpp for patterns) and Node built-ins.
 */
export type {
  AudioContent,
  ClientToolResult,
  ContentAnnotations,
  ContentBlock,
  EmbeddedResourceContent,
  ErrorDetails,
  ImageContent,
  JsonSchemaObject,
  JsonValue,
  MCPErrorDetail,
  MCPToolCall,
  MCPToolResult,
  ResourceLinkContent,
  TextContent,
  ToolStatus,
  ValidationIssue,
} from "./types.js";
export { ErrorTypes, type ErrorType, type StandardErrorType } from "./error-types.js";
export {
  checkCreateMessageAnswer,
  checkElicitAnswer,
  InputRequiredSignal,
  type ClientRequester,
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitFormParams,
  type ElicitParams,
  type ElicitResult,
  type ElicitUrlParams,
} from "./client-requests.js";
export {
  ClientRequestError,
  errorToDetail,
  MCPError,
  UNREADABLE_ERROR_MESSAGE,
  PermissionError,
  RegistrationError,
  SchemaError,
  SerializationError,
  TimeoutError,
  ToolCallError,
  ToolNotFoundError,
  TransportError,
  ValidationError,
  type MCPErrorOptions,
} from "./errors.js";
export {
  assertErrorDetail,
  assertToolCall,
  assertToolResult,
  describeIssues,
  isErrorDetail,
  isJsonObject,
  isToolCall,
  isToolResult,
  isValidToolName,
  MCP_TOOL_NAME_PATTERN,
  parseErrorDetail,
  parseToolCall,
  parseToolResult,
  STRICT_TOOL_NAME_PATTERN,
  TOOL_STATUSES,
  validateErrorDetail,
  validateToolCall,
  validateToolResult,
  type ToolCallValidationOptions,
  type ToolResultValidationOptions,
} from "./messages.js";
export { assertSerializable, serialize, type SerializeOptions } from "./serialize.js";
export {
  failure,
  getContent,
  isBrandedResult,
  noChangeNeeded,
  partialSuccess,
  success,
  TOOL_RESULT_BRAND,
  toolResult,
  withContent,
  type BrandedToolResult,
  type MCPToolResultWithContent,
} from "./result.js";
export {
  canonicalJson,
  clearCompileCache,
  compileSchema,
  createSchemaCompiler,
  issuesFromErrors,
  type SchemaCompiler,
  type SchemaCompilerOptions,
  type ValidateFunction,
  type ValidatorError,
} from "./validation.js";
export {
  compilePattern,
  linearOrCappedRegExp,
  linearRegExp,
  PatternCompileError,
  type BacktrackingOptions,
  type PatternMatcher,
} from "./patterns/linear-regexp.js";
export {
  compileRe2Syntax,
  MAX_REPEAT,
  translatePattern,
  translateToRe2Syntax,
  type PatternRefusal,
  type PatternSyntax,
  type PatternTranslation,
} from "./patterns/translate.js";
export { DFA_MEMORY_BUDGET, MAX_GROUP_NESTING, MAX_PROGRAM_SIZE } from "./patterns/limits.js";
export { backtrackingRisk } from "./patterns/backtracking-risk.js";
export { forEachSchemaPattern, schemaPatternProblems, type SchemaPatternProblem } from "./patterns/schema-patterns.js";
export { escapePointerToken, pointerTokens } from "./paths.js";
export {
  acceptingStandardSchema,
  STANDARD_SCHEMA_VENDOR,
  standardSchema,
  type StandardIssue,
  type StandardJsonSchemaProps,
  type StandardJsonSchemaTarget,
  type StandardResult,
  type StandardSchemaProps,
  type StandardSchemaWithJSON,
  type StandardSchemaWithJSONProps,
  type StandardTypedProps,
} from "./standard-schema.js";
export { levenshtein, suggestNames } from "./suggest.js";
export { createConsoleLogger, silentLogger, type Logger, type LogLevel } from "./logger.js";
export { findUnserializable, type SerializationProblem } from "./json-safe.js";
export { jsonEqual } from "./json-equal.js";
export { isToolRegistry, ToolRegistry } from "./registry.js";
export {
  DEFAULT_TIMEOUT_MS,
  type AuditRecord,
  type ExecuteOptions,
  type OutputValidationMode,
  type ToolAnnotations,
  type ToolContext,
  type ToolDefinition,
  type ToolHandler,
  type ToolRegistryOptions,
  type TrustPolicy,
  type ValidateCallResult,
} from "./tool-types.js";
export {
  DEFAULT_VALIDATION_MIN_SIZE,
  DEFAULT_VALIDATION_TIMEOUT_MS,
  type ValidationBudgetOptions,
} from "./call-budget.js";
export {
  workerHandler,
  type WorkerHandlerOptions,
  type WorkerToolContext,
  type WorkerToolFunction,
} from "./worker-handler.js";
export {
  createToolCaller,
  inProcessTransport,
  type CallOptions,
  type ToolCaller,
  type ToolCallerOptions,
  type ToolTransport,
} from "./transport.js";
export {
  createToolApi,
  ToolError,
  type ToolApiClient,
  type ToolApiOptions,
  type ToolApiTarget,
  type ToolSurface,
} from "./codemode.js";
export { ajvEqual, ajvFullFormats, ajvUcs2length, ajvUri, ajvValidationError } from "./ajv-standalone.js";
export * from "./mcp/index.js";
export type { Vendor, VendorToolEntry, VendorToolIndex } from "./vendors/types.js";
export type {
  AnthropicInputSchema,
  AnthropicTool,
  GeminiFunctionDeclaration,
  OpenAIChatTool,
  OpenAIFunctionDefinition,
  OpenAIResponsesTool,
  VendorJsonSchema,
} from "./vendors/tool-types.js";
export { stripStrictNulls } from "./vendors/strip-nulls.js";
export { fromAnthropicToolUse, fromGeminiFunctionCall, fromOpenAIToolCall } from "./vendors/calls.js";
export {
  toAnthropicToolResult,
  toGeminiFunctionResponse,
  toOpenAIResponsesOutput,
  toOpenAIToolMessage,
  toolResultForModel,
  type ModelToolResult,
} from "./vendors/results.js";
export type {
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicTextBlock,
  AnthropicToolResult,
  AnthropicToolUse,
  GeminiFunctionCall,
  GeminiFunctionResponseMedia,
  GeminiFunctionResponsePart,
  OpenAIChatCustomToolCall,
  OpenAIChatFunctionToolCall,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesInputImage,
  OpenAIResponsesInputText,
  OpenAITextPart,
  OpenAIToolCall,
  OpenAIToolMessage,
} from "./vendors/shapes.js";
