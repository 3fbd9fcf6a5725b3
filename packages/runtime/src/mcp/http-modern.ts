/**
 * The 2026-07-28 side of the Streamable HTTP server: which POSTs belong to it,
 * the header checks it requires, and serving one request without a session.
 *
 * {@link classifyPost} follows SDK v2's `classifyInboundRequest` (body first: a
 * request is 2026-07-28 when its `params._meta` carries the envelope claim; the
 * `MCP-Protocol-Version` header only cross-checks), then the version gate and
 * `validateStandardRequestHeaders` of its `createMcpHandler`: the
 * `MCP-Protocol-Version` and `Mcp-Method` headers must be present and agree with
 * the body, `Mcp-Name` must mirror `params.name` (`tools/call`, `prompts/get`) /
 * `params.uri` (`resources/read`) / `params.taskId` (`tasks/*`), plain or as
 * `=?base64?…?=`. A disagreement is HTTP 400 with JSON-RPC -32020 (HeaderMismatch,
 * `data.mismatch = {header, body}`), a malformed envelope 400 / -32602, a revision
 * not spoken here 400 / -32022. Everything else is 2025-era traffic for the
 * session machinery in http-server.ts.
 *
 * A 2026-07-28 request is stateless: it gets a session of its own (session.ts,
 * one request long) and a {@link ModernExchange} as the sink, which answers with
 * plain JSON, or switches to an SSE stream when a notification (progress, log)
 * comes before the response — like SDK v2's `PerRequestHTTPServerTransport` in
 * its default mode. Closing the request cancels the call.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isPlainObject } from "./content.js";
import type { SlowReaderGuard } from "./http-backpressure.js";
import {
  envelopeClaim,
  envelopeError,
  envelopeIssue,
  isModernInitialize,
  unsupportedVersionError,
} from "./envelope.js";
import type { WireError } from "./envelope.js";
import {
  CLIENT_CAPABILITIES_META_KEY,
  isModernProtocolVersion,
  JsonRpcErrorCodes,
  MODERN_PROTOCOL_VERSIONS,
  PROTOCOL_VERSION_META_KEY,
  type JsonRpcId,
  type JsonRpcMessage,
} from "./protocol.js";
import type { ServerCore } from "./server-core.js";
import { McpSession, type MessageSink } from "./session.js";

/** Where a POST goes: the 2025 machinery, a 2026-07-28 request or notification, or an error answer. */
export type HttpRoute =
  | { kind: "legacy" }
  | { kind: "modern-request"; message: Record<string, unknown> }
  | { kind: "modern-notification" }
  | { kind: "reject"; status: number; error: WireError; id: JsonRpcId | null };

const LEGACY: HttpRoute = Object.freeze({ kind: "legacy" });
const MODERN_NOTIFICATION: HttpRoute = Object.freeze({ kind: "modern-notification" });

/** The body field `Mcp-Name` mirrors, per method (SDK v2 `MCP_NAME_HEADER_SOURCE`: SEP-2243, SEP-2663). */
const MCP_NAME_SOURCE: Readonly<Record<string, string>> = Object.freeze({
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
});

/**
 * Routes a parsed POST body (already shape-checked by the caller) by era, and
 * answers the 2026-07-28 header and envelope checks (see the file comment).
 */
