/**
 * The runtime's error classes, one per error condition (transport, unknown tool,
 * schema, validation, serialization, timeout, registration, permission…). Every
 * class has a stable `name` (set on the prototype, like the built-in errors, so
 * minifiers cannot change it) and an `errorType`: the `error_type` the error
 * becomes in an MCPToolResult.
 * The rule is `errorType === name`, except ToolNotFoundError (`"ToolNotFound"`,
 * the standard constant) and ToolCallError (the carried detail's type).
 */
import { ErrorTypes } from "./error-types.js";
import type { ClientToolResult, ErrorDetails, MCPErrorDetail, MCPToolResult, ValidationIssue } from "./types.js";

/** Options shared by the error constructors. */
export interface MCPErrorOptions {
  /** Overrides the class's default `errorType`. */
  errorType?: string;
  /** Structured or string details, copied to `error_details`. */
  details?: ErrorDetails;
  /** The underlying error. */
  cause?: unknown;
}

/** Base class of the runtime's errors: an Error with an MCP `error_type`. */
export class MCPError extends Error {
  /** The `error_type` this error maps to in a result. */
  readonly errorType: string;
  /** Optional details, mapped to `error_details`. */
  readonly details?: ErrorDetails;

  constructor(message: string, options?: MCPErrorOptions) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.errorType = options?.errorType ?? defaultErrorType(this);
    if (options?.details !== undefined) this.details = options.details;
  }

  /** This error as an MCPErrorDetail (what a failure result carries). */
  toErrorDetail(): MCPErrorDetail {
    const detail: MCPErrorDetail = { error_type: this.errorType, error_message: this.message };
    if (this.details !== undefined) detail.error_details = this.details;
    return detail;
  }
}

/** JSON-RPC / transport failure (connection refused, malformed response…). */
export class TransportError extends MCPError {}
/** The called tool is not registered. `errorType` is `"ToolNotFound"`. */
export class ToolNotFoundError extends MCPError {}
/** A JSON Schema is unusable, or arguments do not match a tool's declared schema. */
export class SchemaError extends MCPError {}
/** SerializationError is raised for values JSON cannot hold; `path` says where (e.g. `data.items[2]`). */
export class SerializationError extends MCPError {
  /** Where the offending value sits, e.g. `data.items[2]` (`(root)` for the value itself). */
  readonly path: string;
  constructor(message: string, path: string, options?: MCPErrorOptions) {
    super(message, options);
    this.path = path;
  }
}
/** A value does not have the required shape; `issues` lists every problem. */
export class ValidationError extends MCPError {
  /** Every problem found (pointer, rule, message, value). */
  readonly issues: ValidationIssue[];
  constructor(message: string, issues: ValidationIssue[] = [], options?: MCPErrorOptions) {
    super(message, options);
    this.issues = issues;
  }
}
/** An operation exceeded its time limit. */
export class TimeoutError extends MCPError {}
/** A tool could not be registered (invalid definition, or same name with a different schema). */
export class RegistrationError extends MCPError {}
/** The caller is not allowed to run the tool (e.g. destructive tool refused by the trust policy). */
export class PermissionError extends MCPError {}
/** A tool's request to the client (elicitation, sampling) cannot be made or was refused by the client. */
export class ClientRequestError extends MCPError {}

/**
 * Thrown by typed clients when a call returns `status: "failure"`: carries the
 * result's MCPErrorDetail unchanged (`errorType` is its `error_type`).
 */
export class ToolCallError extends MCPError {
  /** The error detail of the failed result. */
  readonly detail: MCPErrorDetail;
  /** The whole failed result, when available (with a client's content blocks, see ClientToolResult). */
  readonly result?: ClientToolResult;

  constructor(detail: MCPErrorDetail, options?: { result?: MCPToolResult; cause?: unknown }) {
    super(detail.error_message, {
      errorType: detail.error_type,
      details: detail.error_details ?? undefined,
      cause: options?.cause,
    });
    this.detail = detail;
    if (options?.result !== undefined) this.result = options.result;
  }

  override toErrorDetail(): MCPErrorDetail {
    return this.detail;
  }
}

