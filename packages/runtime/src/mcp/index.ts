/**
 * Real MCP on the wire: a ToolRegistry served over stdio or Streamable HTTP, and
 * MCP client transports for generated clients. The SDK is imported lazily by
 * the functions that need it, so importing this module costs nothing.
 */
export {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  DATA_TEXT_META_KEY,
  ERROR_META_KEY,
  isModernProtocolVersion,
  JsonRpcErrorCodes,
  LATEST_PROTOCOL_VERSION,
  LOG_LEVEL_META_KEY,
  LOG_LEVELS,
  MODERN_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  STATUS_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResultWire,
  type JsonRpcId,
  type JsonRpcMessage,
  type McpToolInfo,
} from "./protocol.js";
export { fromCallToolResult, toCallToolResult, type CallToolResultOptions } from "./content.js";
export {
  encodeRequestState,
  InputReplay,
  inputRequiredWire,
  MAX_REQUEST_STATE_LENGTH,
  type InputReplayState,
  type InputRequest,
  type InputRequiredResultWire,
  type ReplayOutcome,
} from "./input-required.js";
export { ServerCore, toolInfo, type McpServerOptions } from "./server-core.js";
export { McpSession, type MessageSink, type SessionFlags } from "./session.js";
export {
  registerSdkTools,
  type SdkMcpServer,
  type SdkRegisteredTool,
  type SdkToolsOptions,
} from "./sdk-server.js";
export { serveStdio, type McpServerHandle, type StdioServerOptions } from "./stdio-server.js";
export { serveHttp, type HttpServerOptions, type McpHttpServerHandle } from "./http-server.js";
export { DEFAULT_STALL_MS, type WatchdogOptions } from "./watchdog.js";
export type { HttpLimitOptions, HttpServerStats } from "./http-limits.js";
export {
  connectHttp,
  connectStdio,
  type HttpConnectOptions,
  type McpClientOptions,
  type McpConnection,
  type StdioConnectOptions,
} from "./client.js";
export { DEFAULT_MAX_TOOL_PAGES, type ListToolsOptions } from "./tool-pages.js";
export {
  sdkClientTransport,
  type SdkClientCallParams,
  type SdkClientLike,
  type SdkClientTransportOptions,
  type SdkClientRequestOptions,
  type SdkV1ClientLike,
  type SdkV2ClientLike,
} from "./sdk-client.js";
