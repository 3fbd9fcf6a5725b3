/**
 * MCP client transports for generated clients: `connectStdio` / `connectHttp`
 * open a connection with the SDK's `Client` (+ `StdioClientTransport` /
 * `StreamableHTTPClientTransport`) and return a `ToolTransport` (transport.ts),
 * the function a generated client calls for every tool call.
 *
 * Error policy: the transport function resolves to a `failure` MCPToolResult for
 * everything that is an answer about the call — tool errors (`isError`), JSON-RPC
 * errors for the request (unknown tool → `ToolNotFound`, other -32602 →
 * `ValidationError`, anything else → `TransportError`), time-outs (`TimeoutError`)
 * and cancellation through the caller's signal (`Cancelled`). It rejects with a
 * {@link TransportError} only when the connection itself fails (closed, refused,
 * not connected), when nothing about the call can be said.
 */
import { ErrorTypes } from "../error-types.js";
import { TransportError } from "../errors.js";
import { makeResult } from "../result.js";
import type { ToolTransport } from "../transport.js";
import type { MCPErrorDetail, MCPToolResult } from "../types.js";
import { fromCallToolResult, isPlainObject } from "./content.js";
import { JsonRpcErrorCodes, type McpToolInfo } from "./protocol.js";
import { loadSdk } from "./sdk.js";

type SdkTransport = import("@modelcontextprotocol/sdk/shared/transport.js").Transport;

/** Options shared by {@link connectStdio} and {@link connectHttp}. */
export interface McpClientOptions {
  /** `clientInfo` sent in `initialize`. Default `{name: "mcp-specgen-client", version: "0.0.0"}`. */
  clientInfo?: { name: string; version: string };
  /** Default time limit of a call in ms. Default 60 000 (the SDK's). */
  timeoutMs?: number;
  /** Time limit of the `initialize` handshake in ms. Default 30 000. */
  connectTimeoutMs?: number;
}

/** Options of {@link connectStdio}: how to start the server process. */
export interface StdioConnectOptions extends McpClientOptions {
  command: string;
  args?: string[];
  /** Extra environment variables (added to the SDK's safe default set: PATH, HOME…, not the whole environment). */
  env?: Record<string, string>;
  cwd?: string;
  /** The server's stderr: `"inherit"` (default), `"ignore"` or `"pipe"`. */
  stderr?: "inherit" | "ignore" | "pipe";
}

/** Options of {@link connectHttp}. */
export interface HttpConnectOptions extends McpClientOptions {
  /** The server's MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url: string | URL;
  /** Extra headers on every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
}

/** An open MCP connection. */
export interface McpConnection {
  /** The tool-call function to hand to a generated client (`createToolCaller(connection.transport)`). */
  readonly transport: ToolTransport;
  /** All the server's tools (every `tools/list` page), as MCP describes them. */
  listTools(): Promise<McpToolInfo[]>;
  /** The server's `serverInfo` from `initialize`. */
  readonly serverInfo: { name: string; version: string; title?: string } | undefined;
  /**
   * The SDK's `Client` (from `@modelcontextprotocol/sdk/client/index.js`), for anything beyond
   * tools (resources, prompts, ping…): cast it to that type. It is typed `unknown` so that this
   * package's types never require the SDK, an optional peer, to be installed.
   */
  readonly client: unknown;
  /** Closes the connection (stdio: ends the server process; HTTP: ends the session). */
  close(): Promise<void>;
}

/**
 * Starts an MCP server process and connects to it over stdio.
 * @throws TransportError when the process cannot be started or the handshake fails.
 *
 * @example
 * ```ts
 * const mcp = await connectStdio({ command: "npx", args: ["-y", "some-mcp-server"] });
 * const result = await mcp.transport({ tool_name: "echo", arguments: { message: "hi" } });
 * await mcp.close();
 * ```
 */
export async function connectStdio(options: StdioConnectOptions): Promise<McpConnection> {
  const { StdioClientTransport } = await loadSdk(
    () => import("@modelcontextprotocol/sdk/client/stdio.js"),
    "connectStdio",
  );
  const params: ConstructorParameters<typeof StdioClientTransport>[0] = {
    command: options.command,
    stderr: options.stderr ?? "inherit",
  };
  if (options.args !== undefined) params.args = options.args;
  if (options.env !== undefined) params.env = options.env;
  if (options.cwd !== undefined) params.cwd = options.cwd;
  return connect(new StdioClientTransport(params), options, `stdio server "${options.command}"`);
}

/**
 * Connects to an MCP server over Streamable HTTP.
 * @throws TransportError when the server cannot be reached or the handshake fails.
 */
export async function connectHttp(options: HttpConnectOptions): Promise<McpConnection> {
  const { StreamableHTTPClientTransport } = await loadSdk(
    () => import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    "connectHttp",
  );
  const url = typeof options.url === "string" ? new URL(options.url) : options.url;
  const transport = new StreamableHTTPClientTransport(
    url,
    options.headers !== undefined ? { requestInit: { headers: options.headers } } : undefined,
  );
  const connection = await connect(transport, options, `HTTP server ${url.href}`);
  const close = connection.close;
  return {
    ...connection,
    async close() {
      // Tell a stateful server to drop the session (ignored by stateless ones).
      await transport.terminateSession().catch(() => undefined);
      await close();
    },
  };
}

async function connect(transport: SdkTransport, options: McpClientOptions, what: string): Promise<McpConnection> {
  const { Client } = await loadSdk(
    () => import("@modelcontextprotocol/sdk/client/index.js"),
    "an MCP client connection",
  );
  const { McpError } = await loadSdk(() => import("@modelcontextprotocol/sdk/types.js"), "an MCP client connection");
  const client = new Client(options.clientInfo ?? { name: "mcp-specgen-client", version: "0.0.0" });
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs ?? 30_000 });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new TransportError(`Could not connect to the ${what}: ${messageOf(err)}`, { cause: err });
  }
  const defaultTimeout = options.timeoutMs ?? 60_000;
  const isMcpError = (err: unknown): err is { code: number; message: string; data?: unknown } =>
    err instanceof McpError;
  const progress = interceptProgress(transport);

  const callTool: ToolTransport = async (call, callOptions) => {
    const signal = callOptions?.signal;
    const onProgress = callOptions?.onProgress;
    const timeout = callOptions?.timeoutMs ?? defaultTimeout;
    if (signal?.aborted) return cancelled(call.tool_name, signal.reason);
    const params: { name: string; arguments: Record<string, unknown>; _meta?: { progressToken: string } } = {
      name: call.tool_name,
      arguments: call.arguments as Record<string, unknown>,
    };
    const token = onProgress === undefined ? undefined : progress.add(onProgress);
    if (token !== undefined) params._meta = { progressToken: token };
    let response: unknown;
    try {
      response = await client.callTool(params, undefined, { signal, timeout });
    } catch (err) {
      // The SDK rejects an aborted request with a RequestTimeout McpError: the signal tells them apart.
      if (signal?.aborted) return cancelled(call.tool_name, signal.reason);
      if (isMcpError(err)) {
        if (err.code === JsonRpcErrorCodes.ConnectionClosed) {
          throw new TransportError(`The connection to the ${what} closed during the call`, { cause: err });
        }
        return failureFromRpcError(call.tool_name, err);
      }
      throw new TransportError(`Call to tool "${call.tool_name}" failed: ${messageOf(err)}`, { cause: err });
    } finally {
      if (token !== undefined) progress.delete(token);
    }
    return fromCallToolResult(response);
  };

  return {
    transport: callTool,
    client,
    serverInfo: client.getServerVersion(),
    async listTools() {
      const tools: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor });
        for (const tool of page.tools) tools.push(tool as unknown as McpToolInfo);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    },
    close: () => client.close(),
  };
}

