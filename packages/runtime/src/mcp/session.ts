/**
 * The MCP server's JSON-RPC dispatch: one {@link McpSession} per connection (a
 * stdio pipe, an HTTP session, or one stateless HTTP request) on top of an SDK
 * transport's `onmessage` / `send`.
 *
 * Deliberately not the SDK's `Server` / `McpServer`: their protocol layer
 * re-validates every message with zod and costs several times what the transport
 * itself does (bench/RESULTS.md, "MCP servers", compares them).
 * Here a message is parsed once (by the reader) and checked by hand;
 * `tools/call` goes straight to `ToolRegistry.execute`, whose promise is
 * never awaited by the dispatch loop, so calls in flight never block one another.
 *
 * Both protocol eras are served side by side, message by message (SDK v2's
 * body-primary classification, which is all stdio has): a request whose
 * `params._meta` carries the 2026-07-28 envelope claim (envelope.ts) is served by
 * that revision's rules — no handshake, the envelope checked on every request,
 * `server/discover`, `resultType` and cache hints on results, the server's
 * identity in result `_meta`, per-request log level, `input_required` instead of
 * server-to-client requests; any other request by the 2025 rules (`initialize`,
 * `logging/setLevel`, server-to-client `elicitation/create` /
 * `sampling/createMessage` requests when the client declared the capability).
 * The check costs a 2025 request one property lookup.
 *
 * Every request is answered, whatever a handler does: the registry turns throws,
 * rejections and results JSON cannot hold into failure results; a message that
 * still cannot be serialized here is replaced by a JSON-RPC error; and a bug in
 * dispatch is answered with -32603 instead of escaping into the transport's event
 * handler (where it would be an uncaught exception).
 *
 * Beside it: server-core.ts (what every session of a server shares: options,
 * `server/discover`, `tools/list` pages) and inflight-call.ts (one `tools/call`
 * in flight: its notifications, cancellation and answer).
 */
import { ErrorTypes } from "../error-types.js";
import { MCPError } from "../errors.js";
import { findUnserializable } from "../json-safe.js";
import { logSafely } from "../logger.js";
import type { ClientRequester } from "../client-requests.js";
import type { MCPToolResult } from "../types.js";
import { gatedRequester, OutboundRequests } from "./client-calls.js";
import { isPlainObject } from "./content.js";
import { checkEnvelope, envelopeClaim, isModernInitialize } from "./envelope.js";
import { InflightCall, LOG_LEVEL_INDEX } from "./inflight-call.js";
import { InputReplay } from "./input-required.js";
import {
  CLIENT_CAPABILITIES_META_KEY,
  JsonRpcErrorCodes,
  LATEST_PROTOCOL_VERSION,
  LOG_LEVELS,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JsonRpcId,
  type JsonRpcMessage,
} from "./protocol.js";
import { CAPABILITIES, toolsListPage, type ServerCore } from "./server-core.js";

/**
 * Where a session writes: the SDK's `Transport` satisfies it (HTTP), and so does
 * the stdio line writer. `send` may return nothing when it cannot fail later.
 */
export interface MessageSink {
  send(message: JsonRpcMessage, options?: { relatedRequestId?: JsonRpcId }): Promise<void> | void;
}

/** Per-session behaviour that differs between transports. */
export interface SessionFlags {
  /**
   * Send the (Cancelled) response of a call the client cancelled. MCP says a
   * receiver SHOULD NOT; stdio follows that. Streamable HTTP needs the response
   * anyway: the SDK transport keeps the request's stream open until every request
   * on it has been answered.
   */
  respondToCancelled: boolean;
  /**
   * 2025 era: the session can carry server-to-client requests related to a call
   * (`elicitation/create`, `sampling/createMessage` from `ctx.elicit` /
   * `ctx.createMessage`) and receives the client's responses. True for stdio and
   * stateful SSE HTTP sessions; false (the default) where a response could never
   * come back (stateless HTTP: the response would arrive in another request) or
   * the request could not be delivered (JSON response mode).
   */
  serverRequests?: boolean;
}

const EMPTY_RESULT = Object.freeze({});

