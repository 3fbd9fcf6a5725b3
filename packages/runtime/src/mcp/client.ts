/**
 * MCP client transports for generated clients: `connectStdio` / `connectHttp`
 * open a connection with the SDK 1.x `Client` (+ `StdioClientTransport` /
 * `StreamableHTTPClientTransport`) and return a `ToolTransport` (transport.ts),
 * the function a generated client calls for every tool call. They are
 * conveniences over `sdkClientTransport` (sdk-client.ts), which also takes
 * a `Client` the caller configured, and which holds the error policy: failures
 * are results, only a broken connection rejects (`TransportError`).
 */
import { TransportError } from "../errors.js";
import type { ToolTransport } from "../transport.js";
import type { McpToolInfo } from "./protocol.js";
import { createSdkClientTransport } from "./sdk-client.js";
import { loadSdk } from "./sdk.js";
import { collectToolPages, type ListToolsOptions } from "./tool-pages.js";

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
  /**
   * All the server's tools (every `tools/list` page), as MCP describes them.
   * @throws TransportError when the server's pages loop (a cursor sent twice) or run past
   *   `maxPages` (default 1,000).
   */
  listTools(options?: ListToolsOptions): Promise<McpToolInfo[]>;
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
  const client = new Client(options.clientInfo ?? { name: "mcp-specgen-client", version: "0.0.0" });
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs ?? 30_000 });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new TransportError(`Could not connect to the ${what}: ${messageOf(err)}`, { cause: err });
  }
  return {
    // The same call path as a user's own SDK Client (sdk-client.ts).
    transport: createSdkClientTransport(client, { timeoutMs: options.timeoutMs ?? 60_000, sdkVersion: 1 }, what),
    client,
    serverInfo: client.getServerVersion(),
    listTools: (listOptions) =>
      collectToolPages((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }), what, listOptions),
    close: () => client.close(),
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
