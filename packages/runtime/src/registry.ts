/**
 * ToolRegistry: registers tool definitions with their handlers and executes
 * MCPToolCalls as validate → execute → result (a call that fails validation or
 * execution becomes a `failure` result).
 *
 * `execute` is on the hot path of every server, so the dispatch code below is
 * written to add well under a microsecond on top of validation and the handler:
 * tools are looked up in a Map, the call envelope is checked by hand, the per-call
 * context is one object of a fixed class shape whose AbortController is created
 * only if the handler reads `ctx.signal`, and no timer, closure or extra promise
 * is created unless the handler returns a promise (then one promise, and an entry
 * in the shared timer of timeouts.ts instead of a setTimeout per call).
 */
import {
  InputRequiredSignal,
  type ClientRequester,
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitParams,
  type ElicitResult,
} from "./client-requests.js";
import { readIssues, ValidationBudget, validationStoppedResult, type ValidationBudgetOptions } from "./call-budget.js";
import { ErrorTypes } from "./error-types.js";
import { ClientRequestError, errorToDetail, MCPError, RegistrationError, SchemaError, TimeoutError } from "./errors.js";
import { guardSignal } from "./guarded-signal.js";
import { findUnserializable, isJsonSafe } from "./json-safe.js";
import { logSafely, silentLogger, type Logger, type LogLevel } from "./logger.js";
import {
  describeIssues,
  isJsonObject,
  isValidToolName,
  issueToJson,
  MCP_TOOL_NAME_PATTERN,
  STRICT_TOOL_NAME_PATTERN,
  validateToolCall,
} from "./messages.js";
import { preview } from "./paths.js";
import { getContent, isBrandedResult, makeResult } from "./result.js";
import { suggestNames } from "./suggest.js";
import { clearDeadline, setDeadline, type Expirable, type TimeoutList } from "./timeouts.js";
import type {
  JsonSchemaObject,
  MCPErrorDetail,
  MCPToolCall,
  MCPToolResult,
  ToolStatus,
  ValidationIssue,
} from "./types.js";
import {
  canonicalJson,
  compileSchema,
  createSchemaCompiler,
  type SchemaCompiler,
  type ValidateFunction,
} from "./validation.js";
import type { BacktrackingOptions } from "./patterns/linear-regexp.js";
import { checkRegisteredPatterns } from "./patterns/schema-patterns.js";
import { mustAlwaysGuard } from "./validation-cost.js";

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

/** Options of a {@link ToolRegistry}. */
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

/** Per-call options of {@link ToolRegistry.execute}. */
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

/** Outcome of {@link ToolRegistry.validateCall}. */
export type ValidateCallResult = { ok: true } | { ok: false; error: MCPErrorDetail };

/** The default time limit of promise-returning handlers (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

const VALID: ValidateCallResult = Object.freeze({ ok: true });

/** A registered tool, with what dispatch needs precomputed. */
interface ToolEntry {
  readonly name: string;
  readonly definition: ToolDefinition;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of any argument type are stored side by side
  readonly handler: ToolHandler<any, unknown>;
  /** Canonical JSON of input + output schema: decides "same tool" on re-registration. */
  readonly schemaKey: string;
  /** `annotations.destructiveHint === true`. */
  readonly gated: boolean;
  /** An output check exists (schema or validator). */
  readonly checksOutput: boolean;
  inputValidator: ValidateFunction | undefined;
  outputValidator: ValidateFunction | undefined;
  /** Every validation of the input / output runs under the budget (validation-cost.ts); decided on first use. */
  inputAlwaysGuarded: boolean | undefined;
  outputAlwaysGuarded: boolean | undefined;
}

/** The registry's configuration and tools, shared with the module-level dispatch functions. */
class RegistryState {
  readonly tools = new Map<string, ToolEntry>();
  /** Bumped whenever `tools` changes (see ToolRegistry.revision). */
  revision = 0;
  readonly logger: Logger;
  readonly onAudit: ((record: AuditRecord) => void) | undefined;
  readonly trustPolicy: TrustPolicy | undefined;
  readonly outputValidation: OutputValidationMode;
  readonly defaultTimeoutMs: number;
  readonly strictToolNames: boolean;
  readonly compile: SchemaCompiler;
  readonly budget: ValidationBudget;
  /** Whether `register` checks the patterns of schemas without a validator (the built-in compiler's). */
  readonly checksPatterns: boolean;
  readonly backtrackingPatterns: BacktrackingOptions | undefined;

  constructor(options: ToolRegistryOptions) {
    this.logger = options.logger ?? silentLogger;
    this.onAudit = options.onAudit;
    this.trustPolicy = options.trustPolicy;
    this.outputValidation = options.outputValidation ?? "error";
    if (!["error", "warn", "off"].includes(this.outputValidation)) {
      throw new TypeError(`outputValidation must be "error", "warn" or "off" (got ${preview(this.outputValidation)})`);
    }
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.strictToolNames = options.strictToolNames ?? false;
    this.backtrackingPatterns = options.backtrackingPatterns;
    this.checksPatterns = options.compileSchema === undefined;
    this.compile =
      options.compileSchema ??
      (options.backtrackingPatterns
        ? createSchemaCompiler({ backtrackingPatterns: options.backtrackingPatterns })
        : compileSchema);
    this.budget = new ValidationBudget(options.validationBudget);
  }
}