/**
 * One MCP connection's protocol state and dispatch. Feed it every message the
 * transport delivers ({@link handleMessage}) and transport read errors
 * ({@link handleTransportError}); it answers through the sink.
 */
export class McpSession {
  readonly core: ServerCore;
  readonly sink: MessageSink;
  readonly flags: SessionFlags;
  /** Set by `notifications/initialized`. Not enforced: requests before it are served (lenient, like the SDK). */
  initialized = false;
  /** The negotiated protocol version (the latest until `initialize`). */
  protocolVersion: string = LATEST_PROTOCOL_VERSION;
  clientInfo: unknown = undefined;
  /** The client's capabilities declared at `initialize` (2025 era); undefined before. */
  clientCapabilities: Record<string, unknown> | undefined = undefined;
  /** Server-to-client requests in flight (2025 era), created on first use. */
  private outbound: OutboundRequests | undefined = undefined;
  /** Index into LOG_LEVELS of the lowest level sent; 0 (everything) until `logging/setLevel`. */
  minLogLevel = 0;
  readonly inflight = new Map<JsonRpcId, InflightCall>();
  closed = false;

  constructor(core: ServerCore, sink: MessageSink, flags: SessionFlags) {
    this.core = core;
    this.sink = sink;
    this.flags = flags;
  }

  /**
   * Dispatches one parsed JSON-RPC message (request, notification or response).
   * Never throws: transports call it from stream event handlers.
   */
  handleMessage(message: unknown): void {
    try {
      this.dispatch(message);
    } catch (err) {
      logSafely(this.core.logger, "error", "MCP: internal error while handling a message", { error: err });
      const id = validIdOf(message);
      // Notifications get no answer, even an error one (JSON-RPC).
      if (id !== null || !isNotification(message))
        this.sendError(id, JsonRpcErrorCodes.InternalError, "Internal error");
    }
  }

  private dispatch(message: unknown): void {
    if (!isPlainObject(message) || message.jsonrpc !== "2.0") {
      this.sendError(
        validIdOf(message),
        JsonRpcErrorCodes.InvalidRequest,
        "Invalid Request: not a JSON-RPC 2.0 message",
      );
      return;
    }
    const method = message.method;
    const id = message.id;
    if (typeof method === "string") {
      const params = message.params;
      if (id === undefined) {
        this.onNotification(method, params);
        return;
      }
      if (typeof id !== "string" && typeof id !== "number") {
        this.sendError(null, JsonRpcErrorCodes.InvalidRequest, "Invalid Request: id must be a string or a number");
        return;
      }
      const envelope = envelopeClaim(params);
      // `initialize` stays the 2025 handshake unless its envelope is a valid 2026 one (SDK v2 rule).
      if (envelope !== undefined && (method !== "initialize" || isModernInitialize(envelope))) {
        this.onModernRequest(id, method, params as Record<string, unknown>, envelope);
        return;
      }
      if (method === "tools/call") this.callTool(id, params, undefined);
      else this.onRequest(id, method, params);
      return;
    }
    // A response: to one of this server's requests (2025 era); stray ones are ignored.
    if (id !== undefined && method === undefined && ("result" in message || "error" in message)) {
      this.outbound?.settle(message);
      return;
    }
    this.sendError(validIdOf(message), JsonRpcErrorCodes.InvalidRequest, "Invalid Request: no method");
  }

  /**
   * Answers input that never became a message: `ParseError` (not JSON) → -32700,
   * `InvalidRequest` (e.g. too large) → -32600; both with id null, as JSON-RPC says.
   */
  handleInvalidInput(kind: "ParseError" | "InvalidRequest", reason: string): void {
    if (kind === "ParseError") this.sendError(null, JsonRpcErrorCodes.ParseError, `Parse error: ${reason}`);
    else this.sendError(null, JsonRpcErrorCodes.InvalidRequest, `Invalid Request: ${reason}`);
  }

