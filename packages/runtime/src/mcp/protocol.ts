/**
 * MCP / JSON-RPC constants and the few wire types the server and client layers
 * share. No run-time dependencies: the SDK is loaded lazily by the files that
 * open transports, so importing the runtime never pays for it.
 */
import type { LogLevel } from "../logger.js";

/**
 * The 2025-era revisions this server negotiates through `initialize`, newest first
 * (the first is offered when the client's is unknown). The 2026-07-28 revision is
 * not among them: it has no `initialize` (see {@link MODERN_PROTOCOL_VERSIONS}), and
 * offering it there would hand a 2025 client a version it cannot speak.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze([
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
]);

/** The newest 2025-era revision this server speaks (what `initialize` offers). */
export const LATEST_PROTOCOL_VERSION = "2025-11-25";

/** The first revision of the stateless era: no `initialize`, a `_meta` envelope on every request. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** Stateless-era revisions this server speaks (what `server/discover` lists as `supportedVersions`). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = Object.freeze([MODERN_PROTOCOL_VERSION]);

/** True for a revision of the stateless era (2026-07-28 or later: revisions are ISO dates, so they sort). */
export function isModernProtocolVersion(version: string): boolean {
  return version >= MODERN_PROTOCOL_VERSION;
}

/**
 * Reserved `_meta` keys of the 2026-07-28 per-request envelope (and of result
 * `_meta`), as SDK v2's core names them. A request claims the 2026-07-28 era when
 * its `_meta` has {@link PROTOCOL_VERSION_META_KEY}.
 */
export const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";
/** Request `_meta`: the client's implementation info (optional; display only). */
export const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";
/** Request `_meta`: the client's capabilities for this request (required on 2026-07-28). */
export const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";
/** Request `_meta`: the lowest log level the client wants for this request; absent: no log notifications. */
export const LOG_LEVEL_META_KEY = "io.modelcontextprotocol/logLevel";
/** Result `_meta`: the server's implementation info (servers SHOULD send it on every 2026-07-28 result). */
export const SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo";

/** JSON-RPC 2.0 error codes used on the wire (plus the MCP/SDK ones a client can see). */
export const JsonRpcErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** SDK: the connection closed before the response arrived. */
  ConnectionClosed: -32000,
  /** SDK: the request timed out (also what the SDK client reports for an aborted request). */
  RequestTimeout: -32001,
  /** 2026-07-28 Streamable HTTP: the `MCP-Protocol-Version` / `Mcp-Method` / `Mcp-Name` headers disagree with the body (HTTP 400). */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability its envelope does not declare (HTTP 400). */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the request's protocol version is not one the server speaks; `data: {supported, requested}`. */
  UnsupportedProtocolVersion: -32022,
} as const;

/** RFC 5424 severities in increasing order, as MCP `logging/setLevel` and `notifications/message` use them. */
export const LOG_LEVELS: readonly LogLevel[] = Object.freeze([
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
]);

/**
 * `_meta` key carrying a result's MCPToolResult status when it is not plain `success`
 * (`partial_success`, `no_change_needed`): MCP's CallToolResult has no status, so
 * without it the status would be lost on the way through MCP. Not an MCP-reserved
 * prefix (those are `modelcontextprotocol` / `mcp` labels).
 */
export const STATUS_META_KEY = "mcp-specgen/status";

/**
 * `_meta` key set (`true`) when a result's first text block is its data as JSON and
 * that data is a scalar sent without `structuredContent` (2025 revisions): `42` or
 * `"hi"` as text cannot be told from prose otherwise.
 */
export const DATA_TEXT_META_KEY = "mcp-specgen/data-text";

/** `_meta` key carrying the MCPErrorDetail of a `partial_success` result. */
export const ERROR_META_KEY = "mcp-specgen/error";

/** A JSON-RPC request / response id. */
export type JsonRpcId = string | number;

/** Any JSON-RPC 2.0 message, loosely typed (the server checks fields by hand). */
export interface JsonRpcMessage {
  jsonrpc: "2.0";
  id?: JsonRpcId | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** A tool as `tools/list` sends it. */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/**
 * What `tools/call` returns on the wire (MCP CallToolResult). `structuredContent`
 * is a JSON object up to 2025-11-25 and any JSON value since 2026-07-28 (SEP-2106);
 * `resultType` (`"complete"`) is set on 2026-07-28 results only.
 */
export interface CallToolResultWire {
  content: Record<string, unknown>[];
  structuredContent?: unknown;
  isError?: boolean;
  resultType?: string;
  _meta?: Record<string, unknown>;
}
