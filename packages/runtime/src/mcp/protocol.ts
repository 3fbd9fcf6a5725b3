/**
 * MCP / JSON-RPC constants and the few wire types the server and client layers
 * share. No run-time dependencies: the SDK is loaded lazily by the files that
 * open transports, so importing the runtime never pays for it.
 */
import type { LogLevel } from "../logger.js";

/** Protocol revisions this server speaks, newest first (the first is offered when the client's is unknown). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze([
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
]);

/** The newest revision this server speaks. */
export const LATEST_PROTOCOL_VERSION = "2025-11-25";

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

/** What `tools/call` returns on the wire (MCP CallToolResult). */
export interface CallToolResultWire {
  content: Record<string, unknown>[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}