  /**
   * Answers what an SDK transport could not read: a line that is not JSON gets -32700,
   * one the SDK's schema refused gets -32600 (the id is unknown by then: `null`).
   */
  handleTransportError(error: Error): void {
    if (error.name === "SyntaxError") {
      this.sendError(null, JsonRpcErrorCodes.ParseError, `Parse error: ${error.message}`);
    } else if (error.name === "ZodError") {
      this.sendError(null, JsonRpcErrorCodes.InvalidRequest, "Invalid Request: not a valid JSON-RPC message");
    } else {
      this.core.logger.warn(`MCP transport error: ${error.message}`, { error });
    }
  }

  /** Aborts every call in flight (the connection is gone); their responses are dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const call of this.inflight.values()) {
      call.abort(new MCPError("The connection closed", { errorType: ErrorTypes.Cancelled }));
    }
    this.inflight.clear();
    this.outbound?.rejectAll("the connection closed");
  }

  /**
   * The client requests a call may make (see InflightCall.clientRequests): on
   * 2026-07-28 an {@link InputReplay} of the call, limited to the capabilities of
   * its envelope; on the 2025 era real requests on this session, limited to the
   * capabilities declared at `initialize` — none where the session cannot carry
   * them ({@link SessionFlags.serverRequests}) or before `initialize`.
   */
  requesterFor(call: InflightCall): ClientRequester | undefined {
    const envelope = call.envelope;
    if (envelope !== undefined) {
      const replay = (call.replay = new InputReplay(call.params.inputResponses, call.params.requestState));
      return gatedRequester(envelope[CLIENT_CAPABILITIES_META_KEY], replay);
    }
    if (this.flags.serverRequests !== true || this.clientCapabilities === undefined || this.closed) return undefined;
    this.outbound ??= new OutboundRequests((message, relatedId) =>
      this.closed ? undefined : this.sink.send(message, { relatedRequestId: relatedId }),
    );
    return this.outbound.requesterFor(call.id, this.clientCapabilities);
  }

  // -------------------------------------------------------------------------
  // Requests

  private onRequest(id: JsonRpcId, method: string, params: unknown): void {
    switch (method) {
      case "ping":
        this.sendResult(id, EMPTY_RESULT);
        return;
      case "tools/list":
        this.listTools(id, params);
        return;
      case "initialize":
        this.initialize(id, params);
        return;
      case "logging/setLevel": {
        const level = isPlainObject(params) ? params.level : undefined;
        const index = typeof level === "string" ? LOG_LEVEL_INDEX.get(level) : undefined;
        if (index === undefined) {
          this.sendError(
            id,
            JsonRpcErrorCodes.InvalidParams,
            `Invalid params: level must be one of ${LOG_LEVELS.join(", ")}`,
          );
          return;
        }
        this.minLogLevel = index;
        this.sendResult(id, EMPTY_RESULT);
        return;
      }
      default:
        this.sendError(id, JsonRpcErrorCodes.MethodNotFound, `Method not found: ${method}`);
    }
  }

  /**
   * A 2026-07-28 request: the envelope is checked first (malformed → -32602, an
   * unsupported revision → -32022, as SDK v2), then only the methods of that
   * revision this server has are served; the rest (`initialize`, `ping`,
   * `logging/setLevel`…, all gone from the revision) get -32601.
   */
  private onModernRequest(
    id: JsonRpcId,
    method: string,
    params: Record<string, unknown>,
    envelope: Record<string, unknown>,
  ): void {
    const problem = checkEnvelope(envelope);
    if (problem !== undefined) {
      this.sendError(id, problem.code, problem.message, problem.data);
      return;
    }
    switch (method) {
      case "tools/call":
        this.callTool(id, params, envelope);
        return;
      case "tools/list":
        this.listTools(id, params, true);
        return;
      case "server/discover":
        this.sendResult(id, this.core.discoverResult(), true);
        return;
      default:
        this.sendError(id, JsonRpcErrorCodes.MethodNotFound, `Method not found: ${method}`);
    }
  }

