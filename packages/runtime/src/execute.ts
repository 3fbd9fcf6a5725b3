/**
 * Executing a call: validate → (trust policy) → run the handler → check its
 * output → result, within the call's time limit and the caller's cancellation
 * (SDK v2 splits the same path into `validateToolInput`, `executeToolHandler` and
 * `validateToolOutput`). Every outcome leaves through completeCall (audit).
 *
 * This is on the hot path of every server, so it adds as little as it can on top
 * of validation and the handler: tools are looked up in a Map, the call envelope
 * is checked by hand, the per-call context is one object of a fixed class shape
 * whose AbortController is created only if the handler reads `ctx.signal`, and no
 * timer, closure or extra promise is created unless the handler returns a promise
 * (then one promise, and an entry in the shared timer of timeouts.ts instead of a
 * setTimeout per call).
 */
import { CallContext, cancelCall, finish, settle, settleAfterBug } from "./call-context.js";
import { completeCall } from "./call-completion.js";
import { cancelledResult, invalidCallResult, refusedResult, unknownToolResult } from "./call-failures.js";
import { InputRequiredSignal } from "./client-requests.js";
import { errorToDetail } from "./errors.js";
import { logSafely } from "./logger.js";
import type { RegisteredTool } from "./registered-tool.js";
import type { RegistryState } from "./registry-state.js";
import { isBrandedResult, makeResult } from "./result.js";
import { setDeadline } from "./timeouts.js";
import { validateToolInput, validateToolOutput } from "./tool-validation.js";
import type { ExecuteOptions, ValidateCallResult } from "./tool-types.js";
import type { MCPErrorDetail, MCPToolCall, MCPToolResult } from "./types.js";

const VALID: ValidateCallResult = Object.freeze({ ok: true });

/** `ToolRegistry.validateCall`: envelope, tool existence and arguments, without running the call. */
export function validateCall(state: RegistryState, call: MCPToolCall<object>): ValidateCallResult {
  try {
    if (!isCallEnvelope(call)) return invalid(invalidCallResult(state, call));
    const entry = state.tools.get(call.tool_name);
    if (entry === undefined) return invalid(unknownToolResult(state, call.tool_name));
    const failed = validateToolInput(state, entry, call.arguments, 0, Infinity);
    return failed === undefined ? VALID : invalid(failed);
  } catch (err) {
    return { ok: false, error: errorToDetail(err) };
  }
}

/** `ToolRegistry.execute`: runs a call to its result; never throws or rejects. */
export function executeCall(
  state: RegistryState,
  call: MCPToolCall<object>,
  options: ExecuteOptions | undefined,
): Promise<MCPToolResult> {
  const start = performance.now();
  try {
    const result = dispatch(state, call, options, start);
    return result instanceof Promise ? result : Promise.resolve(result);
  } catch (err) {
    return Promise.resolve(internalFailure(state, call, err, options, start));
  }
}

/** Runs a call; returns the result directly when everything was synchronous. */
function dispatch(
  state: RegistryState,
  call: MCPToolCall<object>,
  options: ExecuteOptions | undefined,
  start: number,
): MCPToolResult | Promise<MCPToolResult> {
  if (!isCallEnvelope(call))
    return completeCall(state, toolNameOf(call), invalidCallResult(state, call), options, start);
  const entry = state.tools.get(call.tool_name);
  if (entry === undefined)
    return completeCall(state, call.tool_name, unknownToolResult(state, call.tool_name), options, start);
  const failed = validateToolInput(state, entry, call.arguments, start, timeLimitOf(state, entry, options));
  if (failed !== undefined) return completeCall(state, entry.name, failed, options, start);
  if (entry.gated) {
    const policy = state.trustPolicy;
    if (policy === undefined)
      return completeCall(state, entry.name, refusedResult(entry, "no trust policy is configured"), options, start);
    let allowed: boolean | PromiseLike<boolean>;
    try {
      allowed = policy(entry.definition, call);
    } catch (err) {
      return completeCall(state, entry.name, policyFailed(entry, err), options, start);
    }
    if (isThenable(allowed)) return awaitPolicy(state, entry, call, options, start, allowed);
    if (allowed !== true)
      return completeCall(state, entry.name, refusedResult(entry, "the trust policy refused it"), options, start);
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

/** Waits for a trust policy that answered with a promise, then runs the call if it allowed it. */
async function awaitPolicy(
  state: RegistryState,
  entry: RegisteredTool,
  call: MCPToolCall,
  options: ExecuteOptions | undefined,
  start: number,
  allowed: PromiseLike<boolean>,
): Promise<MCPToolResult> {
  let ok: unknown;
  try {
    ok = await allowed;
  } catch (err) {
    return completeCall(state, entry.name, policyFailed(entry, err), options, start);
  }
  if (ok !== true)
    return completeCall(state, entry.name, refusedResult(entry, "the trust policy refused it"), options, start);
  try {
    return await invoke(state, entry, call, options, start);
  } catch (err) {
    return internalFailure(state, call, err, options, start);
  }
}

/** Calls the handler; stays synchronous unless it returns a promise. */
function invoke(
  state: RegistryState,
  entry: RegisteredTool,
  call: MCPToolCall,
  options: ExecuteOptions | undefined,
  start: number,
): MCPToolResult | Promise<MCPToolResult> {
  const callerSignal = options?.signal;
  if (callerSignal?.aborted) {
    return completeCall(state, entry.name, cancelledResult(entry.name, callerSignal.reason), options, start);
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
function timeLimitOf(state: RegistryState, entry: RegisteredTool, options: ExecuteOptions | undefined): number {
  const timeoutMs = options?.timeoutMs ?? entry.definition.timeoutMs ?? state.defaultTimeoutMs;
  return typeof timeoutMs === "number" && timeoutMs > 0 ? timeoutMs : Infinity;
}

/** Has a callable `then` (reads it: a getter or Proxy trap may throw). */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

// Captures a new promise's resolve function without allocating an executor
// closure per call: the executor runs synchronously inside `new Promise`, and the
// value is taken and cleared at once, so this variable never holds anything
// between two statements of awaitHandler (module-level for that reason only).
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

/** Settles the call with the handler's value or error, unless the call has already ended (timeout, cancel). */
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
  if (result.status === "failure") return result;
  if (ctx.state.outputValidation === "off") return result;
  return validateToolOutput(ctx, result);
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
  return completeCall(state, toolNameOf(call), makeResult("failure", null, detail, undefined), options, start);
}

/** A failure result as the outcome of validateCall. */
function invalid(result: MCPToolResult): ValidateCallResult {
  return { ok: false, error: result.error as MCPErrorDetail };
}

/** The refusal of a call whose trust policy threw or rejected. */
function policyFailed(entry: RegisteredTool, err: unknown): MCPToolResult {
  return refusedResult(entry, `the trust policy failed: ${errorToDetail(err).error_message}`);
}
