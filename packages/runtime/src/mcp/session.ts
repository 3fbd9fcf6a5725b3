/**
 * The MCP server's JSON-RPC dispatch: one {@link McpSession} per connection (a
 * stdio pipe, an HTTP session, or one stateless HTTP request) on top of an SDK
 * transport's `onmessage` / `send`.
 *
 * Deliberately not the SDK's `Server` / `McpServer`: their protocol layer
 * re-validates every message with zod and costs about 3× the transport itself
 * (measured as stdio throughput against a plain dispatch on the same transport).
 * Here a message is parsed once (by the reader) and checked by hand;
 * `tools/call` goes straight to `ToolRegistry.execute`, whose promise is
 * never awaited by the dispatch loop, so calls in flight never block one another.
 *
 * Every request is answered, whatever a handler does: the registry turns throws,
 * rejections and results JSON cannot hold into failure results; a message that
 * still cannot be serialized here is replaced by a JSON-RPC error; and a bug in
 * dispatch is answered with -32603 instead of escaping into the transport's event
 * handler (where it would be an uncaught exception).
 */
import { ErrorTypes } from "../error-types.js";
import { errorToDetail, MCPError } from "../errors.js";
import { findUnserializable } from "../json-safe.js";
import { logSafely, silentLogger, type Logger, type LogLevel } from "../logger.js";
import type { ExecuteOptions, ToolDefinition, ToolRegistry } from "../registry.js";
import type { MCPToolResult } from "../types.js";
import { isPlainObject, toCallToolResult } from "./content.js";
import {
  JsonRpcErrorCodes,
  LATEST_PROTOCOL_VERSION,
  LOG_LEVELS,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResultWire,
  type JsonRpcId,
  type JsonRpcMessage,
  type McpToolInfo,
} from "./protocol.js";

/** Options shared by {@link serveStdio} and {@link serveHttp}. */
export interface McpServerOptions {
  /** `serverInfo.name` sent in the `initialize` result. Default `"mcp-specgen-server"`. */
  name?: string;
  /** `serverInfo.version`. Default `"0.0.0"`. */
  version?: string;
  /** `serverInfo.title` (optional display name). */
  title?: string;
  /** `instructions` sent in the `initialize` result (optional). */
  instructions?: string;
  /** `tools/list` page size. Default 100. */
  pageSize?: number;
  /** Where the server reports its own problems (failed sends, transport errors). Default: silent. */
  logger?: Logger;
}

/**
 * Where a session writes: the SDK's `Transport` satisfies it (HTTP), and so does
 * the stdio line writer. `send` may return nothing when it cannot fail later.
 */
export interface MessageSink {
  send(message: JsonRpcMessage, options?: { relatedRequestId?: JsonRpcId }): Promise<void> | void;
}

/** Server-wide configuration shared by every session of one server. */
export class ServerCore {
  readonly registry: ToolRegistry;
  readonly serverInfo: { name: string; version: string; title?: string };
  readonly instructions: string | undefined;
  readonly pageSize: number;
  readonly logger: Logger;
  /** `tools/list` entries of every tool, built once per registry revision (see {@link toolInfos}). */
  private toolInfoCache: readonly McpToolInfo[] | undefined = undefined;
  private toolInfoRevision = -1;

  constructor(registry: ToolRegistry, options: McpServerOptions = {}) {
    this.registry = registry;
    this.serverInfo = { name: options.name ?? "mcp-specgen-server", version: options.version ?? "0.0.0" };
    if (options.title !== undefined) this.serverInfo.title = options.title;
    this.instructions = options.instructions;
    const pageSize = options.pageSize ?? 100;
    if (!Number.isInteger(pageSize) || pageSize < 1)
      throw new RangeError(`pageSize must be a positive integer (got ${pageSize})`);
    this.pageSize = pageSize;
    this.logger = options.logger ?? silentLogger;
  }

  /**
   * Every tool as MCP's Tool, in registration order. Cached until the registry's
   * tools change (`register` / `unregister`), so paging through `tools/list`
   * costs each page its own size, not the size of the registry.
   */
  toolInfos(): readonly McpToolInfo[] {
    const revision = this.registry.revision;
    let infos = this.toolInfoCache;
    if (infos === undefined || revision !== this.toolInfoRevision) {
      infos = this.toolInfoCache = this.registry.list().map(toolInfo);
      this.toolInfoRevision = revision;
    }
    return infos;
  }
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
}

const CAPABILITIES = Object.freeze({ tools: Object.freeze({ listChanged: false }), logging: Object.freeze({}) });
const EMPTY_RESULT = Object.freeze({});
const LEVEL_INDEX: ReadonlyMap<string, number> = new Map(LOG_LEVELS.map((level, i) => [level, i]));

/** An AbortSignal event listener: a function or an object with `handleEvent` (what the registry passes). */
type AbortListener = ((event: Event) => void) | { handleEvent(event: Event): void };

/**
 * One call in flight: what its progress and log notifications need, and its
 * cancellation. Doubles as the call's {@link ExecuteOptions} and as the caller
 * signal handed to the registry.
 *
 * Why not an AbortController per call: creating one took 13 % of the stdio
 * server's time. The registry only reads `aborted` / `reason` of the caller's
 * signal and adds (then removes) one "abort" listener, so this object provides
 * exactly that surface. Handlers never see it: their `ctx.signal` is a real
 * AbortSignal the registry creates on demand and aborts from this one.
 */
