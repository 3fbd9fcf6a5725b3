/**
 * MCP client transports for generated clients: `connectStdio` / `connectHttp`
 * open a connection with an official SDK `Client` (+ `StdioClientTransport` /
 * `StreamableHTTPClientTransport`) — SDK v2's `@modelcontextprotocol/client` when
 * installed, else SDK 1.x's `@modelcontextprotocol/sdk` (client-sdk.ts) — and
 * return a `ToolTransport` (transport.ts), the function a generated client calls
 * for every tool call. They are conveniences over `sdkClientTransport`
 * (sdk-client.ts), which also takes a `Client` the caller configured, and which
 * holds the error policy: failures are results, only a broken connection rejects
 * (`TransportError`).
 */
import { TransportError } from "../errors.js";
import type { ToolTransport } from "../transport.js";
import {
  type ClientSdk,
  type ClientSdkChoice,
  loadHttpClientSdk,
  loadStdioClientSdk,
  type SdkClientTransportHandle,
} from "./client-sdk.js";
import type { McpToolInfo } from "./protocol.js";
import { createSdkClientTransport, type SdkClientLike } from "./sdk-client.js";
import { collectToolPages, type ListToolsOptions, type ToolPage } from "./tool-pages.js";

/** Options shared by {@link connectStdio} and {@link connectHttp}. */
export interface McpClientOptions {
  /**
   * The official SDK to connect with: 2 (`@modelcontextprotocol/client`) or 1
   * (`@modelcontextprotocol/sdk`). Default: SDK v2 when it is installed, else 1.x.
   * Either one speaks the 2025 protocol revisions through `initialize`.
   */
  sdkVersion?: 1 | 2;
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
   * The SDK's `Client` — of `@modelcontextprotocol/client` (v2) or `@modelcontextprotocol/sdk`
   * (1.x, from `client/index.js`), see {@link McpConnection.sdkVersion} — for anything beyond
   * tools (resources, prompts, ping…): cast it to that type. It is typed `unknown` so that this
   * package's types never require an SDK, an optional peer, to be installed.
   */
  readonly client: unknown;
  /** The major version of the SDK whose `Client` this connection uses (always set by `connectStdio` / `connectHttp`). */
  readonly sdkVersion?: 1 | 2;
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
  const sdk = await loadStdioClientSdk(sdkChoice(options), "connectStdio");
  const params: ConstructorParameters<typeof sdk.Transport>[0] = {
    command: options.command,
    stderr: options.stderr ?? "inherit",
  };
  if (options.args !== undefined) params.args = options.args;
  if (options.env !== undefined) params.env = options.env;
  if (options.cwd !== undefined) params.cwd = options.cwd;
  return connect(sdk, new sdk.Transport(params), options, `stdio server "${options.command}"`);
}

/**
 * Connects to an MCP server over Streamable HTTP.
 * @throws TransportError when the server cannot be reached or the handshake fails.
 */
export async function connectHttp(options: HttpConnectOptions): Promise<McpConnection> {
  const sdk = await loadHttpClientSdk(sdkChoice(options), "connectHttp");
  const url = typeof options.url === "string" ? new URL(options.url) : options.url;
  const transport = new sdk.Transport(
    url,
    options.headers !== undefined ? { requestInit: { headers: options.headers } } : undefined,
  );
  const connection = await connect(sdk, transport, options, `HTTP server ${url.href}`);
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

function sdkChoice(options: McpClientOptions): ClientSdkChoice {
  return options.sdkVersion === 1 || options.sdkVersion === 2 ? options.sdkVersion : undefined;
}

async function connect(
  sdk: ClientSdk<unknown>,
  transport: SdkClientTransportHandle,
  options: McpClientOptions,
  what: string,
): Promise<McpConnection> {
  const client = new sdk.Client(options.clientInfo ?? { name: "mcp-specgen-client", version: "0.0.0" });
  try {
    await client.connect(transport as never, { timeout: options.connectTimeoutMs ?? 30_000 });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new TransportError(`Could not connect to the ${what}: ${messageOf(err)}`, { cause: err });
  }
  const sdkClient = client as unknown as SdkClientLike;
  return {
    // The same call path as a user's own SDK Client (sdk-client.ts).
    transport: createSdkClientTransport(
      sdkClient,
      { timeoutMs: options.timeoutMs ?? 60_000, sdkVersion: sdk.version },
      what,
    ),
    client,
    sdkVersion: sdk.version,
    serverInfo: client.getServerVersion(),
    listTools: (listOptions) =>
      collectToolPages(
        (cursor) => client.listTools(cursor === undefined ? undefined : { cursor }) as Promise<ToolPage>,
        what,
        listOptions,
      ),
    close: () => client.close(),
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