// Stable names on the prototypes (non-enumerable, like Error.prototype.name).
for (const [cls, name] of [
  [MCPError, "MCPError"],
  [TransportError, "TransportError"],
  [ToolNotFoundError, "ToolNotFoundError"],
  [SchemaError, "SchemaError"],
  [SerializationError, "SerializationError"],
  [ValidationError, "ValidationError"],
  [TimeoutError, "TimeoutError"],
  [RegistrationError, "RegistrationError"],
  [PermissionError, "PermissionError"],
  [ClientRequestError, "ClientRequestError"],
  [ToolCallError, "ToolCallError"],
] as const) {
  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true, enumerable: false });
}

function defaultErrorType(error: MCPError): string {
  return error instanceof ToolNotFoundError ? ErrorTypes.ToolNotFound : error.name;
}

/** The message of an error that could not be read (a Proxy whose traps throw, throwing getters…). */
export const UNREADABLE_ERROR_MESSAGE = "The tool failed with an error that could not be read";

/**
 * Converts anything a handler may throw into an MCPErrorDetail:
 * - an object carrying `error_type` (a plain MCPErrorDetail-like object) keeps it,
 *   with `error_message` (or `message`) and `error_details` (or `details`);
 * - an object carrying a string `errorType` (an MCPError, or any error that follows
 *   the convention) keeps it, with `message` and `details`;
 * - anything else becomes `fallbackType` (default `ToolExecutionError`); for Error
 *   instances other than plain `Error` the class name goes to `error_details.exception`.
 * Stacks are never included: results travel to untrusted agents.
 *
 * Never throws, whatever was thrown: `null`, `undefined`, a Symbol, a revoked
 * Proxy, a Proxy whose traps throw or an object whose getters throw become
 * `fallbackType` with {@link UNREADABLE_ERROR_MESSAGE} (or the part that could be
 * read). `error_details` is passed on as found: whether it can be serialized is
 * checked where results are sent (see json-safe.ts).
 */
export function errorToDetail(error: unknown, fallbackType: string = ErrorTypes.ToolExecutionError): MCPErrorDetail {
  try {
    return readErrorDetail(error, fallbackType);
  } catch {
    return { error_type: fallbackType, error_message: UNREADABLE_ERROR_MESSAGE };
  }
}

function readErrorDetail(error: unknown, fallbackType: string): MCPErrorDetail {
  if (error instanceof ToolCallError) return error.detail;
  if (typeof error === "object" && error !== null) {
    const e = error as Record<string, unknown>;
    const errorType = e.error_type;
    if (typeof errorType === "string" && errorType !== "") {
      const m = e.error_message;
      const message = typeof m === "string" ? m : messageOf(error);
      return withDetails({ error_type: errorType, error_message: message }, e.error_details ?? e.details);
    }
    const camelType = e.errorType;
    if (typeof camelType === "string" && camelType !== "") {
      return withDetails({ error_type: camelType, error_message: messageOf(error) }, e.details);
    }
    if (error instanceof Error) {
      const detail: MCPErrorDetail = { error_type: fallbackType, error_message: messageOf(error) };
      const name = error.name;
      if (typeof name === "string" && name !== "" && name !== "Error") detail.error_details = { exception: name };
      return detail;
    }
  }
  return { error_type: fallbackType, error_message: messageOf(error) };
}

function withDetails(detail: MCPErrorDetail, details: unknown): MCPErrorDetail {
  if (typeof details === "string" || details === null) detail.error_details = details;
  else if (typeof details === "object" && !Array.isArray(details)) {
    detail.error_details = details as Record<string, unknown>;
  } else if (details !== undefined) detail.error_details = { value: details };
  return detail;
}

/** A string message for anything thrown; never calls user code that could throw without catching it. */
function messageOf(error: unknown): string {
  try {
    if (error instanceof Error) {
      const { message, name } = error;
      if (typeof message === "string" && message !== "") return message;
      return typeof name === "string" && name !== "" ? name : "Error";
    }
    if (typeof error === "object" && error !== null) {
      const m = (error as { message?: unknown }).message;
      if (typeof m === "string") return m;
    }
    if (typeof error === "string") return error;
    // Symbols, numbers, null, undefined… and objects: String() may call a user toString.
    return String(error);
  } catch {
    return "Unknown error";
  }
}