class InflightCall implements ExecuteOptions {
  readonly session: McpSession;
  readonly id: JsonRpcId;
  readonly definition: ToolDefinition;
  readonly callId: JsonRpcId;
  readonly progressToken: string | number | undefined;
  readonly onProgress: ExecuteOptions["onProgress"];
  readonly onLog: ExecuteOptions["onLog"];
  // The AbortSignal surface the registry uses.
  aborted = false;
  reason: unknown = undefined;
  /** A progress notification was sent (see finishCall). */
  progressSent = false;
  /** A response was sent (or is scheduled): see failCall. */
  answered = false;
  private listeners: AbortListener[] | undefined = undefined;

  constructor(
    session: McpSession,
    id: JsonRpcId,
    definition: ToolDefinition,
    progressToken: string | number | undefined,
  ) {
    this.session = session;
    this.id = id;
    this.callId = id;
    this.definition = definition;
    this.progressToken = progressToken;
    // Closures only for what the registry calls as plain functions.
    this.onProgress =
      progressToken === undefined ? undefined : (progress, total, message) => this.progress(progress, total, message);
    this.onLog = (level, data) => this.log(level, data);
  }

  /** This call as the registry's caller signal (see the class comment). */
  get signal(): AbortSignal {
    return this as unknown as AbortSignal;
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
    const index = LEVEL_INDEX.get(level);
    if (index === undefined || index < this.session.minLogLevel) return;
    this.session.notify("notifications/message", { level, logger: this.definition.name, data }, this.id);
  }
}

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
      if (id === undefined) {
        this.onNotification(method, message.params);
        return;
      }
      if (typeof id !== "string" && typeof id !== "number") {
        this.sendError(null, JsonRpcErrorCodes.InvalidRequest, "Invalid Request: id must be a string or a number");
        return;
      }
      if (method === "tools/call") this.callTool(id, message.params);
      else this.onRequest(id, method, message.params);
      return;
    }
    // A response: the server sends no requests, so there is nothing to match it with.
    if (id !== undefined && method === undefined && ("result" in message || "error" in message)) return;
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
        const index = typeof level === "string" ? LEVEL_INDEX.get(level) : undefined;
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

  private initialize(id: JsonRpcId, params: unknown): void {
    const requested = isPlainObject(params) ? params.protocolVersion : undefined;
    // Echo the client's version when supported, else offer the latest (MCP lifecycle).
    this.protocolVersion =
      typeof requested === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
        ? requested
        : LATEST_PROTOCOL_VERSION;
    this.clientInfo = isPlainObject(params) ? params.clientInfo : undefined;
    const result: Record<string, unknown> = {
      protocolVersion: this.protocolVersion,
      capabilities: CAPABILITIES,
      serverInfo: this.core.serverInfo,
    };
    if (this.core.instructions !== undefined) result.instructions = this.core.instructions;
    this.sendResult(id, result);
  }

  private listTools(id: JsonRpcId, params: unknown): void {
    const cursor = isPlainObject(params) ? params.cursor : undefined;
    let offset = 0;
    if (cursor !== undefined) {
      const decoded = typeof cursor === "string" ? decodeCursor(cursor) : undefined;
      if (decoded === undefined) {
        this.sendError(id, JsonRpcErrorCodes.InvalidParams, "Invalid params: unknown cursor");
        return;
      }
      offset = decoded;
    }
    const all = this.core.toolInfos();
    const end = Math.min(all.length, offset + this.core.pageSize);
    const tools = all.slice(offset, end);
    const result: { tools: McpToolInfo[]; nextCursor?: string } = { tools };
    if (end < all.length) result.nextCursor = encodeCursor(end);
    this.sendResult(id, result);
  }

  private callTool(id: JsonRpcId, params: unknown): void {
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
    const call = new InflightCall(this, id, definition, token);
    this.inflight.set(id, call);
    // Never awaited here: the next message is dispatched while this call runs.
    // `execute` never rejects and finishCall does not throw: the rejection handlers
    // are the last resort that still answers the call (and leaves no unhandled rejection).
    this.core.registry
      .execute({ tool_name: name, arguments: args as Record<string, unknown> }, call)
      .then(
        (result) => this.finishCall(call, result),
        (err: unknown) => this.failCall(call, err),
      )
      .then(undefined, (err: unknown) => this.failCall(call, err));
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
    let wire: CallToolResultWire;
    try {
      wire = toCallToolResult(call.definition, result);
    } catch (err) {
      // The registry checks results, so only a value that changed meanwhile (a
      // stateful getter or toJSON) gets here: still a tool failure, not silence.
      const detail = {
        error_type: ErrorTypes.SerializationError,
        error_message: `The result of tool "${call.definition.name}" cannot be serialized: ${errorToDetail(err).error_message}`,
      };
      wire = { content: [{ type: "text", text: JSON.stringify(detail) }], isError: true };
    }
    call.answered = true;
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

/** A registry definition as MCP's Tool: only the MCP fields, values exactly as registered. */
export function toolInfo(definition: ToolDefinition): McpToolInfo {
  const tool: McpToolInfo = { name: definition.name, inputSchema: definition.inputSchema };
  if (definition.title !== undefined) tool.title = definition.title;
  if (definition.description !== undefined) tool.description = definition.description;
  if (definition.outputSchema !== undefined) tool.outputSchema = definition.outputSchema;
  if (definition.annotations !== undefined) tool.annotations = definition.annotations as Record<string, unknown>;
  return tool;
}

// Cursors are opaque to clients (MCP pagination); a versioned base64url offset
// lets the server change the encoding later without misreading old cursors.
function encodeCursor(offset: number): string {
  return Buffer.from(`v1:${offset}`).toString("base64url");
}

function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^v1:(\d{1,9})$/.exec(text);
  return match === null ? undefined : Number(match[1]);
}
