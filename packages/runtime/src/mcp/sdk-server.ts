/**
 * Generated tools inside an official SDK server: {@link registerSdkTools} adds a
 * registry's tools to an `McpServer` of SDK v2 (`@modelcontextprotocol/server`,
 * both protocol eras) or SDK 1.x (`@modelcontextprotocol/sdk`, the 2025 era),
 * next to the resources, prompts, completions, auth and tools the user registers
 * with the SDK itself.
 *
 * The registry keeps its semantics in either SDK: its validators (with its
 * structured ValidationError details), time limits, trust policy and audit; an
 * MCPToolResult becomes a CallToolResult by `toCallToolResult`. Handlers get
 * progress, logging, the abort signal and `ctx.elicit` / `ctx.createMessage`
 * through the SDK's request context.
 *
 * - SDK v2 takes Standard Schemas: each tool is registered with its exact JSON
 *   Schema and a pass-through `validate`, so validation happens once, in the
 *   registry. On a 2026-07-28 request, client requests use input_required
 *   rounds ({@link InputReplay}); on a 2025 one, the SDK's server-to-client requests.
 * - SDK 1.x takes only zod: each tool is registered by name (so the SDK lists it,
 *   keeps `enable()` / `disable()` / `remove()` and refuses duplicates), and the
 *   server's `tools/list` and `tools/call` handlers are wrapped: listed schemas
 *   become the exact ones, and calls of these tools go to the registry. That uses
 *   the SDK's request-handler map, stable across 1.x but not public: a 1.x
 *   release without it is refused with a clear error.
 *
 * Neither SDK is imported: both are optional peers, typed here structurally.
 */
import {
  checkCreateMessageAnswer,
  checkElicitAnswer,
  type ClientRequester,
  type CreateMessageParams,
  type ElicitParams,
} from "../client-requests.js";
import { ClientRequestError, RegistrationError } from "../errors.js";
import type { LogLevel } from "../logger.js";
import type { ToolRegistry } from "../registry.js";
import type { ExecuteOptions, ToolDefinition } from "../tool-types.js";
import { acceptingStandardSchema } from "../standard-schema.js";
import { isPlainObject, toCallToolResult, withoutNonObjectOutput } from "./content.js";
import { gatedRequester } from "./client-calls.js";
import { addToolListCacheHint } from "./sdk-cache-hints.js";
import { encodeRequestState, InputReplay, inputRequiredWire, type InputReplayState } from "./input-required.js";
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSION_META_KEY, type CallToolResultWire } from "./protocol.js";

/**
 * An `McpServer` of SDK v2 or 1.x, as far as {@link registerSdkTools} needs it.
 * (`never` parameters accept either SDK's overloaded `registerTool`.)
 */
export interface SdkMcpServer {
  registerTool(name: string, config: never, callback: never): unknown;
}

/** What the SDK returns for a registered tool (both majors): switch it off and on, or remove it. */
export interface SdkRegisteredTool {
  enabled: boolean;
  enable(): void;
  disable(): void;
  remove(): void;
}

/** Options of {@link registerSdkTools}. */
export interface SdkToolsOptions {
  /**
   * Which SDK's `McpServer` the server is. Detected when absent: SDK 1.x has the
   * deprecated `tool()` method, v2 has not.
   */
  sdk?: "v1" | "v2" | undefined;
  /**
   * SDK v2, 2026-07-28: the codec the server verifies `requestState` with (the one
   * whose `verify` is in the server's `requestState` option, e.g. SDK v2's
   * `createRequestStateCodec`): the state of `ctx.elicit` / `ctx.createMessage`
   * rounds is then minted with it, signed and bound as the server requires. Without
   * it the state is this runtime's own unsigned encoding, which a server with a
   * `verify` hook refuses.
   */
  requestState?: { mint(payload: never, ctx?: never): Promise<string> } | undefined;
  /**
   * SDK v2, 2026-07-28: the `ttlMs` of `tools/list` results — how long a client may
   * reuse the list — sent with `cacheScope: "private"` (the list also holds the tools
   * registered with the SDK, which may depend on who asks). Default 60 000, as the
   * built-in server; 0: do not reuse. A `cacheHints["tools/list"]` the `McpServer` was
   * built with wins.
   */
  cacheTtlMs?: number | undefined;
}

