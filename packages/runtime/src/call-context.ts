/**
 * The per-call context (SDK v2's `ServerContext` plays this part): what a handler
 * receives as `ctx` — its signal, progress and log notifications, requests to the
 * client (elicitation, sampling) — and the state of the call while it runs, with
 * the ways an asynchronous call ends: its time limit, the caller's cancellation,
 * its handler settling.
 *
 * The lifecycle is in functions beside the class rather than methods of it: the
 * object is the handler's `ctx`, and handlers should not find `settle` on it.
 */
import { cancelledResult, failureResult } from "./call-failures.js";
import { completeCall } from "./call-completion.js";
import type { CreateMessageParams, CreateMessageResult, ElicitParams, ElicitResult } from "./client-requests.js";
import { ErrorTypes } from "./error-types.js";
import { ClientRequestError, MCPError, TimeoutError } from "./errors.js";
import { guardSignal } from "./guarded-signal.js";
import { logSafely, type Logger, type LogLevel } from "./logger.js";
import type { RegisteredTool } from "./registered-tool.js";
import type { RegistryState } from "./registry-state.js";
import { clearDeadline, type Expirable, type TimeoutList } from "./timeouts.js";
import type { ExecuteOptions, ToolContext } from "./tool-types.js";
import type { MCPToolResult, ValidationIssue } from "./types.js";

/**
 * The per-call context handed to handlers (implements {@link ToolContext}) and
 * the state of the call while it runs. One fixed-shape object per call; its
 * methods live on the prototype, so nothing else is allocated per call. It is
 * also the caller signal's event listener (`handleEvent`), again to avoid a closure.
 */
export class CallContext implements ToolContext, Expirable {
  readonly toolName: string;
  readonly logger: Logger;
  readonly callId: string | number | undefined;
  readonly state: RegistryState;
  readonly entry: RegisteredTool;
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

  constructor(state: RegistryState, entry: RegisteredTool, options: ExecuteOptions | undefined, start: number) {
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

/** Called at the deadline: aborts the handler's signal and settles with a TimeoutError failure. */
function onCallTimeout(ctx: CallContext): void {
  if (ctx.settled) return;
  const message = `Tool "${ctx.toolName}" timed out after ${ctx.timeoutMs} ms`;
  abortHandler(ctx, new TimeoutError(message));
  settle(ctx, failureResult(ErrorTypes.TimeoutError, message, { timeoutMs: ctx.timeoutMs }));
}

/** The caller cancelled: aborts the handler's signal and settles with a Cancelled failure. */
export function cancelCall(ctx: CallContext): void {
  if (ctx.settled) return;
  const reason: unknown = ctx.options?.signal?.reason;
  abortHandler(ctx, reason ?? new MCPError("The call was cancelled", { errorType: ErrorTypes.Cancelled }));
  settle(ctx, cancelledResult(ctx.toolName, reason));
}

/** Aborts the handler's signal now, or records the reason for when it is first read. */
function abortHandler(ctx: CallContext, reason: unknown): void {
  ctx.abortReason = reason;
  ctx.controller?.abort(reason);
}

/** Ends an asynchronous call once: forgets its deadline, detaches from the caller's signal, audits, resolves. */
export function settle(ctx: CallContext, result: MCPToolResult): void {
  if (ctx.settled) return;
  clearDeadline(ctx);
  ctx.options?.signal?.removeEventListener("abort", ctx);
  finish(ctx, result);
  const resolve = ctx.resolve;
  ctx.resolve = undefined;
  resolve?.(result);
}

/**
 * Last line of defence for an asynchronous call: settling itself threw (a bug
 * here, or a hook misbehaving in a way not caught elsewhere). The call still gets
 * an answer, built only from values this module controls, and the rejection does
 * not escape as an unhandled one (which would end the process).
 */
export function settleAfterBug(ctx: CallContext, err: unknown): void {
  logSafely(ctx.logger, "error", `Internal error while finishing tool "${ctx.toolName}"`, { error: err });
  const resolve = ctx.resolve;
  ctx.resolve = undefined;
  ctx.settled = true;
  clearDeadline(ctx);
  resolve?.(failureResult(ErrorTypes.ToolExecutionError, `Internal error while finishing tool "${ctx.toolName}"`));
}

/** Marks the call ended (its pending client requests aborted) and completes it (completeCall). */
export function finish(ctx: CallContext, result: MCPToolResult): MCPToolResult {
  ctx.settled = true;
  ctx.endClientRequests();
  return completeCall(ctx.state, ctx.toolName, result, ctx.options, ctx.start, ctx.outputIssues);
}