/**
 * The per-call context handed to handlers (implements {@link ToolContext}) and
 * the state of the call while it runs. One fixed-shape object per call; its
 * methods live on the prototype, so nothing else is allocated per call. It is
 * also the caller signal's event listener (`handleEvent`), again to avoid a closure.
 */
class CallContext implements ToolContext, Expirable {
  readonly toolName: string;
  readonly logger: Logger;
  readonly callId: string | number | undefined;
  readonly state: RegistryState;
  readonly entry: ToolEntry;
  readonly options: ExecuteOptions | undefined;
  /** performance.now() when the call arrived (its time limit counts from there). */
  readonly start: number;
  controller: AbortController | undefined = undefined;
  /** Why the call was aborted (timeout / cancel), once it was. */
  abortReason: unknown = undefined;
  settled = false;
  resolve: ((result: MCPToolResult) => void) | undefined = undefined;
  timeoutMs = 0;
  outputIssues: ValidationIssue[] | undefined = undefined;
  /** Requests to the client in flight (ctx.elicit / ctx.createMessage), aborted when the call ends. */
  clientRequests: Set<AbortController> | undefined = undefined;
  // Expirable: managed by the shared timer in timeouts.ts.
  deadline = 0;
  timeoutList: TimeoutList | undefined = undefined;
  timeoutPrev: Expirable | undefined = undefined;
  timeoutNext: Expirable | undefined = undefined;

  constructor(state: RegistryState, entry: ToolEntry, options: ExecuteOptions | undefined, start: number) {
    this.toolName = entry.name;
    this.logger = state.logger;
    this.callId = options?.callId;
    this.state = state;
    this.entry = entry;
    this.options = options;
    this.start = start;
  }

  get signal(): AbortSignal {
    let controller = this.controller;
    if (controller === undefined) {
      controller = this.controller = new AbortController();
      // A throwing abort listener would otherwise be an uncaught exception at timeout / cancel.
      guardSignal(controller.signal, (error) =>
        logSafely(this.logger, "warn", `An abort listener of tool "${this.toolName}" threw`, { error }),
      );
      if (this.abortReason !== undefined) controller.abort(this.abortReason);
    }
    return controller.signal;
  }

  reportProgress(progress: number, total?: number, message?: string): void {
    const onProgress = this.options?.onProgress;
    if (onProgress === undefined || this.settled) return;
    try {
      onProgress(progress, total, message);
    } catch (err) {
      logSafely(this.logger, "warn", `onProgress callback failed for tool "${this.toolName}"`, { error: err });
    }
  }

  log(level: LogLevel, data: unknown): void {
    const onLog = this.options?.onLog;
    if (onLog === undefined || this.settled) return;
    try {
      onLog(level, data);
    } catch (err) {
      logSafely(this.logger, "warn", `onLog callback failed for tool "${this.toolName}"`, { error: err });
    }
  }

  elicit(params: ElicitParams): Promise<ElicitResult> {
    const elicit = this.options?.clientRequests?.elicit;
    if (elicit === undefined) return Promise.reject(unavailable(this.toolName, "ask the user for input (elicitation)"));
    return this.askClient((signal) => elicit(params, signal));
  }

  createMessage(params: CreateMessageParams): Promise<CreateMessageResult> {
    const createMessage = this.options?.clientRequests?.createMessage;
    if (createMessage === undefined)
      return Promise.reject(unavailable(this.toolName, "ask the client's model for a message (sampling)"));
    return this.askClient((signal) => createMessage(params, signal));
  }

  /**
   * Runs a request to the client with a signal of its own: aborted when the call
   * is (time limit, cancellation) and when the call ends, so a request the handler
   * stopped waiting for (a race with a timer) does not stay pending with the client.
   */
  private askClient<T>(ask: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.settled) return Promise.reject(new ClientRequestError(`The call to "${this.toolName}" has already ended`));
    const controller = new AbortController();
    const callSignal = this.signal;
    const onAbort = (): void => controller.abort(callSignal.reason);
    if (callSignal.aborted) controller.abort(callSignal.reason);
    else callSignal.addEventListener("abort", onAbort, { once: true });
    const requests = (this.clientRequests ??= new Set());
    requests.add(controller);
    const done = (): void => {
      requests.delete(controller);
      callSignal.removeEventListener("abort", onAbort);
    };
    let pending: Promise<T>;
    try {
      pending = ask(controller.signal);
    } catch (err) {
      done();
      return Promise.reject(err);
    }
    return pending.finally(done);
  }

  /** Aborts the requests to the client still pending when the call ends. */
  endClientRequests(): void {
    const requests = this.clientRequests;
    if (requests === undefined) return;
    this.clientRequests = undefined;
    const reason = new ClientRequestError(`The call to "${this.toolName}" ended before the client answered`);
    for (const controller of requests) controller.abort(reason);
  }

  /** EventListener of the caller's AbortSignal. */
  handleEvent(): void {
    cancelCall(this);
  }

  /** Called by the shared timer at the deadline. */
  expire(): void {
    onCallTimeout(this);
  }
}

