/**
 * Real MCP on the wire: a ToolRegistry served over stdio or Streamable HTTP, and
 * MCP client transports for generated clients. The SDK is imported lazily by
 * the functions that need it, so importing this module costs nothing.
 */
export {
  ERROR_META_KEY,
  JsonRpcErrorCodes,
  LATEST_PROTOCOL_VERSION,
  LOG_LEVELS,
  STATUS_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResultWire,
  type JsonRpcId,
  type JsonRpcMessage,
  type McpToolInfo,
} from "./protocol.js";
export { fromCallToolResult, toCallToolResult } from "./content.js";
export {
  InputReplay,
  InputRequiredSignal,
  type InputRequest,
  type InputRequiredResultWire,
} from "./input-required.js";
export {
  McpSession,
  ServerCore,
  toolInfo,
  type McpServerOptions,
  type MessageSink,
  type SessionFlags,
} from "./session.js";
export { serveStdio, type McpServerHandle, type StdioServerOptions } from "./stdio-server.js";
export { serveHttp, type HttpServerOptions, type McpHttpServerHandle } from "./http-server.js";
export {
  connectHttp,
  connectStdio,
  type HttpConnectOptions,
  type McpClientOptions,
  type McpConnection,
  type StdioConnectOptions,
} from "./client.js";