  private initialize(id: JsonRpcId, params: unknown): void {
    const requested = isPlainObject(params) ? params.protocolVersion : undefined;
    // Echo the client's version when supported, else offer the latest (MCP lifecycle).
    this.protocolVersion =
      typeof requested === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
        ? requested
        : LATEST_PROTOCOL_VERSION;
    this.clientInfo = isPlainObject(params) ? params.clientInfo : undefined;
    const capabilities = isPlainObject(params) ? params.capabilities : undefined;
    this.clientCapabilities = isPlainObject(capabilities) ? capabilities : undefined;
    const result: Record<string, unknown> = {
      protocolVersion: this.protocolVersion,
      capabilities: CAPABILITIES,
      serverInfo: this.core.serverInfo,
    };
    if (this.core.instructions !== undefined) result.instructions = this.core.instructions;
    this.sendResult(id, result);
  }

  private listTools(id: JsonRpcId, params: unknown, modern = false): void {
    const result = toolsListPage(this.core, isPlainObject(params) ? params.cursor : undefined, modern);
    if (result === undefined) this.sendError(id, JsonRpcErrorCodes.InvalidParams, "Invalid params: unknown cursor");
    else this.sendResult(id, result);
  }

  /** `envelope`: the request's 2026-07-28 envelope (already checked); undefined on the 2025 era. */
  private callTool(id: JsonRpcId, params: unknown, envelope: Record<string, unknown> | undefined): void {
    if (!isPlainObject(params) || typeof params.name !== "string") {
      this.sendError(id, JsonRpcErrorCodes.InvalidParams, "Invalid params: tools/call needs a string name");
      return;
    }
    const name = params.name;
    const definition = this.core.registry.get(name);
    if (definition === undefined) {
      this.sendError(id, JsonRpcErrorCodes.InvalidParams, `Unknown tool: ${name}`, { tool_name: name });
      return;
    }
    let args = params.arguments;
    if (args === undefined || args === null) args = {};
    else if (!isPlainObject(args)) {
      this.sendError(id, JsonRpcErrorCodes.InvalidParams, "Invalid params: arguments must be an object");
      return;
    }
    const meta = params._meta;
    let token: string | number | undefined;
    if (isPlainObject(meta)) {
      const t = meta.progressToken;
      if (typeof t === "string" || typeof t === "number") token = t;
    }
    const call = new InflightCall(this, id, definition, token, params, envelope);
    this.inflight.set(id, call);
    // Never awaited here: the next message is dispatched while this call runs.
    // `execute` never rejects and finishCall does not throw: the rejection handlers
    // are the last resort that still answers the call (and leaves no unhandled rejection).
    const watchdog = this.core.watchdog;
    watchdog?.enter(id, name);
    try {
      this.core.registry
        .execute({ tool_name: name, arguments: args as Record<string, unknown> }, call)
        .then(
          (result) => this.finishCall(call, result),
          (err: unknown) => this.failCall(call, err),
        )
        .then(undefined, (err: unknown) => this.failCall(call, err));
    } finally {
      watchdog?.leave();
    }
  }

  /** Answers a call whose result could not be delivered the normal way (never leaves it unanswered). */
  private failCall(call: InflightCall, err: unknown): void {
    logSafely(this.core.logger, "error", `MCP: internal error while answering tool "${call.definition.name}"`, {
      error: err,
    });
    if (this.inflight.get(call.id) === call) this.inflight.delete(call.id);
    if (this.closed || call.answered || (call.aborted && !this.flags.respondToCancelled)) return;
    call.answered = true;
    this.sendError(call.id, JsonRpcErrorCodes.InternalError, "Internal error");
  }

  private finishCall(call: InflightCall, result: MCPToolResult): void {
    if (this.inflight.get(call.id) === call) this.inflight.delete(call.id);
    if (this.closed) return;
    if (call.aborted && !this.flags.respondToCancelled) return;
    const wire = call.answer(result, this.core.resultMeta);
    call.answered = true;
    // input_required is not a result the registry checked: sent with the JSON check.
    if (wire.resultType === "input_required") {
      this.sendResult(call.id, wire);
      return;
    }
    if (call.progressSent) {
      // The SDK client handles notifications a microtask late but responses at
      // once, and forgets a request's progress handler with its response: a last
      // progress notification read in the same chunk as the response is lost. A
      // separate, slightly later write avoids that (only calls that reported progress pay).
      setTimeout(() => {
        if (!this.closed) this.sendResult(call.id, wire, true);
      }, 1);
      return;
    }
    this.sendResult(call.id, wire, true);
  }