export function classifyPost(body: unknown, headers: IncomingHttpHeaders): HttpRoute {
  const versionHeader = headerValue(headers, "mcp-protocol-version");
  const methodHeader = headerValue(headers, "mcp-method");
  if (Array.isArray(body)) {
    for (const element of body) {
      if (isPlainObject(element) && envelopeClaim(element.params) !== undefined)
        return reject(
          JsonRpcErrorCodes.InvalidRequest,
          "Bad Request: JSON-RPC batches may not contain requests for protocol revision 2026-07-28 or later",
        );
    }
    return LEGACY;
  }
  if (!isPlainObject(body) || typeof body.method !== "string") return LEGACY; // a posted response
  const method = body.method;
  const params = body.params;
  const headerNamesModern = versionHeader !== undefined && isModernProtocolVersion(versionHeader);
  const meta = envelopeClaim(params);
  if (body.id === undefined) {
    // A notification: the claim's version is checked, the standard headers only when present.
    if (meta === undefined) {
      if (!headerNamesModern) return LEGACY;
      if (methodHeader !== undefined && methodHeader !== method)
        return mismatch(
          methodHeader,
          `the notification body names method ${method} but the Mcp-Method header names ${methodHeader}`,
        );
      return MODERN_NOTIFICATION;
    }
    const claimed = meta[PROTOCOL_VERSION_META_KEY];
    if (typeof claimed !== "string")
      return rejectWith(
        envelopeError({ key: PROTOCOL_VERSION_META_KEY, problem: "expected a protocol version string" }),
      );
    if (versionHeader !== undefined && versionHeader !== claimed)
      return mismatch(
        versionHeader,
        `the notification envelope names protocol version ${claimed} but the MCP-Protocol-Version header names ${versionHeader}`,
      );
    if (methodHeader !== undefined && methodHeader !== method && isModernProtocolVersion(claimed))
      return mismatch(
        methodHeader,
        `the notification body names method ${method} but the Mcp-Method header names ${methodHeader}`,
      );
    if (!MODERN_PROTOCOL_VERSIONS.includes(claimed)) return rejectWith(unsupportedVersionError(claimed));
    return MODERN_NOTIFICATION;
  }
  const id = body.id as JsonRpcId;
  if (method === "initialize" && (meta === undefined || !isModernInitialize(meta))) {
    if (headerNamesModern)
      return mismatch(
        versionHeader,
        "an initialize request (legacy handshake) was sent with a modern MCP-Protocol-Version header",
        id,
      );
    return LEGACY;
  }
  if (meta === undefined) {
    if (!headerNamesModern) return LEGACY;
    const metaObject = isPlainObject(params) && isPlainObject(params._meta) ? params._meta : undefined;
    const missing =
      metaObject === undefined
        ? ["_meta"]
        : [
            PROTOCOL_VERSION_META_KEY,
            ...(metaObject[CLIENT_CAPABILITIES_META_KEY] === undefined ? [CLIENT_CAPABILITIES_META_KEY] : []),
          ];
    return rejectWith(
      {
        code: JsonRpcErrorCodes.InvalidParams,
        message: `Invalid params: the MCP-Protocol-Version header names protocol revision ${versionHeader}, but the request is missing the required per-request envelope key(s): ${missing.join(", ")}`,
        data: { envelope: { missing } },
      },
      id,
    );
  }
  const issue = envelopeIssue(meta);
  if (issue !== undefined) return rejectWith(envelopeError(issue), id);
  const claimed = meta[PROTOCOL_VERSION_META_KEY] as string;
  if (versionHeader !== undefined && versionHeader !== claimed)
    return mismatch(
      versionHeader,
      `the body envelope names protocol version ${claimed} but the MCP-Protocol-Version header names ${versionHeader}`,
      id,
    );
  if (methodHeader !== undefined && methodHeader !== method)
    return mismatch(
      methodHeader,
      `the body names method ${method} but the Mcp-Method header names ${methodHeader}`,
      id,
    );
  if (!MODERN_PROTOCOL_VERSIONS.includes(claimed)) return rejectWith(unsupportedVersionError(claimed), id);
  // SEP-2243: the standard headers are required on every 2026-07-28 request POST.
  if (versionHeader === undefined)
    return mismatch(
      "(missing)",
      `the body envelope names protocol version ${claimed} but the required MCP-Protocol-Version header is absent`,
      id,
    );
  if (methodHeader === undefined)
    return mismatch("(missing)", `the body names method ${method} but the required Mcp-Method header is absent`, id);
  const field = Object.hasOwn(MCP_NAME_SOURCE, method) ? MCP_NAME_SOURCE[method] : undefined;
  if (field !== undefined) {
    const raw = isPlainObject(params) ? params[field] : undefined;
    const bodyValue = typeof raw === "string" ? raw : undefined;
    const nameHeader = headerValue(headers, "mcp-name");
    if (nameHeader === undefined) {
      if (bodyValue !== undefined)
        return mismatch(
          "(missing)",
          `the body carries params.${field}="${bodyValue}" but the required Mcp-Name header is absent`,
          id,
        );
    } else {
      const decoded = decodeMcpParamValue(nameHeader);
      if (decoded === undefined)
        return mismatch(nameHeader, "the Mcp-Name header carries an invalid Base64 sentinel value", id);
      if (bodyValue !== undefined && decoded !== bodyValue)
        return mismatch(
          nameHeader,
          `the body carries params.${field}="${bodyValue}" but the Mcp-Name header names "${decoded}"`,
          id,
        );
    }
  }
  return { kind: "modern-request", message: body };
}

/** A header's value with optional whitespace (RFC 9110 OWS) stripped; repeated headers are joined by Node. */
function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value.join(", ") : value;
  return text === undefined ? undefined : trimOws(text);
}

/** Strips spaces and tabs at both ends by scanning (a `[ \t]+$` regex backtracks on long inner runs). */
function trimOws(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return text.slice(start, end);
}

function reject(code: number, message: string, id: JsonRpcId | null = null): HttpRoute {
  return { kind: "reject", status: 400, error: { code, message }, id };
}

