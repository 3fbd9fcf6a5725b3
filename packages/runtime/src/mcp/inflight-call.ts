/**
 * One `tools/call` in flight on a session: the ExecuteOptions its registry call
 * gets — progress and log notifications back to the client, the way to the
 * client for `ctx.elicit` / `ctx.createMessage` — and its cancellation (the
 * per-request part of SDK v2's `ServerContext`: `mcpReq.signal`, `mcpReq.log`,
 * `mcpReq.notify`).
 */
import type { ClientRequester } from "../client-requests.js";
import { ErrorTypes } from "../error-types.js";
import { errorToDetail } from "../errors.js";
import type { Logger, LogLevel } from "../logger.js";
import type { ExecuteOptions, ToolDefinition } from "../tool-types.js";
import type { MCPToolResult } from "../types.js";
import { toCallToolResult } from "./content.js";
import {
  encodeRequestState,
  inputRequiredWire,
  type InputReplay,
  type InputRequiredResultWire,
} from "./input-required.js";
import {
  LOG_LEVEL_META_KEY,
  LOG_LEVELS,
  MODERN_PROTOCOL_VERSION,
  type CallToolResultWire,
  type JsonRpcId,
} from "./protocol.js";

const MODERN_OPTIONS = Object.freeze({ protocolVersion: MODERN_PROTOCOL_VERSION });

/** The position of each MCP log level in LOG_LEVELS (higher: more severe). */
export const LOG_LEVEL_INDEX: ReadonlyMap<string, number> = new Map(LOG_LEVELS.map((level, i) => [level, i]));

/** What a call needs from the session it arrived on (an {@link McpSession}). */
export interface CallSession {
  readonly core: { readonly logger: Logger };
  /** Index into LOG_LEVELS of the lowest level sent on the 2025 era (`logging/setLevel`). */
  readonly minLogLevel: number;
  /** Sends a notification tied to request `relatedId`. */
  notify(method: string, params: Record<string, unknown>, relatedId: JsonRpcId): void;
  /** The client requests the call may make, if any (see {@link InflightCall.clientRequests}). */
  requesterFor(call: InflightCall): ClientRequester | undefined;
}

/** An AbortSignal event listener: a function or an object with `handleEvent` (what the registry passes). */
type AbortListener = ((event: Event) => void) | { handleEvent(event: Event): void };

/**
 * One call in flight: what its progress and log notifications need, and its
 * cancellation. Doubles as the call's {@link ExecuteOptions} and as the caller
 * signal handed to the registry.
 *
 * Why not an AbortController per call: creating one is a noticeable part of
 * what a call costs the stdio server, and most calls are never cancelled. The
 * registry only reads `aborted` / `reason` of the caller's signal and adds (then
 * removes) one "abort" listener, so this object provides exactly that surface. Handlers never see it: their `ctx.signal` is a real
 * AbortSignal the registry creates on demand and aborts from this one.
 */
export class InflightCall implements ExecuteOptions {
  readonly session: CallSession;
  readonly id: JsonRpcId;
  readonly definition: ToolDefinition;
  readonly callId: JsonRpcId;
  readonly progressToken: string | number | undefined;
  readonly onProgress: ExecuteOptions["onProgress"];
  readonly onLog: ExecuteOptions["onLog"];
  /** The call's 2026-07-28 envelope; undefined for a 2025-era call. */
  readonly envelope: Record<string, unknown> | undefined;
  /** The call's params (a 2026-07-28 retry carries `inputResponses` / `requestState` there). */
  readonly params: Record<string, unknown>;
  /** The 2026-07-28 replay of client requests, created when the handler first asks (see clientRequests). */
  replay: InputReplay | undefined = undefined;
  private requester: ClientRequester | undefined | null = null;
  // The AbortSignal surface the registry uses.
  aborted = false;
  reason: unknown = undefined;
  /** A progress notification was sent (see finishCall). */
  progressSent = false;
  /** A response was sent (or is scheduled): see failCall. */
  answered = false;
  private listeners: AbortListener[] | undefined = undefined;

  constructor(
    session: CallSession,
    id: JsonRpcId,
    definition: ToolDefinition,
    progressToken: string | number | undefined,
    params: Record<string, unknown>,
    envelope: Record<string, unknown> | undefined,
  ) {
    this.session = session;
    this.id = id;
    this.callId = id;
    this.definition = definition;
    this.progressToken = progressToken;
    this.params = params;
    this.envelope = envelope;
    // Closures only for what the registry calls as plain functions.
    this.onProgress =
      progressToken === undefined ? undefined : (progress, total, message) => this.progress(progress, total, message);
    this.onLog = (level, data) => this.log(level, data);
  }