function unavailable(toolName: string, what: string): ClientRequestError {
  return new ClientRequestError(
    `Tool "${toolName}" cannot ${what}: this call came without a way back to the client (an in-process call, or a client that did not declare the capability)`,
  );
}

const TOOL_REGISTRY_BRAND: unique symbol = Symbol.for("@mcp-specgen/runtime.ToolRegistry");

/**
 * True for a {@link ToolRegistry} — also one made by another copy of this package
 * (two installed versions), which `instanceof` would not recognise.
 */
export function isToolRegistry(value: unknown): value is ToolRegistry {
  return (
    typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[TOOL_REGISTRY_BRAND] === true
  );
}

/**
 * An in-memory tool registry with validated, audited, time-limited dispatch.
 * Every tool declares an input schema, registration is idempotent, and tools
 * annotated as destructive are gated by the trust policy.
 *
 * @example
 * const registry = new ToolRegistry({ trustPolicy: () => isTrusted });
 * registry.register({ name: "math.sum", inputSchema, validateInput }, ({ a, b }) => ({ sum: a + b }));
 * const result = await registry.execute({ tool_name: "math.sum", arguments: { a: 1, b: 2 } });
 */
export class ToolRegistry {
  /** Marks registries of every copy of this package (see {@link isToolRegistry}). */
  readonly [TOOL_REGISTRY_BRAND] = true;
  readonly #state: RegistryState;

  constructor(options: ToolRegistryOptions = {}) {
    this.#state = new RegistryState(options);
  }

  /**
   * Registers a tool. Registering the same name again with a deep-equal
   * (key-order-insensitive) input and output schema is a no-op that keeps the
   * first registration (idempotent registration) and returns false.
   * @returns true when the tool was added.
   * @throws RegistrationError for an invalid definition (name, schema, handler…) or
   *   when the name is already registered with a different schema.
   */
  register<A = Record<string, unknown>, R = unknown>(definition: ToolDefinition, handler: ToolHandler<A, R>): boolean {
    const state = this.#state;
    // biome-ignore lint/suspicious/noExplicitAny: the entry stores the handler whatever its argument type
    const entry = createEntry(definition, handler as ToolHandler<any, unknown>, state.strictToolNames);
    if (state.checksPatterns)
      checkRegisteredPatterns(
        entry.name,
        {
          inputSchema: entry.inputValidator ? undefined : definition.inputSchema,
          outputSchema: entry.outputValidator ? undefined : definition.outputSchema,
        },
        state.backtrackingPatterns,
      );
    const existing = state.tools.get(entry.name);
    if (existing !== undefined) {
      if (existing.schemaKey === entry.schemaKey) return false;
      throw new RegistrationError(`Tool "${entry.name}" is already registered with a different schema`, {
        details: { tool: entry.name },
      });
    }
    state.tools.set(entry.name, entry);
    state.revision++;
    return true;
  }

  /** Removes a tool. @returns true when it was registered. */
  unregister(name: string): boolean {
    const state = this.#state;
    if (!state.tools.delete(name)) return false;
    state.revision++;
    return true;
  }

  /**
   * A number that changes whenever the set of tools does (a tool added by
   * `register` or removed by `unregister`), and only then. Lets callers cache
   * what they derive from {@link list} (the MCP servers cache `tools/list`).
   */
  get revision(): number {
    return this.#state.revision;
  }

  /** True when a tool with this name is registered. */
  has(name: string): boolean {
    return this.#state.tools.has(name);
  }

  /** The definition registered under `name`, or undefined. */
  get(name: string): ToolDefinition | undefined {
    return this.#state.tools.get(name)?.definition;
  }

