/**
 * `sdkClientTransport`: a `ToolTransport` over an official SDK `Client` the caller
 * created, configured (OAuth, capabilities, elicitation handlers…) and connected —
 * SDK v2 (`@modelcontextprotocol/client`) or 1.x (`@modelcontextprotocol/sdk`).
 * `connectStdio` / `connectHttp` (client.ts) build on it too.
 *
 * The SDKs are optional peers: nothing here imports them, and the client is typed
 * by the few members used, so neither package's types are needed to compile.
 *
 * Error policy: the transport function resolves to a `failure` MCPToolResult for
 * everything that is an answer about the call — tool errors (`isError`), JSON-RPC
 * errors for the request (unknown tool → `ToolNotFound`, other -32602 and the SDKs'
 * own output-schema checks → `ValidationError`, anything else → `TransportError`),
 * time-outs (`TimeoutError`) and cancellation through the caller's signal
 * (`Cancelled`). It rejects with a {@link TransportError} only when the connection
 * itself fails (closed, refused, not connected, HTTP authentication), when nothing
 * about the call can be said.
 */
import { ErrorTypes } from "../error-types.js";
import { TransportError } from "../errors.js";
import { makeResult } from "../result.js";
import type { CallOptions, ToolTransport } from "../transport.js";
import type { MCPErrorDetail, MCPToolResult } from "../types.js";
import { fromCallToolResult, isPlainObject } from "./content.js";
import { JsonRpcErrorCodes } from "./protocol.js";
import { sdkValidationIssues } from "./sdk-error-text.js";

/** `tools/call` params as both SDKs take them. */
export interface SdkClientCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
}

/** The request options of both SDKs that this module passes. */
export interface SdkClientRequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** An SDK 1.x `Client` (`@modelcontextprotocol/sdk/client/index.js`), as far as it is used here. */
export interface SdkV1ClientLike {
  callTool(params: SdkClientCallParams, resultSchema?: undefined, options?: SdkClientRequestOptions): Promise<unknown>;
}

/**
 * An SDK v2 `Client` (`@modelcontextprotocol/client`), as far as it is used here: its
 * `callTool` takes the options second; `getProtocolEra` (absent from 1.x) tells them apart.
 */
export interface SdkV2ClientLike {
  callTool(params: SdkClientCallParams, options?: SdkClientRequestOptions): Promise<unknown>;
  getProtocolEra(): unknown;
}

/** A connected `Client` of either SDK major version. */
export type SdkClientLike = SdkV1ClientLike | SdkV2ClientLike;

/** Options of {@link sdkClientTransport}. */
export interface SdkClientTransportOptions {
  /** Default time limit of a call in ms; a call's own `timeoutMs` wins. Default: the SDK's (60 000). */
  timeoutMs?: number;
  /**
   * The SDK major version `client` comes from, i.e. how `callTool` takes its options.
   * Default: detected (a v2 `Client` has `getProtocolEra()`, a 1.x one does not).
   */
  sdkVersion?: 1 | 2;
}

/**
 * A `ToolTransport` over a connected SDK `Client` (v2 or 1.x), for a generated client:
 * `createClient(sdkClientTransport(client))`. The client stays yours: its
 * configuration (OAuth, capabilities, handlers) applies to every call, and closing
 * it is up to you. Progress notifications for calls made with `onProgress` are taken
 * off the client's transport (the SDKs can drop the last one); everything else passes
 * through to the SDK.
 *
 * @example
 * ```ts
 * // Client of the v2 SDK (@modelcontextprotocol/client) or of 1.x (@modelcontextprotocol/sdk)
 * const client = new Client({ name: "my-app", version: "1.0.0" }, { capabilities: { elicitation: {} } });
 * await client.connect(transport);
 * const tools = createClient(sdkClientTransport(client)); // generated/client.ts
 * const stats = await tools.textAnalysis.wordStats({ text: "…" });
 * ```
 */
export function sdkClientTransport(client: SdkClientLike, options: SdkClientTransportOptions = {}): ToolTransport {
  return createSdkClientTransport(client, options, "MCP server");
}

