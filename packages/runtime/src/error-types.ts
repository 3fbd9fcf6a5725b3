/**
 * The standard `error_type` strings of MCPErrorDetail, plus the few the runtime
 * itself produces. Tools may use any other string; these are the shared vocabulary.
 */
export const ErrorTypes = {
  /** Input (or output) validation failed. */
  ValidationError: "ValidationError",
  /** A required file was not found. */
  FileNotFoundError: "FileNotFoundError",
  /** Authentication / authorization failed. */
  AuthenticationError: "AuthenticationError",
  /** The requested resource does not exist. */
  ResourceNotFound: "ResourceNotFound",
  /** The tool failed while executing (generic). */
  ToolExecutionError: "ToolExecutionError",
  /** An API rate limit was reached. */
  ApiLimitExceeded: "ApiLimitExceeded",
  /** The operation exceeded its time limit. */
  TimeoutError: "TimeoutError",
  /** The caller lacks the permission (e.g. a destructive tool refused by the trust policy). */
  PermissionError: "PermissionError",
  /** No tool with the called name is registered (runtime addition). */
  ToolNotFound: "ToolNotFound",
  /** The caller cancelled the call through its AbortSignal (runtime addition). */
  Cancelled: "Cancelled",
  /** A tool's declared JSON Schema could not be compiled (runtime addition). */
  SchemaError: "SchemaError",
  /**
   * A result (data, error details, rich content) cannot be written as JSON — a
   * BigInt, a cycle, a throwing getter (runtime addition). The call fails with this
   * instead of never being answered.
   */
  SerializationError: "SerializationError",
  /**
   * A tool asked the client for something (user input, a model message) that the
   * client cannot give or refused (runtime addition).
   */
  ClientRequestError: "ClientRequestError",
} as const;

/** One of the {@link ErrorTypes} strings. */
export type StandardErrorType = (typeof ErrorTypes)[keyof typeof ErrorTypes];

/** An `error_type`: a standard one (autocompleted) or any tool-specific string. */
export type ErrorType = StandardErrorType | (string & {});
