/**
 * The public types of the tool registry: what a tool is (ToolDefinition, ToolHandler),
 * what its handler receives (ToolContext), and the options and outcomes of the registry
 * and of one call. SDK v2 keeps the same seam: `RegisteredTool` / `ToolCallback` beside
 * `McpServer`, the per-request `ServerContext` with the protocol layer.
 *
 * Types only (and the default time limit): nothing here runs.
 */
import type {
  ClientRequester,
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
} from "./client-requests.js";
import type { ValidationBudgetOptions } from "./call-budget.js";
import type { Logger, LogLevel } from "./logger.js";
import type { BacktrackingOptions } from "./patterns/linear-regexp.js";
import type { JsonSchemaObject, MCPErrorDetail, MCPToolCall, ToolStatus, ValidationIssue } from "./types.js";
import type { SchemaCompiler, ValidateFunction } from "./validation.js";

/** MCP tool annotations: hints about the tool's behaviour. */
export interface ToolAnnotations {
  title?: string;
  /** The tool does not modify its environment (MCP default false). */
  readOnlyHint?: boolean;
  /**
   * The tool may perform destructive updates (MCP default true). The registry
   * gates a tool only when this is explicitly `true`; see {@link ToolRegistryOptions.trustPolicy}.
   */
  destructiveHint?: boolean;
  /** Repeating the call with the same arguments has no additional effect (MCP default false). */
  idempotentHint?: boolean;
  /** The tool interacts with an open world of external entities (MCP default true). */
  openWorldHint?: boolean;
}

/** Everything the registry knows about a tool besides its handler. */
export interface ToolDefinition {
  /** Invocation name: any MCP tool name, or the `module_name.tool_name` form with `strictToolNames`. */
  name: string;
  title?: string;
  description?: string;
  /** JSON Schema of the `arguments` object (required: unschematized tools cannot be registered). */
  inputSchema: JsonSchemaObject;
  /**
   * JSON Schema of `data` in every result that is not a failure (null data
   * included: such a tool must return data that conforms, see `outputValidation`).
   */
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
  /**
   * Time limit of a call (default: the registry's, 30 s), counted from its arrival:
   * argument validation included. `0` or `Infinity`: none. It ends promise-returning
   * handlers and validation; it cannot interrupt a handler's synchronous computation
   * (see {@link ToolHandler}).
   */
  timeoutMs?: number;
  /** Precompiled validator for `inputSchema` (e.g. ajv standalone). Compiled lazily when absent. */
  validateInput?: ValidateFunction;
  /** Precompiled validator for `outputSchema`. Compiled lazily when absent. */
  validateOutput?: ValidateFunction;
}

/** What a handler receives besides its arguments. */
export interface ToolContext {
  /**
   * Aborted when the call times out or the caller cancels it. Created on first
   * access (handlers that never read it cost no AbortController).
   */
  readonly signal: AbortSignal;
  /** The registry's logger. */
  readonly logger: Logger;
  /** The name of the tool being executed. */
  readonly toolName: string;
  /** The caller's call id ({@link ExecuteOptions.callId}), if any. */
  readonly callId: string | number | undefined;
  /**
   * Reports progress (MCP `notifications/progress`; `progress` should increase).
   * A no-op unless the caller passed {@link ExecuteOptions.onProgress}; dropped
   * once the call has ended.
   */
  reportProgress(progress: number, total?: number, message?: string): void;
  /**
   * Sends a log message to the caller (MCP `notifications/message`). A no-op without
   * {@link ExecuteOptions.onLog}. Like progress, dropped once the call has ended
   * (e.g. after a timeout).
   */
  log(level: LogLevel, data: unknown): void;
  /**
   * Asks the user for input through the client (MCP elicitation): a form
   * (`requestedSchema`, a flat object of primitive fields) or a URL to visit.
   * Resolves with the answer (`accept` + `content`, `decline` or `cancel`).
   * Rejects with a `ClientRequestError` when the caller cannot ask (an in-process
   * call, or a client without the elicitation capability).
   *
   * On the 2026-07-28 protocol the call is answered with `input_required` and the
   * client retries it with the answer: the handler then runs again from the start
   * and this call resolves at once. Keep what a handler does before it asks free
   * of side effects, or make it idempotent.
   */
  elicit(params: ElicitParams): Promise<ElicitResult>;
  /**
   * Asks the client's model for a message (MCP sampling). Rejects with a
   * `ClientRequestError` when the caller cannot (see {@link elicit}). Deprecated
   * by MCP in the 2026-07-28 revision, where it works like `elicit`.
   */
  createMessage(params: CreateMessageParams): Promise<CreateMessageResult>;
}