/** Default of {@link SdkToolsOptions.cacheTtlMs}, the built-in server's too. */
const DEFAULT_TOOL_LIST_TTL_MS = 60_000;

/**
 * Registers every tool of `registry` on an SDK `McpServer` (v2 or 1.x) — see the
 * file comment for how. Returns the SDK's handle of each tool, by wire name.
 * @throws RegistrationError when the SDK refuses a tool (e.g. a name it already has)
 *   or when a 1.x server lacks what the wrapping needs.
 *
 * @example
 * const server = new McpServer({ name: "notes", version: "1.0.0" });
 * registerSdkTools(server, createRegistry(handlers));
 * server.registerResource(…); // the SDK's own API, side by side
 */
export function registerSdkTools(
  server: SdkMcpServer,
  registry: ToolRegistry,
  options: SdkToolsOptions = {},
): Record<string, SdkRegisteredTool> {
  const sdk = options.sdk ?? (typeof (server as { tool?: unknown }).tool === "function" ? "v1" : "v2");
  const definitions = registry.list();
  if (sdk === "v1") return registerV1(server, registry, definitions);
  const ttlMs = options.cacheTtlMs ?? DEFAULT_TOOL_LIST_TTL_MS;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 0)
    throw new RangeError(`cacheTtlMs must be a non-negative integer of milliseconds (got ${String(ttlMs)})`);
  const handles = registerV2(server, registry, definitions, options);
  addToolListCacheHint(server, { ttlMs, cacheScope: "private" });
  return handles;
}

// ---------------------------------------------------------------- SDK v2