/** {@link sdkClientTransport}, with `what` naming the server in error messages (e.g. `stdio server "x"`). */
export function createSdkClientTransport(
  client: SdkClientLike,
  options: SdkClientTransportOptions,
  what: string,
): ToolTransport {
  const v2 = (options.sdkVersion ?? (isV2(client) ? 2 : 1)) === 2;
  const send = v2
    ? (params: SdkClientCallParams, opts: SdkClientRequestOptions) => (client as SdkV2ClientLike).callTool(params, opts)
    : (params: SdkClientCallParams, opts: SdkClientRequestOptions) =>
        (client as SdkV1ClientLike).callTool(params, undefined, opts);
  const defaultTimeout = options.timeoutMs;

  return async (call, callOptions: CallOptions) => {
    const signal = callOptions?.signal;
    const onProgress = callOptions?.onProgress;
    if (signal?.aborted) return cancelled(call.tool_name, signal.reason);
    const params: SdkClientCallParams = {
      name: call.tool_name,
      arguments: call.arguments as Record<string, unknown>,
    };
    const requestOptions: SdkClientRequestOptions = {};
    if (signal !== undefined) requestOptions.signal = signal;
    const timeout = callOptions?.timeoutMs ?? defaultTimeout;
    if (timeout !== undefined) requestOptions.timeout = timeout;
    let progress: { router: ProgressRouter; token: string } | undefined;
    if (onProgress !== undefined) {
      const router = progressRouter(client);
      if (router === undefined) {
        // No transport to intercept: the SDK's own handler (may miss a last notification).
        requestOptions.onprogress = (p) => safely(onProgress, p.progress, p.total, p.message);
      } else {
        progress = { router, token: router.add(onProgress) };
        params._meta = { progressToken: progress.token };
      }
    }
    let response: unknown;
    try {
      response = await send(params, requestOptions);
    } catch (err) {
      // Both SDKs reject an aborted request with a time-out error: the signal tells them apart.
      if (signal?.aborted) return cancelled(call.tool_name, signal.reason);
      return failureFromSdkError(call.tool_name, err, what);
    } finally {
      if (progress !== undefined) progress.router.delete(progress.token);
    }
    return fromCallToolResult(response);
  };
}

function isV2(client: SdkClientLike): client is SdkV2ClientLike {
  return typeof (client as Partial<SdkV2ClientLike>).getProtocolEra === "function";
}

/** SDK v2 `SdkError` codes that mean the connection, not the call, failed. */
const CONNECTION_FAILURES: ReadonlySet<string> = new Set(["CONNECTION_CLOSED", "NOT_CONNECTED", "SEND_FAILED"]);

/**
 * What a rejected `callTool` means: a failure result when it is an answer about the
 * call; a thrown TransportError when the connection failed (see the file comment).
 */
function failureFromSdkError(toolName: string, err: unknown, what: string): MCPToolResult {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; data?: unknown } | null;
  const name = e?.name;
  const code = e?.code;
  const message = typeof e?.message === "string" ? e.message : String(err);
  // A JSON-RPC error: 1.x `McpError` (its subclasses keep the name), v2 `ProtocolError`.
  if ((name === "McpError" || name === "ProtocolError") && typeof code === "number") {
    // 1.x reports a closed connection as McpError -32000 (v2 as SdkError CONNECTION_CLOSED).
    if (code === JsonRpcErrorCodes.ConnectionClosed && name === "McpError") {
      throw new TransportError(`The connection to the ${what} closed during the call`, { cause: err });
    }
    return failureFromRpcError(toolName, { code, message, data: e?.data });
  }
  // v2 `SdkError`: local errors with string codes.
  if (name === "SdkError" && typeof code === "string") {
    if (CONNECTION_FAILURES.has(code)) {
      throw new TransportError(`The connection to the ${what} failed during the call: ${message}`, { cause: err });
    }
    const type = code === "REQUEST_TIMEOUT" ? ErrorTypes.TimeoutError : "TransportError";
    const details: Record<string, unknown> = { code, tool_name: toolName };
    if (isPlainObject(e?.data)) Object.assign(details, e.data);
    return makeResult("failure", null, { error_type: type, error_message: message, error_details: details });
  }
  // Anything else (HTTP errors, "Not connected", a failed send…) is the connection's.
  throw new TransportError(`Call to tool "${toolName}" failed: ${message}`, { cause: err });
}