  /** This call as the registry's caller signal (see the class comment). */
  get signal(): AbortSignal {
    return this as unknown as AbortSignal;
  }

  /**
   * How the handler's `ctx.elicit` / `ctx.createMessage` reach the client. Built
   * on first use only (the registry reads it when a handler asks), so calls that
   * never ask cost nothing.
   */
  get clientRequests(): ClientRequester | undefined {
    if (this.requester === null) this.requester = this.session.requesterFor(this);
    return this.requester;
  }

  addEventListener(type: string, listener: AbortListener): void {
    if (type === "abort") (this.listeners ??= []).push(listener);
  }

  removeEventListener(type: string, listener: AbortListener): void {
    const listeners = this.listeners;
    if (type !== "abort" || listeners === undefined) return;
    const i = listeners.indexOf(listener);
    if (i !== -1) listeners.splice(i, 1);
  }

  /** Cancels the call: the registry aborts the handler's signal and settles with `Cancelled`. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    if (listeners === undefined) return;
    this.listeners = undefined;
    const event = new Event("abort");
    for (const listener of listeners) {
      try {
        if (typeof listener === "function") listener(event);
        else listener.handleEvent(event);
      } catch (err) {
        this.session.core.logger.warn("MCP: an abort listener failed", { error: err });
      }
    }
  }

  progress(progress: number, total: number | undefined, message: string | undefined): void {
    const params: Record<string, unknown> = { progressToken: this.progressToken, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    this.progressSent = true;
    this.session.notify("notifications/progress", params, this.id);
  }

  log(level: LogLevel, data: unknown): void {
    const index = LOG_LEVEL_INDEX.get(level);
    if (index === undefined) return;
    if (this.envelope === undefined) {
      if (index < this.session.minLogLevel) return;
    } else {
      // 2026-07-28: the request's own level; none means no log notifications (SDK v2 LOG_LEVEL_META_KEY).
      const floor = LOG_LEVEL_INDEX.get(this.envelope[LOG_LEVEL_META_KEY] as string);
      if (floor === undefined || index < floor) return;
    }
    this.session.notify("notifications/message", { level, logger: this.definition.name, data }, this.id);
  }

  /**
   * The JSON-RPC result answering this call with the registry's `result`. On
   * 2026-07-28 it is `input_required` when the handler asked for input the client
   * has not given yet (that, not the result, is the answer), else the
   * CallToolResult with `resultType` and the server's identity (`resultMeta`) in
   * `_meta`; on the 2025 era the CallToolResult. A result that cannot be
   * converted becomes a SerializationError tool failure.
   */
  answer(
    result: MCPToolResult,
    resultMeta: Readonly<Record<string, unknown>>,
  ): CallToolResultWire | (InputRequiredResultWire & { _meta: Readonly<Record<string, unknown>> }) {
    const modern = this.envelope !== undefined;
    if (modern) {
      const outcome = this.replay?.outcome(result);
      if (outcome !== undefined && "inputRequired" in outcome) {
        const wire = inputRequiredWire(outcome.inputRequired, encodeRequestState(outcome.inputRequired.state));
        if (!("status" in wire)) return { ...wire, _meta: resultMeta };
        result = wire; // the state would be too large: a failure says so
      }
    }
    let wire: CallToolResultWire;
    try {
      wire = modern
        ? toCallToolResult(this.definition, result, MODERN_OPTIONS)
        : toCallToolResult(this.definition, result);
    } catch (err) {
      // The registry checks results, so only a value that changed meanwhile (a
      // stateful getter or toJSON) gets here: still a tool failure, not silence.
      const detail = {
        error_type: ErrorTypes.SerializationError,
        error_message: `The result of tool "${this.definition.name}" cannot be serialized: ${errorToDetail(err).error_message}`,
      };
      wire = { content: [{ type: "text", text: JSON.stringify(detail) }], isError: true };
    }
    if (modern) {
      wire.resultType = "complete";
      wire._meta = wire._meta === undefined ? resultMeta : { ...wire._meta, ...resultMeta };
    }
    return wire;
  }
}