type ProgressCallback = (progress: number, total?: number, message?: string) => void;

/**
 * Delivers `notifications/progress` for this client's own progress tokens
 * synchronously, in wire order. Why not the SDK's `onprogress`: the SDK client
 * runs notification handlers a microtask late but settles responses at once,
 * and forgets the request's progress handler with its response, so a last
 * progress notification read in the same chunk as the response is dropped.
 * Here progress is taken off the transport before the SDK sees it.
 */
function interceptProgress(transport: SdkTransport): {
  add(cb: ProgressCallback): string;
  delete(token: string): void;
} {
  const callbacks = new Map<string, ProgressCallback>();
  let next = 0;
  const sdkOnMessage = transport.onmessage;
  if (sdkOnMessage !== undefined) {
    transport.onmessage = (message, extra) => {
      const m = message as {
        method?: unknown;
        params?: { progressToken?: unknown; progress?: unknown; total?: unknown; message?: unknown };
      };
      if (m.method === "notifications/progress" && typeof m.params?.progressToken === "string") {
        const callback = callbacks.get(m.params.progressToken);
        if (callback !== undefined) {
          const { progress, total, message: text } = m.params;
          if (typeof progress === "number") {
            try {
              callback(
                progress,
                typeof total === "number" ? total : undefined,
                typeof text === "string" ? text : undefined,
              );
            } catch {
              // A failing progress callback must not break the connection's read loop.
            }
          }
          return;
        }
      }
      sdkOnMessage(message, extra);
    };
  }
  return {
    add(cb) {
      const token = `mcp-specgen-progress-${++next}`;
      callbacks.set(token, cb);
      return token;
    },
    delete(token) {
      callbacks.delete(token);
    },
  };
}

function cancelled(toolName: string, reason: unknown): MCPToolResult {
  const why =
    reason instanceof Error && reason.message ? `: ${reason.message}` : typeof reason === "string" ? `: ${reason}` : "";
  return makeResult("failure", null, {
    error_type: ErrorTypes.Cancelled,
    error_message: `Call to tool "${toolName}" was cancelled${why}`,
  });
}

/** A JSON-RPC error answer to a tools/call as a failure result. */
function failureFromRpcError(toolName: string, err: { code: number; message: string; data?: unknown }): MCPToolResult {
  const message = err.message.replace(/^MCP error -?\d+: /, "");
  let type: string;
  if (err.code === JsonRpcErrorCodes.RequestTimeout) type = ErrorTypes.TimeoutError;
  else if (err.code === JsonRpcErrorCodes.InvalidParams) {
    type = /unknown tool|tool \S+ not found/i.test(message) ? ErrorTypes.ToolNotFound : ErrorTypes.ValidationError;
  } else type = "TransportError";
  const details: Record<string, unknown> = { code: err.code, tool_name: toolName };
  if (isPlainObject(err.data)) Object.assign(details, err.data);
  else if (err.data !== undefined) details.data = err.data;
  const error: MCPErrorDetail = { error_type: type, error_message: message, error_details: details };
  return makeResult("failure", null, error);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