  /** All definitions, in registration order. */
  list(): ToolDefinition[] {
    return Array.from(this.#state.tools.values(), (entry) => entry.definition);
  }

  /** The number of registered tools. */
  get size(): number {
    return this.#state.tools.size;
  }

  /**
   * Checks a call without running it: envelope shape, tool existence (with
   * suggestions) and arguments against the input schema. Does not consult the
   * trust policy.
   */
  validateCall(call: MCPToolCall<object>): ValidateCallResult {
    const state = this.#state;
    try {
      if (!isCallEnvelope(call)) return invalid(invalidCallResult(state, call));
      const entry = state.tools.get(call.tool_name);
      if (entry === undefined) return invalid(unknownToolResult(state, call.tool_name));
      const failed = checkArguments(state, entry, call.arguments, 0, Infinity);
      return failed === undefined ? VALID : invalid(failed);
    } catch (err) {
      return { ok: false, error: errorToDetail(err) };
    }
  }

  /**
   * Executes a call and returns its MCPToolResult. Never throws or rejects: every
   * problem becomes a failure result —
   * malformed call → `ValidationError`; unknown tool → `ToolNotFound` (with
   * suggestions); invalid arguments → `ValidationError` listing every failing field
   * in `error_details.errors`; destructive tool refused → `PermissionError`;
   * handler error → `ToolExecutionError` or the error's own type; time limit →
   * `TimeoutError` (handler signal aborted); caller abort → `Cancelled`; output
   * schema mismatch → `ValidationError` (per `outputValidation`); a result JSON
   * cannot hold (BigInt, cycle, throwing getter — in data, error details or rich
   * content) → `SerializationError`.
   *
   * Handlers may throw or reject with anything (`null`, a Symbol, a Proxy whose
   * traps throw, an object whose getters throw): it becomes a failure result, never
   * an exception or an unhandled rejection. Validation of large values is stopped
   * past the validation budget (`TimeoutError`, see call-budget.ts). What it cannot
   * contain is a handler that never returns control: a synchronous CPU-bound loop
   * blocks the whole event loop (time limits apply to promises only) — run such
   * handlers in a worker thread with `workerHandler` (worker-handler.ts).
   *
   * Typed as `MCPToolCall<object>` so calls with interface-typed arguments are
   * accepted; whatever arrives (e.g. parsed from a transport) is checked at run time.
   */
  execute(call: MCPToolCall<object>, options?: ExecuteOptions): Promise<MCPToolResult> {
    const state = this.#state;
    const start = performance.now();
    try {
      const result = dispatch(state, call, options, start);
      return result instanceof Promise ? result : Promise.resolve(result);
    } catch (err) {
      return Promise.resolve(internalFailure(state, call, err, options, start));
    }
  }
}

// ---------------------------------------------------------------------------
// Registration

function createEntry(
  definition: ToolDefinition,
  // biome-ignore lint/suspicious/noExplicitAny: see ToolEntry.handler
  handler: ToolHandler<any, unknown>,
  strictNames: boolean,
): ToolEntry {
  if (!isJsonObject(definition)) throw new RegistrationError("A tool definition must be an object");
  const name = definition.name;
  if (typeof name !== "string" || !isValidToolName(name, strictNames)) {
    const pattern = strictNames ? STRICT_TOOL_NAME_PATTERN : MCP_TOOL_NAME_PATTERN;
    throw new RegistrationError(`Invalid tool name ${preview(name)}: must match ${pattern.source}`, {
      details: { name: typeof name === "string" ? name : null },
    });
  }
  if (typeof handler !== "function") throw new RegistrationError(`Tool "${name}": the handler must be a function`);
  const input = definition.inputSchema;
  if (!isJsonObject(input)) {
    throw new RegistrationError(`Tool "${name}" has no inputSchema object: every tool must declare its input schema`);
  }
  const type = input.type;
  if (type !== undefined && type !== "object" && !(Array.isArray(type) && type.includes("object"))) {
    throw new RegistrationError(
      `Tool "${name}": inputSchema must describe an object (arguments are always an object), got type ${preview(type)}`,
    );
  }
  if (definition.outputSchema !== undefined && !isJsonObject(definition.outputSchema)) {
    throw new RegistrationError(`Tool "${name}": outputSchema must be an object`);
  }
  for (const key of ["validateInput", "validateOutput"] as const) {
    if (definition[key] !== undefined && typeof definition[key] !== "function") {
      throw new RegistrationError(`Tool "${name}": ${key} must be a validate function`);
    }
    if ((definition[key] as { $async?: unknown } | undefined)?.$async === true)
      throw new RegistrationError(
        `Tool "${name}": ${key} is asynchronous (compiled from a schema with "$async": true), and validation must be synchronous: compile the schema without "$async"`,
      );
  }
  const timeout = definition.timeoutMs;
  if (timeout !== undefined && (typeof timeout !== "number" || Number.isNaN(timeout) || timeout < 0)) {
    throw new RegistrationError(`Tool "${name}": timeoutMs must be a number >= 0`);
  }
  return {
    name,
    definition,
    handler,
    schemaKey: canonicalJson({ input, output: definition.outputSchema ?? null }),
    gated: definition.annotations?.destructiveHint === true,
    checksOutput: definition.outputSchema !== undefined || definition.validateOutput !== undefined,
    inputValidator: definition.validateInput,
    outputValidator: definition.validateOutput,
    inputAlwaysGuarded: undefined,
    outputAlwaysGuarded: undefined,
  };
}

// ---------------------------------------------------------------------------
// Dispatch

/** Runs a call; returns the result directly when everything was synchronous. */
function dispatch(
  state: RegistryState,
  call: MCPToolCall<object>,
  options: ExecuteOptions | undefined,
  start: number,
): MCPToolResult | Promise<MCPToolResult> {
  if (!isCallEnvelope(call)) return complete(state, toolNameOf(call), invalidCallResult(state, call), options, start);
  const entry = state.tools.get(call.tool_name);
  if (entry === undefined)
    return complete(state, call.tool_name, unknownToolResult(state, call.tool_name), options, start);
  const failed = checkArguments(state, entry, call.arguments, start, timeLimitOf(state, entry, options));
  if (failed !== undefined) return complete(state, entry.name, failed, options, start);
  if (entry.gated) {
    const policy = state.trustPolicy;
    if (policy === undefined)
      return complete(state, entry.name, refused(entry, "no trust policy is configured"), options, start);
    let allowed: boolean | PromiseLike<boolean>;
    try {
      allowed = policy(entry.definition, call);
    } catch (err) {
      return complete(
        state,
        entry.name,
        refused(entry, `the trust policy failed: ${errorToDetail(err).error_message}`),
        options,
        start,
      );
    }
    if (isThenable(allowed)) return awaitPolicy(state, entry, call, options, start, allowed);
    if (allowed !== true)
      return complete(state, entry.name, refused(entry, "the trust policy refused it"), options, start);
  }
  return invoke(state, entry, call, options, start);
}

/** The fast envelope check: `{tool_name: string, arguments: object}` and nothing else. */
function isCallEnvelope(call: unknown): call is MCPToolCall {
  if (typeof call !== "object" || call === null) return false;
  const c = call as Record<string, unknown>;
  if (typeof c.tool_name !== "string") return false;
  const args = c.arguments;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return false;
  for (const key in c) if (key !== "tool_name" && key !== "arguments") return false;
  return true;
}

/** The call's tool name for reports; `""` when there is none (never throws: used on failure paths). */
function toolNameOf(call: unknown): string {
  try {
    const name = typeof call === "object" && call !== null ? (call as { tool_name?: unknown }).tool_name : undefined;
    return typeof name === "string" ? name : "";
  } catch {
    return "";
  }
}

function failureResult(errorType: string, message: string, details?: MCPErrorDetail["error_details"]): MCPToolResult {
  const error: MCPErrorDetail = { error_type: errorType, error_message: message };
  if (details !== undefined) error.error_details = details;
  return makeResult("failure", null, error, undefined);
}

function invalidCallResult(state: RegistryState, call: unknown): MCPToolResult {
  const issues = validateToolCall(call, { strictToolName: state.strictToolNames });
  return failureResult(ErrorTypes.ValidationError, `Invalid MCPToolCall: ${describeIssues(issues)}`, {
    errors: issues.map(issueToJson),
  });
}

function unknownToolResult(state: RegistryState, name: string): MCPToolResult {
  if (!isValidToolName(name, state.strictToolNames))
    return invalidCallResult(state, { tool_name: name, arguments: {} });
  const suggestions = suggestNames(name, state.tools.keys(), 3);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(", ")}?` : "";
  return failureResult(ErrorTypes.ToolNotFound, `Unknown tool "${name}"${hint}`, { tool_name: name, suggestions });
}

function refused(entry: ToolEntry, why: string): MCPToolResult {
  return failureResult(
    ErrorTypes.PermissionError,
    `Tool "${entry.name}" is destructive and was not allowed to run: ${why}`,
    { tool: entry.name, destructive: true },
  );
}

/**
 * Validates arguments within the budget and the call's time limit (`timeoutMs` from
 * `start`; Infinity: none); returns a failure result, or undefined when they are valid.
 */
function checkArguments(
  state: RegistryState,
  entry: ToolEntry,
  args: Record<string, unknown>,
  start: number,
  timeoutMs: number,
): MCPToolResult | undefined {
  let validate = entry.inputValidator;
  if (validate === undefined) {
    try {
      validate = entry.inputValidator = compileFor(state, entry, "input");
    } catch (err) {
      return failureResult(ErrorTypes.SchemaError, errorToDetail(err).error_message, { tool: entry.name });
    }
  }
  let issues: { issues: ValidationIssue[]; more: boolean };
  try {
    const always = (entry.inputAlwaysGuarded ??= alwaysGuarded(state, entry, "input"));
    const valid = state.budget.check(validate, args, start + timeoutMs, always);
    if (valid === true) return undefined;
    if (valid !== false) return validationStoppedResult(entry.name, "arguments", valid, timeoutMs);
    issues = readIssues(validate, args, MAX_REPORTED_ISSUES + 1);
  } catch (err) {
    // Only reachable with arguments no JSON parser produces (a Proxy passed in
    // process) or a broken precompiled validator: the arguments were not shown valid.
    const reason = errorToDetail(err).error_message;
    return failureResult(
      ErrorTypes.ValidationError,
      `Invalid arguments for tool "${entry.name}": they could not be validated (${reason})`,
    );
  }
  return invalidResult(`Invalid arguments for tool "${entry.name}"`, issues.issues, issues.more);
}

/**
 * Most issues a validation failure reports. An input with a million bad items
 * would otherwise get a response many times its own size, built synchronously.
 */
const MAX_REPORTED_ISSUES = 100;

/** The ValidationError failure for `issues` (at most MAX_REPORTED_ISSUES of them; more → `truncated`). */
function invalidResult(what: string, issues: ValidationIssue[], more = false): MCPToolResult {
  const truncated = more || issues.length > MAX_REPORTED_ISSUES;
  const shown = truncated ? issues.slice(0, MAX_REPORTED_ISSUES) : issues;
  const message = `${what}: ${describeIssues(shown)}${truncated ? "; and more" : ""}`;
  const details: Record<string, unknown> = { errors: shown.map(issueToJson) };
  if (truncated) details.truncated = true;
  return failureResult(ErrorTypes.ValidationError, message, details);
}

/** Whether the tool's input or output schema needs every validation guarded (see validation-cost.ts). */
function alwaysGuarded(state: RegistryState, entry: ToolEntry, which: "input" | "output"): boolean {
  const given = which === "input" ? entry.definition.validateInput : entry.definition.validateOutput;
  return mustAlwaysGuard(which === "input" ? entry.definition.inputSchema : entry.definition.outputSchema, {
    tool: entry.name,
    which,
    logger: state.logger,
    unknownPatternEngine: given === undefined && !state.checksPatterns,
  });
}

function compileFor(state: RegistryState, entry: ToolEntry, which: "input" | "output"): ValidateFunction {
  const schema = which === "input" ? entry.definition.inputSchema : entry.definition.outputSchema;
  try {
    return state.compile(schema as JsonSchemaObject);
  } catch (err) {
    throw new SchemaError(`Tool "${entry.name}" has an invalid ${which} schema: ${errorToDetail(err).error_message}`, {
      cause: err,
    });
  }
}

async function awaitPolicy(
  state: RegistryState,
  entry: ToolEntry,
  call: MCPToolCall,
  options: ExecuteOptions | undefined,
  start: number,
  allowed: PromiseLike<boolean>,
): Promise<MCPToolResult> {
  let ok: unknown;
  try {
    ok = await allowed;
  } catch (err) {
    return complete(
      state,
      entry.name,
      refused(entry, `the trust policy failed: ${errorToDetail(err).error_message}`),
      options,
      start,
    );
  }
  if (ok !== true) return complete(state, entry.name, refused(entry, "the trust policy refused it"), options, start);
  try {
    return await invoke(state, entry, call, options, start);
  } catch (err) {
    return internalFailure(state, call, err, options, start);
  }
}

/** Calls the handler; stays synchronous unless it returns a promise. */
function invoke(
  state: RegistryState,
  entry: ToolEntry,
  call: MCPToolCall,
  options: ExecuteOptions | undefined,
  start: number,
): MCPToolResult | Promise<MCPToolResult> {
  const callerSignal = options?.signal;
  if (callerSignal?.aborted) {
    return complete(state, entry.name, cancelledResult(entry.name, callerSignal.reason), options, start);
  }
  const ctx = new CallContext(state, entry, options, start);
  let value: unknown;
  let thenable: boolean;
  try {
    value = entry.handler(call.arguments, ctx);
    thenable = isThenable(value); // reads `then`: a getter or Proxy trap may throw
  } catch (err) {
    return finish(ctx, handlerFailure(ctx, err));
  }
  if (thenable) return awaitHandler(ctx, value as PromiseLike<unknown>);
  let result: MCPToolResult;
  try {
    result = toResult(ctx, value);
  } catch (err) {
    result = handlerFailure(ctx, err);
  }
  return finish(ctx, result);
}

/** The call's time limit in ms: the call's, else the tool's, else the registry's; Infinity for none. */
function timeLimitOf(state: RegistryState, entry: ToolEntry, options: ExecuteOptions | undefined): number {
  const timeoutMs = options?.timeoutMs ?? entry.definition.timeoutMs ?? state.defaultTimeoutMs;
  return typeof timeoutMs === "number" && timeoutMs > 0 ? timeoutMs : Infinity;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

// Captures a new promise's resolve function without allocating an executor
// closure per call: the executor runs synchronously inside `new Promise`.
let capturedResolve: ((result: MCPToolResult) => void) | undefined;
function captureResolve(resolve: (result: MCPToolResult) => void): void {
  capturedResolve = resolve;
}

/** Waits for a promise-returning handler, racing it against the time limit and the caller's signal. */
function awaitHandler(ctx: CallContext, pending: PromiseLike<unknown>): Promise<MCPToolResult> {
  const promise = new Promise<MCPToolResult>(captureResolve);
  ctx.resolve = capturedResolve;
  capturedResolve = undefined;
  const timeoutMs = timeLimitOf(ctx.state, ctx.entry, ctx.options);
  if (timeoutMs < Infinity) {
    ctx.timeoutMs = timeoutMs;
    setDeadline(ctx, timeoutMs, ctx.start);
  }
  const callerSignal = ctx.options?.signal;
  if (callerSignal !== undefined) {
    if (callerSignal.aborted) cancelCall(ctx);
    else callerSignal.addEventListener("abort", ctx);
  }
  settleFrom(ctx, pending).then(undefined, (err: unknown) => settleAfterBug(ctx, err));
  return promise;
}

async function settleFrom(ctx: CallContext, pending: PromiseLike<unknown>): Promise<void> {
  let result: MCPToolResult;
  try {
    const value = await pending;
    if (ctx.settled) {
      logSafely(ctx.logger, "debug", `Tool "${ctx.toolName}" finished after its call had already ended`);
      return;
    }
    result = toResult(ctx, value);
  } catch (err) {
    if (ctx.settled) {
      logSafely(ctx.logger, "debug", `Tool "${ctx.toolName}" failed after its call had already ended`, { error: err });
      return;
    }
    result = handlerFailure(ctx, err);
  }
  settle(ctx, result);
}

/**
 * Last line of defence for an asynchronous call: settling itself threw (a bug
 * here, or a hook misbehaving in a way not caught elsewhere). The call still gets
 * an answer, built only from values this module controls, and the rejection does
 * not escape as an unhandled one (which would end the process).
 */
function settleAfterBug(ctx: CallContext, err: unknown): void {
  logSafely(ctx.logger, "error", `Internal error while finishing tool "${ctx.toolName}"`, { error: err });
  const resolve = ctx.resolve;
  ctx.resolve = undefined;
  ctx.settled = true;
  clearDeadline(ctx);
  resolve?.(failureResult(ErrorTypes.ToolExecutionError, `Internal error while finishing tool "${ctx.toolName}"`));
}

function onCallTimeout(ctx: CallContext): void {
  if (ctx.settled) return;
  const message = `Tool "${ctx.toolName}" timed out after ${ctx.timeoutMs} ms`;
  abortHandler(ctx, new TimeoutError(message));
  settle(ctx, failureResult(ErrorTypes.TimeoutError, message, { timeoutMs: ctx.timeoutMs }));
}

function cancelCall(ctx: CallContext): void {
  if (ctx.settled) return;
  const reason: unknown = ctx.options?.signal?.reason;
  abortHandler(ctx, reason ?? new MCPError("The call was cancelled", { errorType: ErrorTypes.Cancelled }));
  settle(ctx, cancelledResult(ctx.toolName, reason));
}

function cancelledResult(toolName: string, reason: unknown): MCPToolResult {
  let why = "";
  try {
    // The reason comes from the caller's signal: any value, so read it defensively.
    if (typeof reason === "string") why = `: ${reason}`;
    else if (reason instanceof Error && typeof reason.message === "string" && reason.message !== "")
      why = `: ${reason.message}`;
  } catch {
    why = "";
  }
  return failureResult(ErrorTypes.Cancelled, `Call to tool "${toolName}" was cancelled${why}`);
}

/** Aborts the handler's signal now, or records the reason for when it is first read. */
function abortHandler(ctx: CallContext, reason: unknown): void {
  ctx.abortReason = reason;
  ctx.controller?.abort(reason);
}

/** Ends an asynchronous call once: forgets its deadline, detaches from the caller's signal, audits, resolves. */
function settle(ctx: CallContext, result: MCPToolResult): void {
  if (ctx.settled) return;
  clearDeadline(ctx);
  ctx.options?.signal?.removeEventListener("abort", ctx);
  finish(ctx, result);
  const resolve = ctx.resolve;
  ctx.resolve = undefined;
  resolve?.(result);
}

/** The failure result for anything a handler threw or rejected with (never throws: see errorToDetail). */
function handlerFailure(ctx: CallContext, err: unknown): MCPToolResult {
  // A 2026-07-28 round waiting for the client's answer: no failure to report (the
  // server answers input_required); audited as error_type "InputRequired".
  if (isInputRequiredSignal(err))
    return makeResult("failure", null, { error_type: "InputRequired", error_message: err.message }, undefined);
  const detail = errorToDetail(err);
  logSafely(ctx.logger, "warn", `Tool "${ctx.toolName}" failed: ${detail.error_message}`, { error: err });
  return makeResult("failure", null, detail, undefined);
}

/** `instanceof` that cannot throw: a handler may throw a revoked Proxy, whose prototype lookup throws. */
function isInputRequiredSignal(err: unknown): err is InputRequiredSignal {
  try {
    return err instanceof InputRequiredSignal;
  } catch {
    return false;
  }
}

/**
 * Turns a handler's return value into the result, checking `data` of every
 * non-failure result (success, partial success, no change needed) against the
 * output schema — null data too: a tool that declares an output schema owes MCP
 * clients conforming `structuredContent` on every result that is not an error (the
 * SDK clients throw without it), so returning nothing is a broken result, not an
 * empty one. Such a tool's `noChangeNeeded(explanation, data)` passes its data.
 */
function toResult(ctx: CallContext, value: unknown): MCPToolResult {
  const result = isBrandedResult(value)
    ? value
    : makeResult("success", value === undefined ? null : value, undefined, undefined);
  if (!ctx.entry.checksOutput) return result;
  const status = result.status;
  if (status === "failure") return result;
  const mode = ctx.state.outputValidation;
  if (mode === "off") return result;
  const entry = ctx.entry;
  let validate = entry.outputValidator;
  if (validate === undefined) validate = entry.outputValidator = compileFor(ctx.state, entry, "output");
  const data = result.data ?? null; // validators see JSON: an absent value is null
  const timeoutMs = ctx.timeoutMs > 0 ? ctx.timeoutMs : Infinity;
  const always = (entry.outputAlwaysGuarded ??= alwaysGuarded(ctx.state, entry, "output"));
  const valid = ctx.state.budget.check(validate, data, ctx.start + timeoutMs, always);
  if (valid === true) return result;
  if (valid !== false) {
    const stopped = validationStoppedResult(entry.name, "result", valid, timeoutMs);
    logSafely(ctx.logger, "warn", stopped.error!.error_message);
    return mode === "error" ? stopped : result;
  }
  const { issues, more } = readIssues(validate, data, MAX_REPORTED_ISSUES + 1);
  const what = `Output of tool "${entry.name}" does not match its output schema`;
  if (mode === "error") {
    const failed = invalidResult(what, issues, more);
    logSafely(ctx.logger, "warn", failed.error!.error_message);
    return failed;
  }
  const message = `${what}: ${describeIssues(issues)}`;
  ctx.outputIssues = issues;
  logSafely(ctx.logger, "warn", message, { tool: entry.name, errors: issues });
  return result;
}

function finish(ctx: CallContext, result: MCPToolResult): MCPToolResult {
  ctx.settled = true;
  ctx.endClientRequests();
  return complete(ctx.state, ctx.toolName, result, ctx.options, ctx.start, ctx.outputIssues);
}

/**
 * The single exit: makes sure the result can be sent as JSON, reports to the
 * audit hook (if any) and returns the result.
 */
function complete(
  state: RegistryState,
  tool: string,
  result: MCPToolResult,
  options: ExecuteOptions | undefined,
  start: number,
  outputIssues?: ValidationIssue[],
): MCPToolResult {
  result = serializableResult(state, tool, result);
  const onAudit = state.onAudit;
  if (onAudit !== undefined) {
    const record: AuditRecord = { tool, durationMs: performance.now() - start, status: result.status };
    const errorType = result.error?.error_type;
    if (errorType !== undefined) record.errorType = errorType;
    if (options?.callId !== undefined) record.callId = options.callId;
    if (outputIssues !== undefined) record.outputIssues = outputIssues;
    try {
      onAudit(record);
    } catch (err) {
      logSafely(state.logger, "warn", "onAudit hook failed", { error: err });
    }
  }
  return result;
}

/**
 * `result` itself when JSON can hold it — data, error (details included),
 * explanation and the rich content attached with `withContent` — else a
 * `SerializationError` failure saying where and why. A transport that met the bad
 * value while sending would fail with the call unanswered; every transport and
 * the in-process caller get the same, sendable result instead.
 */
function serializableResult(state: RegistryState, tool: string, result: MCPToolResult): MCPToolResult {
  try {
    // The common case without a look at the rest: plain data, no error, no rich content.
    if (isJsonSafe(result.data) && result.error == null && getContent(result) === undefined) return result;
  } catch {
    // A result object that cannot even be read: the walk below says where.
  }
  let problem = findUnserializable(result);
  if (problem === undefined) {
    let content: unknown;
    try {
      content = getContent(result);
    } catch (err) {
      content = undefined;
      problem = { path: "content", reason: errorToDetail(err).error_message };
    }
    if (content !== undefined) {
      const inContent = findUnserializable(content);
      if (inContent !== undefined)
        problem = { path: `content${inContent.path === "(root)" ? "" : inContent.path}`, reason: inContent.reason };
    }
  }
  if (problem === undefined) return result;
  const where = problem.path === "(root)" ? "the result" : problem.path;
  const message = `The result of tool "${tool}" cannot be serialized to JSON: ${where}: ${problem.reason}`;
  logSafely(state.logger, "warn", message);
  return failureResult(ErrorTypes.SerializationError, message, { path: problem.path, reason: problem.reason });
}

/** Last-resort result for a bug in a validator or hook, so `execute` still never rejects. */
function internalFailure(
  state: RegistryState,
  call: unknown,
  err: unknown,
  options: ExecuteOptions | undefined,
  start: number,
): MCPToolResult {
  const detail = errorToDetail(err);
  logSafely(state.logger, "error", `Internal error while executing "${toolNameOf(call)}": ${detail.error_message}`, {
    error: err,
  });
  return complete(state, toolNameOf(call), makeResult("failure", null, detail, undefined), options, start);
}

function invalid(result: MCPToolResult): ValidateCallResult {
  return { ok: false, error: result.error as MCPErrorDetail };
}