/** A JSON-RPC error answer to a tools/call as a failure result. */
function failureFromRpcError(toolName: string, err: { code: number; message: string; data?: unknown }): MCPToolResult {
  const message = err.message.replace(/^MCP error -?\d+: /, "");
  let type: string;
  if (err.code === JsonRpcErrorCodes.RequestTimeout) type = ErrorTypes.TimeoutError;
  else if (/\boutput schema\b/i.test(message)) {
    // The SDK client's own check of structuredContent against a listed outputSchema
    // (-32602 for a mismatch, -32600 when it is missing).
    type = ErrorTypes.ValidationError;
  } else if (err.code === JsonRpcErrorCodes.InvalidParams) {
    type = /unknown tool|tool \S+ not found/i.test(message) ? ErrorTypes.ToolNotFound : ErrorTypes.ValidationError;
  } else type = "TransportError";
  const details: Record<string, unknown> = { code: err.code, tool_name: toolName };
  const validation = sdkValidationIssues(message);
  if (validation !== undefined) {
    type = ErrorTypes.ValidationError;
    if (validation.errors.length > 0) details.errors = validation.errors;
  }
  if (isPlainObject(err.data)) Object.assign(details, err.data);
  else if (err.data !== undefined) details.data = err.data;
  const error: MCPErrorDetail = { error_type: type, error_message: message, error_details: details };
  return makeResult("failure", null, error);
}

function cancelled(toolName: string, reason: unknown): MCPToolResult {
  const why =
    reason instanceof Error && reason.message ? `: ${reason.message}` : typeof reason === "string" ? `: ${reason}` : "";
  return makeResult("failure", null, {
    error_type: ErrorTypes.Cancelled,
    error_message: `Call to tool "${toolName}" was cancelled${why}`,
  });
}

type ProgressCallback = NonNullable<CallOptions["onProgress"]>;

interface ProgressRouter {
  add(cb: ProgressCallback): string;
  delete(token: string): void;
}

/**
 * The router of each SDK transport seen, so that every ToolTransport over one client
 * shares one wrapper of its `onmessage`. Module-level on purpose: the router belongs
 * to an SDK transport, an object this package does not own and should not add
 * properties to; a WeakMap keyed by it attaches the router without touching it and
 * lets both go together.
 */
const routers = new WeakMap<object, ProgressRouter>();
/** Module-wide, so that tokens stay unique even if two routers ever see one connection (a counter, not a cache). */
let nextToken = 0;

/** The progress router of the client's current transport; undefined when it has none to wrap. */
function progressRouter(client: SdkClientLike): ProgressRouter | undefined {
  // Read at each call: a reconnected client has a new transport.
  const transport = (client as { transport?: unknown }).transport;
  if (typeof transport !== "object" || transport === null) return undefined;
  let router = routers.get(transport);
  if (router === undefined) {
    router = interceptProgress(transport as { onmessage?: unknown });
    if (router === undefined) return undefined;
    routers.set(transport, router);
  }
  return router;
}

/**
 * Delivers `notifications/progress` for this module's own progress tokens
 * synchronously, in wire order. Why not the SDK's `onprogress`: both SDK
 * clients run notification handlers a microtask late but settle responses at
 * once, and forget the request's progress handler with its response, so a last
 * progress notification read in the same chunk as the response is dropped.
 * Here progress is taken off the transport before the SDK sees it; every other
 * message goes on to the SDK's handler unchanged.
 */
function interceptProgress(transport: { onmessage?: unknown }): ProgressRouter | undefined {
  const sdkOnMessage = transport.onmessage;
  if (typeof sdkOnMessage !== "function") return undefined;
  const callbacks = new Map<string, ProgressCallback>();
  transport.onmessage = function (this: unknown, message: unknown, ...rest: unknown[]) {
    const m = message as {
      method?: unknown;
      params?: { progressToken?: unknown; progress?: unknown; total?: unknown; message?: unknown };
    };
    if (m?.method === "notifications/progress" && typeof m.params?.progressToken === "string") {
      const callback = callbacks.get(m.params.progressToken);
      if (callback !== undefined) {
        const { progress, total, message: text } = m.params;
        if (typeof progress === "number") {
          safely(
            callback,
            progress,
            typeof total === "number" ? total : undefined,
            typeof text === "string" ? text : undefined,
          );
        }
        return;
      }
    }
    return (sdkOnMessage as (...args: unknown[]) => unknown).call(this, message, ...rest);
  };
  return {
    add(cb) {
      const token = `mcp-specgen-progress-${++nextToken}`;
      callbacks.set(token, cb);
      return token;
    },
    delete(token) {
      callbacks.delete(token);
    },
  };
}

function safely(callback: ProgressCallback, progress: number, total?: number, message?: string): void {
  try {
    callback(progress, total, message);
  } catch {
    // A failing progress callback must not break the connection's read loop.
  }
}