  // -------------------------------------------------------------------------
  // Notifications

  private onNotification(method: string, params: unknown): void {
    if (method === "notifications/cancelled") {
      if (!isPlainObject(params)) return;
      const call = this.inflight.get(params.requestId as JsonRpcId);
      if (call === undefined) return; // already answered: nothing to do (MCP: ignore)
      const why = typeof params.reason === "string" && params.reason !== "" ? params.reason : "cancelled by the client";
      call.abort(new MCPError(why, { errorType: ErrorTypes.Cancelled }));
    } else if (method === "notifications/initialized") {
      this.initialized = true;
    }
    // Other notifications (roots/list_changed, progress…) need no action from a tools-only server.
  }

  // -------------------------------------------------------------------------
  // Sending

  /** Sends a notification tied to request `relatedId` (HTTP routes it onto that request's stream). */
  notify(method: string, params: Record<string, unknown>, relatedId: JsonRpcId): void {
    if (this.closed) return;
    this.send({ jsonrpc: "2.0", method, params }, { relatedRequestId: relatedId });
  }

  /** `checked`: the result is known to be serializable (a tool result the registry checked). */
  private sendResult(id: JsonRpcId, result: unknown, checked = false): void {
    this.send({ jsonrpc: "2.0", id, result }, undefined, checked);
  }

  private sendError(id: JsonRpcId | null, code: number, message: string, data?: unknown): void {
    const error: { code: number; message: string; data?: unknown } = { code, message };
    if (data !== undefined) error.data = data;
    this.send({ jsonrpc: "2.0", id, error });
  }

  /**
   * Sends a message, making sure it can be written as JSON first: a transport
   * that fails half-way through (the SDK's HTTP transport then ends the stream
   * without the response) would leave the request unanswered. A response that
   * cannot be serialized is replaced by a -32603 error for the same id; a
   * notification that cannot is dropped (and logged).
   */
  private send(message: JsonRpcMessage, options?: { relatedRequestId?: JsonRpcId }, checked = false): void {
    if (!checked) {
      const problem = findUnserializable(message);
      if (problem !== undefined) {
        const why = `${problem.path}: ${problem.reason}`;
        logSafely(this.core.logger, "warn", `MCP: a message could not be serialized (${why})`);
        if (message.id === undefined || message.id === null) return;
        message = {
          jsonrpc: "2.0",
          id: message.id,
          error: {
            code: JsonRpcErrorCodes.InternalError,
            message: `Internal error: the response could not be serialized (${why})`,
          },
        };
      }
    }
    let sent: Promise<void> | void;
    try {
      sent = this.sink.send(message, options);
    } catch (err) {
      this.onSendError(err, message);
      return;
    }
    if (sent !== undefined) sent.then(undefined, (err: unknown) => this.onSendError(err));
  }

  /**
   * A send failed. Asynchronously (`message` absent) that means the peer went
   * away: nothing to answer. Synchronously it can also be the message itself (a
   * value that changed after the check): a response then gets a plain -32603, once.
   */
  private onSendError(err: unknown, message?: JsonRpcMessage): void {
    logSafely(this.core.logger, "debug", "MCP: could not send a message", { error: err });
    const id = message?.id;
    if (id === undefined || id === null || message?.error?.code === JsonRpcErrorCodes.InternalError) return;
    try {
      void Promise.resolve(
        this.sink.send({
          jsonrpc: "2.0",
          id,
          error: { code: JsonRpcErrorCodes.InternalError, message: "Internal error" },
        }),
      ).then(undefined, () => undefined);
    } catch {
      // The transport cannot send at all: nothing more to do.
    }
  }
}

/** True for a message with a method and no id (a JSON-RPC notification). */
function isNotification(message: unknown): boolean {
  return isPlainObject(message) && typeof message.method === "string" && message.id === undefined;
}

/** The request's id when it is a valid JSON-RPC id, else null (for error responses). */
function validIdOf(message: unknown): JsonRpcId | null {
  if (!isPlainObject(message)) return null;
  const id = message.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