function rejectWith(error: WireError, id: JsonRpcId | null = null): HttpRoute {
  return { kind: "reject", status: 400, error, id };
}

/** SDK v2's -32020 HeaderMismatch rejection (HTTP 400). */
function mismatch(header: string, body: string, id: JsonRpcId | null = null): HttpRoute {
  return rejectWith(
    {
      code: JsonRpcErrorCodes.HeaderMismatch,
      message: `Bad Request: the request headers and body disagree: ${body}`,
      data: { mismatch: { header, body } },
    },
    id,
  );
}

const BASE64_SENTINEL_PREFIX = "=?base64?";
const BASE64_SENTINEL_SUFFIX = "?=";
const BASE64_CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * An `Mcp-Name` / `Mcp-Param-*` value: as is, or the UTF-8 text of a
 * `=?base64?…?=` sentinel; undefined for a sentinel whose payload is not canonical
 * Base64 of valid UTF-8 (SDK v2 `decodeMcpParamValue`, which servers must refuse).
 */
export function decodeMcpParamValue(value: string): string | undefined {
  if (!(value.startsWith(BASE64_SENTINEL_PREFIX) && value.endsWith(BASE64_SENTINEL_SUFFIX))) return value;
  const b64 = value.slice(BASE64_SENTINEL_PREFIX.length, value.length - BASE64_SENTINEL_SUFFIX.length);
  if (!BASE64_CANONICAL.test(b64)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(b64, "base64"));
  } catch {
    return undefined;
  }
}

/**
 * HTTP statuses of errors answered before a request reaches a handler (SDK v2
 * `LADDER_ERROR_HTTP_STATUS`); errors a handler or its params produce stay 200.
 */
const LADDER_STATUS: ReadonlyMap<number, number> = new Map([
  [JsonRpcErrorCodes.ParseError, 400],
  [JsonRpcErrorCodes.InvalidRequest, 400],
  [JsonRpcErrorCodes.MethodNotFound, 404],
  [JsonRpcErrorCodes.UnsupportedProtocolVersion, 400],
  [JsonRpcErrorCodes.MissingRequiredClientCapability, 400],
  [JsonRpcErrorCodes.HeaderMismatch, 400],
]);

const SSE_HEADERS = Object.freeze({
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
});

/**
 * The sink of one 2026-07-28 request: the response as a JSON body, or — once a
 * notification comes first and the client accepts SSE — an SSE stream of
 * `event: message` frames ending with the response. Without SSE (JSON response
 * mode, or an `Accept` without `text/event-stream`) notifications are dropped.
 */
export class ModernExchange implements MessageSink {
  /** Set while the request is dispatched synchronously: errors then are pre-handler (see LADDER_STATUS). */
  dispatching = false;
  private streaming = false;
  private done = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly sseAllowed: boolean,
    private readonly readers: SlowReaderGuard,
  ) {}

  send(message: JsonRpcMessage): void {
    if (this.done || this.res.destroyed || this.res.writableEnded) return;
    const body = JSON.stringify(message); // may throw: the session answers -32603 instead
    if (message.method === undefined) {
      this.done = true;
      if (this.streaming) {
        this.res.end(`event: message\ndata: ${body}\n\n`);
        return;
      }
      const code = message.error?.code;
      const status = this.dispatching && code !== undefined ? (LADDER_STATUS.get(code) ?? 200) : 200;
      this.res.writeHead(status, { "Content-Type": "application/json" });
      this.res.end(body);
      return;
    }
    if (!this.sseAllowed) return;
    if (!this.streaming) {
      this.streaming = true;
      this.res.writeHead(200, SSE_HEADERS);
    }
    // Notifications are best effort: a client that does not read its stream gets
    // no more of them once `maxBufferedResponseBytes` wait, instead of growing memory.
    if (this.readers.congested(this.res)) return;
    this.res.write(`event: message\ndata: ${body}\n\n`);
  }
}

/**
 * Serves one 2026-07-28 request (routed by {@link classifyPost}) on its own
 * one-request session; the request closing early cancels its call.
 */
export function serveModernRequest(
  core: ServerCore,
  req: IncomingMessage,
  res: ServerResponse,
  message: Record<string, unknown>,
  jsonResponse: boolean,
  readers: SlowReaderGuard,
): void {
  const accept = req.headers.accept;
  const sseAllowed = !jsonResponse && (accept === undefined || /text\/event-stream|\*\/\*/i.test(accept));
  const exchange = new ModernExchange(res, sseAllowed, readers);
  const session = new McpSession(core, exchange, { respondToCancelled: true });
  res.once("close", () => session.close());
  exchange.dispatching = true;
  try {
    session.handleMessage(message);
  } finally {
    exchange.dispatching = false;
  }
}