/** SDK v2's tool callback context (`ServerContext`), as far as it is used here. */
interface V2Context {
  mcpReq: {
    id: string | number;
    _meta?: { progressToken?: string | number } & Record<string, unknown>;
    envelope?: Record<string, unknown>;
    inputResponses?: Record<string, unknown>;
    requestState?: () => unknown;
    signal: AbortSignal;
    notify(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
    log(level: LogLevel, data: unknown): Promise<void>;
    elicitInput(
      params: unknown,
      options?: { signal?: AbortSignal; relatedRequestId?: string | number },
    ): Promise<unknown>;
    requestSampling(
      params: unknown,
      options?: { signal?: AbortSignal; relatedRequestId?: string | number },
    ): Promise<unknown>;
  };
}

/** SDK v2's low-level `Server` (`McpServer.server`), as far as it is used here. */
interface V2LowLevelServer {
  /** The capabilities the client declared in `initialize`; undefined on an instance that never saw one. */
  getClientCapabilities?: () => unknown;
}

type V2Register = (
  name: string,
  config: Record<string, unknown>,
  callback: (args: unknown, ctx: V2Context) => Promise<unknown>,
) => SdkRegisteredTool;

function registerV2(
  server: SdkMcpServer,
  registry: ToolRegistry,
  definitions: readonly ToolDefinition[],
  options: SdkToolsOptions,
): Record<string, SdkRegisteredTool> {
  const register = (server.registerTool as unknown as V2Register).bind(server);
  const handles: Record<string, SdkRegisteredTool> = {};
  const codec = options.requestState as StateCodec | undefined;
  const lowLevel = (server as { server?: V2LowLevelServer }).server;
  const clientCapabilities =
    typeof lowLevel?.getClientCapabilities === "function" ? () => lowLevel.getClientCapabilities?.() : undefined;
  for (const definition of definitions) {
    const config: Record<string, unknown> = {
      inputSchema: acceptingStandardSchema(definition.inputSchema),
    };
    if (definition.title !== undefined) config.title = definition.title;
    if (definition.description !== undefined) config.description = definition.description;
    if (definition.annotations !== undefined) config.annotations = { ...definition.annotations };
    if (definition.outputSchema !== undefined) config.outputSchema = acceptingStandardSchema(definition.outputSchema);
    handles[definition.name] = registerOrUndo(definition.name, handles, () =>
      register(definition.name, config, (args, ctx) =>
        callV2(registry, definition, args, ctx, codec, clientCapabilities),
      ),
    );
  }
  return handles;
}

/** A requestState codec as {@link SdkToolsOptions.requestState} takes it, as called here. */
interface StateCodec {
  mint(payload: InputReplayState, ctx?: V2Context): Promise<string>;
}

async function callV2(
  registry: ToolRegistry,
  definition: ToolDefinition,
  args: unknown,
  ctx: V2Context,
  codec: StateCodec | undefined,
  clientCapabilities: (() => unknown) | undefined,
): Promise<unknown> {
  const request = ctx.mcpReq;
  const modern = request.envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined;
  const replay = modern ? new InputReplay(request.inputResponses, request.requestState?.()) : undefined;
  const clientRequests: ClientRequester = replay ?? legacyClientRequests(request, clientCapabilities);
  const progressToken = request._meta?.progressToken;
  const execute: ExecuteOptions = {
    signal: request.signal,
    callId: request.id,
    clientRequests,
    onLog: (level, data) => ignoreRejection(request.log(level, data)),
  };
  if (progressToken !== undefined) {
    execute.onProgress = (progress, total, message) =>
      ignoreRejection(
        request.notify({
          method: "notifications/progress",
          params: progressParams(progressToken, progress, total, message),
        }),
      );
  }
  let result = await registry.execute({ tool_name: definition.name, arguments: objectArgs(args) }, execute);
  const outcome = replay?.outcome(result);
  if (outcome !== undefined && "inputRequired" in outcome) {
    const state = outcome.inputRequired.state;
    const wire = inputRequiredWire(
      outcome.inputRequired,
      codec === undefined ? encodeRequestState(state) : await codec.mint(state, ctx),
    );
    if (!("status" in wire)) return wire;
    result = wire; // the state would be too large: a failure says so
  }
  // The SDK fits structuredContent to the client's era itself (a 2025 client gets a
  // non-object wrapped), so results are built the 2026-07-28 way; only an error's
  // structuredContent is withheld from 2025 clients of a tool with an outputSchema,
  // which SDK 1.x clients would check against that schema.
  const wire = toCallToolResult(definition, result, { protocolVersion: MODERN_PROTOCOL_VERSION });
  if (!modern && wire.isError === true && definition.outputSchema !== undefined) delete wire.structuredContent;
  return wire;
}

/**
 * `ctx.elicit` / `ctx.createMessage` on a 2025-era request: the SDK's
 * server-to-client requests, tied to the call's request (so Streamable HTTP sends
 * them on the call's stream; without it they go to the standalone stream, dropped
 * when the client has none), and gated by the capabilities the client declared in
 * `initialize`, as the built-in server gates them (client-calls.ts).
 *
 * An instance that never saw an `initialize` is SDK v2's per-request (stateless)
 * serving of a 2025 client: there is no connection a request could come back on.
 * The SDK refuses elicitation there itself but sends `sampling/createMessage`
 * anyway, and its answer never arrives, so the handler would wait until the call's
 * time limit; both are refused here at once instead.
 */
function legacyClientRequests(request: V2Context["mcpReq"], clientCapabilities: (() => unknown) | undefined) {
  const related = { relatedRequestId: request.id };
  const base = {
    elicit: (params: ElicitParams, signal: AbortSignal) =>
      asClientRequest(checkElicitAnswer, params, request.elicitInput(params, { ...related, signal }), "elicitation"),
    createMessage: (params: CreateMessageParams, signal: AbortSignal) =>
      asClientRequest(
        (_p: CreateMessageParams, answer: unknown, what: string) => checkCreateMessageAnswer(answer, what),
        params,
        request.requestSampling(params, { ...related, signal }),
        "sampling",
      ),
  };
  // An SDK build without the accessor: its own checks are all there is.
  if (clientCapabilities === undefined) return base;
  const capabilities = clientCapabilities();
  if (capabilities === undefined) {
    const refuse = (what: string) =>
      Promise.reject(
        new ClientRequestError(
          `The client cannot be asked (${what}): SDK v2 serves this 2025-era client request by request, with no connection to send a server-to-client request on (clients of protocol revision 2026-07-28 are asked with input_required rounds)`,
        ),
      );
    return { elicit: () => refuse("elicitation"), createMessage: () => refuse("sampling") };
  }
  return gatedRequester(capabilities, base);
}

// ---------------------------------------------------------------- SDK 1.x

/** SDK 1.x's `RequestHandlerExtra`, as far as it is used here. */
interface V1Extra {
  requestId: string | number;
  sessionId?: string;
  signal: AbortSignal;
  _meta?: { progressToken?: string | number } & Record<string, unknown>;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
}

type V1Handler = (request: { method: string; params?: Record<string, unknown> }, extra: V1Extra) => Promise<unknown>;

/** SDK 1.x's low-level `Server` (`McpServer.server`), as far as it is used here. */
interface V1LowLevelServer {
  _requestHandlers?: Map<string, V1Handler>;
  elicitInput(
    params: unknown,
    options?: { signal?: AbortSignal; relatedRequestId?: string | number },
  ): Promise<unknown>;
  createMessage(
    params: unknown,
    options?: { signal?: AbortSignal; relatedRequestId?: string | number },
  ): Promise<unknown>;
  isMessageIgnored?: (level: LogLevel, sessionId?: string) => boolean;
}

type V1Register = (
  name: string,
  config: Record<string, unknown>,
  callback: (extra: V1Extra) => never,
) => SdkRegisteredTool;

function registerV1(
  server: SdkMcpServer,
  registry: ToolRegistry,
  definitions: readonly ToolDefinition[],
): Record<string, SdkRegisteredTool> {
  const register = (server.registerTool as unknown as V1Register).bind(server);
  const handles: Record<string, SdkRegisteredTool> = {};
  const ours = new Map<string, ToolDefinition>();
  for (const definition of definitions) {
    const config: Record<string, unknown> = {};
    if (definition.title !== undefined) config.title = definition.title;
    if (definition.description !== undefined) config.description = definition.description;
    if (definition.annotations !== undefined) config.annotations = { ...definition.annotations };
    handles[definition.name] = registerOrUndo(definition.name, handles, () =>
      register(definition.name, config, () => {
        // Unreachable while the wrapped tools/call handler is in place (see wrapV1Handlers).
        throw new Error(`Tool "${definition.name}" is served by mcp-specgen's registry`);
      }),
    );
    ours.set(definition.name, withoutNonObjectOutput(definition));
  }
  if (ours.size > 0) wrapV1Handlers(server, registry, ours, handles);
  return handles;
}

function wrapV1Handlers(
  server: SdkMcpServer,
  registry: ToolRegistry,
  ours: ReadonlyMap<string, ToolDefinition>,
  handles: Readonly<Record<string, SdkRegisteredTool>>,
): void {
  const lowLevel = (server as { server?: V1LowLevelServer }).server;
  const handlers = lowLevel?._requestHandlers;
  const innerList = handlers?.get("tools/list");
  const innerCall = handlers?.get("tools/call");
  if (lowLevel === undefined || handlers === undefined || innerList === undefined || innerCall === undefined) {
    throw new RegistrationError(
      "This @modelcontextprotocol/sdk McpServer has no request-handler map to add tools to; use SDK 1.x (1.12 or later) or SDK v2 (@modelcontextprotocol/server)",
    );
  }
  // Ours while the SDK still has this very registration (not removed, renamed or replaced) and it is enabled.
  const registered = (server as { _registeredTools?: Record<string, unknown> })._registeredTools;
  const serves = (name: string): boolean => {
    const handle = handles[name];
    return handle?.enabled === true && (registered === undefined || registered[name] === handle);
  };
  handlers.set("tools/list", async (request, extra) => {
    const result = await innerList(request, extra);
    const tools = isPlainObject(result) && Array.isArray(result.tools) ? result.tools : [];
    for (const tool of tools) {
      const definition = isPlainObject(tool) && typeof tool.name === "string" ? ours.get(tool.name) : undefined;
      if (definition === undefined || !serves(definition.name)) continue;
      tool.inputSchema = structuredClone(definition.inputSchema);
      if (definition.outputSchema !== undefined) tool.outputSchema = structuredClone(definition.outputSchema);
    }
    return result;
  });
  handlers.set("tools/call", (request, extra) => {
    const name = request.params?.name;
    const definition = typeof name === "string" ? ours.get(name) : undefined;
    // A disabled, removed or replaced tool falls through to the SDK (which refuses it, or runs its new owner).
    if (definition === undefined || !serves(definition.name)) return innerCall(request, extra);
    return callV1(registry, lowLevel, definition, request.params?.arguments, extra);
  });
}

async function callV1(
  registry: ToolRegistry,
  server: V1LowLevelServer,
  definition: ToolDefinition,
  args: unknown,
  extra: V1Extra,
): Promise<CallToolResultWire> {
  const related = { relatedRequestId: extra.requestId };
  const execute: ExecuteOptions = {
    signal: extra.signal,
    callId: extra.requestId,
    clientRequests: {
      elicit: (params, signal) =>
        asClientRequest(checkElicitAnswer, params, server.elicitInput(params, { ...related, signal }), "elicitation"),
      createMessage: (params, signal) =>
        asClientRequest(
          (_p: CreateMessageParams, answer: unknown, what: string) => checkCreateMessageAnswer(answer, what),
          params,
          server.createMessage(params, { ...related, signal }),
          "sampling",
        ),
    },
    onLog: (level, data) => {
      if (server.isMessageIgnored?.(level, extra.sessionId) === true) return;
      ignoreRejection(extra.sendNotification({ method: "notifications/message", params: { level, data } }));
    },
  };
  const progressToken = extra._meta?.progressToken;
  if (progressToken !== undefined) {
    execute.onProgress = (progress, total, message) =>
      ignoreRejection(
        extra.sendNotification({
          method: "notifications/progress",
          params: progressParams(progressToken, progress, total, message),
        }),
      );
  }
  const result = await registry.execute({ tool_name: definition.name, arguments: objectArgs(args) }, execute);
  return toCallToolResult(definition, result);
}

// ---------------------------------------------------------------- shared

/** The SDK's answer to a server-to-client request, checked; its failure as a ClientRequestError (the runtime's type for it). */
async function asClientRequest<P, T>(
  check: (params: P, answer: unknown, what: string) => T,
  params: P,
  answer: Promise<unknown>,
  what: string,
): Promise<T> {
  let value: unknown;
  try {
    value = await answer;
  } catch (err) {
    throw new ClientRequestError(
      `The client could not answer the ${what} request: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  return check(params, value, `the ${what} request`);
}

/**
 * Registers one tool; when the SDK refuses it (a name it already has…), removes
 * the tools registered before it, so that nothing half-registered stays behind.
 */
function registerOrUndo(
  name: string,
  done: Record<string, SdkRegisteredTool>,
  register: () => SdkRegisteredTool,
): SdkRegisteredTool {
  try {
    return register();
  } catch (err) {
    for (const handle of Object.values(done)) {
      try {
        handle.remove();
      } catch {
        // Best effort: the refusal below is what the caller needs to see.
      }
    }
    throw new RegistrationError(
      `The MCP SDK refused tool "${name}": ${err instanceof Error ? err.message : String(err)}`,
      { cause: err, details: { tool: name } },
    );
  }
}

/** Arguments as the registry takes them; anything but an object is left for its validator to refuse. */
function objectArgs(args: unknown): Record<string, unknown> {
  return (args ?? {}) as Record<string, unknown>;
}

function progressParams(
  progressToken: string | number,
  progress: number,
  total: number | undefined,
  message: string | undefined,
): Record<string, unknown> {
  const params: Record<string, unknown> = { progressToken, progress };
  if (total !== undefined) params.total = total;
  if (message !== undefined) params.message = message;
  return params;
}

/** Notifications are best effort: a closed connection must not become an unhandled rejection. */
function ignoreRejection(promise: Promise<unknown> | undefined): void {
  promise?.catch(() => undefined);
}
