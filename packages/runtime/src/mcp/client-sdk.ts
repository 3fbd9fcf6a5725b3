/**
 * Which official MCP SDK client `connectStdio` / `connectHttp` (client.ts) build on:
 * SDK v2 (`@modelcontextprotocol/client`) when it is installed, else SDK 1.x
 * (`@modelcontextprotocol/sdk`). Both are optional peers, loaded on first use, so a
 * project installs only the one it wants; v2 comes first because it is the current
 * line and much smaller.
 *
 * Nothing here depends on either package's types: the classes are described by the
 * few members client.ts uses, which both majors have with the same meaning.
 */
import { TransportError } from "../errors.js";

/** An SDK transport, opaque here (either major's `Transport`). */
export type SdkClientTransportHandle = object;

/** The members of an SDK `Client` (v2 or 1.x) that `connectStdio` / `connectHttp` use. */
export interface SdkClientInstance {
  connect(transport: never, options?: { timeout?: number }): Promise<void>;
  close(): Promise<void>;
  getServerVersion(): { name: string; version: string; title?: string } | undefined;
  listTools(params?: { cursor?: string }): Promise<unknown>;
}

/** An SDK `StreamableHTTPClientTransport` (v2 or 1.x), as far as it is used. */
export interface SdkHttpTransportInstance extends SdkClientTransportHandle {
  terminateSession(): Promise<void>;
}

/** `StdioClientTransport`'s parameters, which both majors share. */
export interface SdkStdioParams {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  stderr?: "inherit" | "ignore" | "pipe";
}

/** The client side of one SDK major: its `Client` and the transport a connection needs. */
export interface ClientSdk<T> {
  /** 2: `@modelcontextprotocol/client`; 1: `@modelcontextprotocol/sdk`. */
  readonly version: 1 | 2;
  readonly Client: new (
    info: { name: string; version: string },
    options?: Record<string, unknown>,
  ) => SdkClientInstance;
  readonly Transport: T;
}

type StdioTransportClass = new (params: SdkStdioParams) => SdkClientTransportHandle;
type HttpTransportClass = new (
  url: URL,
  options?: { requestInit?: { headers?: Record<string, string> } },
) => SdkHttpTransportInstance;

/** Which SDK major to load: 2 or 1 only, or (undefined) v2 when installed, else 1.x. */
export type ClientSdkChoice = 1 | 2 | undefined;

const V2 = "@modelcontextprotocol/client";
const V1 = "@modelcontextprotocol/sdk";

/** The SDK client and `StdioClientTransport` (see the file comment for which SDK). */
export function loadStdioClientSdk(choice: ClientSdkChoice, feature: string): Promise<ClientSdk<StdioTransportClass>> {
  return loadClientSdk(choice, feature, stdioV2, stdioV1) as Promise<ClientSdk<StdioTransportClass>>;
}

/** The SDK client and `StreamableHTTPClientTransport` (see the file comment for which SDK). */
export function loadHttpClientSdk(choice: ClientSdkChoice, feature: string): Promise<ClientSdk<HttpTransportClass>> {
  return loadClientSdk(choice, feature, httpV2, httpV1) as Promise<ClientSdk<HttpTransportClass>>;
}

/** What a loader gives: the client and transport classes, or why the import failed. */
type Loaded = { Client: unknown; Transport: unknown } | { error: unknown };

// Each import is awaited directly in a `try`: bundlers such as esbuild accept an import they
// cannot resolve only there (not inside a `Promise.all`), so a project bundling the runtime
// with one SDK still builds.

async function stdioV2(): Promise<Loaded> {
  try {
    // `/stdio` is a subpath of its own: Node only, kept apart from the browser-safe entry.
    const client = await import("@modelcontextprotocol/client");
    const stdio = await import("@modelcontextprotocol/client/stdio");
    return { Client: client.Client, Transport: stdio.StdioClientTransport };
  } catch (error) {
    return { error };
  }
}

async function stdioV1(): Promise<Loaded> {
  try {
    const client = await import("@modelcontextprotocol/sdk/client/index.js");
    const stdio = await import("@modelcontextprotocol/sdk/client/stdio.js");
    return { Client: client.Client, Transport: stdio.StdioClientTransport };
  } catch (error) {
    return { error };
  }
}

async function httpV2(): Promise<Loaded> {
  try {
    const client = await import("@modelcontextprotocol/client");
    return { Client: client.Client, Transport: client.StreamableHTTPClientTransport };
  } catch (error) {
    return { error };
  }
}

async function httpV1(): Promise<Loaded> {
  try {
    const client = await import("@modelcontextprotocol/sdk/client/index.js");
    const http = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    return { Client: client.Client, Transport: http.StreamableHTTPClientTransport };
  } catch (error) {
    return { error };
  }
}

async function loadClientSdk(
  choice: ClientSdkChoice,
  feature: string,
  loadV2: () => Promise<Loaded>,
  loadV1: () => Promise<Loaded>,
): Promise<ClientSdk<unknown>> {
  if (choice !== 1) {
    const v2 = await loadV2();
    if (!("error" in v2)) return { version: 2, ...v2 } as ClientSdk<unknown>;
    if (!isMissing(v2.error, V2)) throw v2.error;
    if (choice === 2) throw missing(feature, v2.error, `run "npm install ${V2}"`);
  }
  const v1 = await loadV1();
  if (!("error" in v1)) return { version: 1, ...v1 } as ClientSdk<unknown>;
  if (!isMissing(v1.error, V1)) throw v1.error;
  throw missing(
    feature,
    v1.error,
    choice === 1 ? `run "npm install ${V1}"` : `run "npm install ${V2}" (SDK v2; ${V1} 1.x works too)`,
  );
}

/** True when `error` is Node's "cannot find" error for package `name` itself (not for something it imports). */
function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  const message = String((error as Error).message);
  // "Cannot find package '@modelcontextprotocol/client' imported from …" (or a subpath of it).
  return message.includes(`'${name}'`) || message.includes(`'${name}/`);
}

function missing(feature: string, cause: unknown, action: string): TransportError {
  return new TransportError(
    `${feature} needs an official MCP SDK client, an optional peer dependency of @mcp-specgen/runtime: ${action}`,
    { cause },
  );
}