/**
 * A tool implementation. Return plain data (it becomes `data` of a success result;
 * `undefined` becomes `null`) or a result built with `success` / `failure` /
 * `toolResult` / `withContent`. Throw to fail: the error's `error_type` /
 * `errorType` is kept, anything else becomes `ToolExecutionError`.
 *
 * Handlers run on the server's event loop. Time limits and cancellation can only
 * end a handler that awaits: one that computes synchronously for long (CPU-bound
 * work, or a bug such as an endless loop) blocks every other call and `ping`
 * until it returns (the servers' watchdog ends such a process after its `stallMs`).
 * Run such handlers in a worker thread with `workerHandler`, which terminates the
 * worker when the call times out or is cancelled.
 */
export type ToolHandler<A = Record<string, unknown>, R = unknown> = (args: A, ctx: ToolContext) => R | PromiseLike<R>;

/** Decides whether a destructive tool may run for this call (fail closed: only `true` allows). */
export type TrustPolicy = (tool: ToolDefinition, call: MCPToolCall) => boolean | PromiseLike<boolean>;

/**
 * What the registry does with a result that is not a failure whose data (null
 * included) fails the output schema.
 */
export type OutputValidationMode = "error" | "warn" | "off";

/** One executed (or refused) call, as reported to {@link ToolRegistryOptions.onAudit}. */
export interface AuditRecord {
  /** The called tool name (`""` when the call had no string `tool_name`). */
  tool: string;
  /** Time spent in `execute`, in milliseconds. */
  durationMs: number;
  status: ToolStatus;
  /** The failure's `error_type`, if any. */
  errorType?: string;
  /** {@link ExecuteOptions.callId}, if given. */
  callId?: string | number;
  /** Output schema problems that were only warned about (`outputValidation: "warn"`). */
  outputIssues?: ValidationIssue[];
}

/** Options of a `ToolRegistry`. */
export interface ToolRegistryOptions {
  /** Where the registry reports warnings (handler failures, audit hook errors…). Default: silent. */
  logger?: Logger;
  /** Called once for every `execute` call, whatever the outcome (unknown tool included). */
  onAudit?: (record: AuditRecord) => void;
  /**
   * Allows or refuses tools annotated `destructiveHint: true` (enforced here at the
   * dispatch layer, not in the tool). Without a policy such tools are
   * refused with `PermissionError`. Tools without the explicit annotation are not
   * gated, although MCP's default for an absent `destructiveHint` is `true`:
   * gating on the default would refuse every unannotated (e.g. imported) tool,
   * while specs state destructiveness explicitly and the generator copies it.
   */
  trustPolicy?: TrustPolicy;
  /** Output schema failures: `"error"` (default) fails the call, `"warn"` logs/audits and returns the result, `"off"` skips the check. */
  outputValidation?: OutputValidationMode;
  /** Time limit of calls (see {@link ToolDefinition.timeoutMs}), unless the tool or the call sets one. Default 30 000 ms. */
  defaultTimeoutMs?: number;
  /** How long validating one call's arguments or result may hold the event loop. Default: 500 ms for values of 1024+ (see call-budget.ts). */
  validationBudget?: ValidationBudgetOptions;
  /** Require the `module_name.tool_name` invocation-name pattern at registration. Default false (any MCP tool name). */
  strictToolNames?: boolean;
  /** Compiles schemas that come without a validator. Default: a shared lazy ajv (see `compileSchema`). */
  compileSchema?: SchemaCompiler;
  /**
   * Patterns of schemas registered without a validator run on a linear-time engine; one it
   * cannot run (a backreference, lookahead, lookbehind…) makes `register` throw a
   * RegistrationError naming it — unless this option lets such patterns run on JavaScript's
   * backtracking RegExp, on strings of at most `maxLength` UTF-16 code units (longer strings
   * fail the pattern). Default: refused. Not used with a `compileSchema` of your own.
   */
  backtrackingPatterns?: BacktrackingOptions;
}

/** Per-call options of `ToolRegistry.execute`. */
export interface ExecuteOptions {
  /** Overrides the tool's and the registry's time limit for this call. */
  timeoutMs?: number | undefined;
  /** Cancels the call: the handler's signal is aborted and the result is a `Cancelled` failure. */
  signal?: AbortSignal | undefined;
  /** An id for correlation, passed to the handler context and the audit record. */
  callId?: string | number | undefined;
  /** Receives the handler's `ctx.reportProgress` calls. */
  onProgress?: ((progress: number, total?: number, message?: string) => void) | undefined;
  /** Receives the handler's `ctx.log` calls. */
  onLog?: ((level: LogLevel, data: unknown) => void) | undefined;
  /** Answers the handler's `ctx.elicit` / `ctx.createMessage` (the server layer's way back to the client). */
  clientRequests?: ClientRequester | undefined;
}

/** Outcome of `ToolRegistry.validateCall`. */
export type ValidateCallResult = { ok: true } | { ok: false; error: MCPErrorDetail };

/** The default time limit of promise-returning handlers (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;
