/**
 * The 2026-07-28 cache hint (SEP-2549: `ttlMs`, `cacheScope`) on `tools/list` of an
 * SDK v2 `McpServer` that {@link registerSdkTools} filled. SDK v2 sends `ttlMs: 0`
 * unless the server was built with a `cacheHints` option, so a client would list the
 * tools again before every use; the built-in server sends 60 s by default.
 *
 * SDK v2 applies its per-operation hints when a handler is set, and its `tools/list`
 * handler is set by the SDK itself, so the hint goes on by wrapping that handler in
 * the low-level server's handler map (not public API, like the SDK 1.x wrapping in
 * sdk-server.ts; a server without it keeps the SDK's behaviour). A hint the server
 * was built with (`cacheHints["tools/list"]`) is left alone, and a `ttlMs` /
 * `cacheScope` already in the result wins. 2025-era answers are not changed.
 */
import { isPlainObject } from "./content.js";
import { PROTOCOL_VERSION_META_KEY } from "./protocol.js";

/** The cache hint to add: `ttlMs` in ms and `cacheScope`. */
export interface ToolListCacheHint {
  ttlMs: number;
  cacheScope: "public" | "private";
}

type ListHandler = (request: unknown, ctx: unknown) => Promise<unknown>;

/** SDK v2's low-level `Server`, as far as the hint needs it. */
interface V2HandlerMap {
  _requestHandlers?: Map<string, ListHandler>;
  _cacheHints?: Record<string, unknown>;
}

/** Marks a handler this module wrapped, so that registering twice wraps once. */
const HINTED: unique symbol = Symbol("mcp-specgen.toolListCacheHint");

/**
 * Adds `hint` to the 2026-07-28 `tools/list` results of SDK v2 McpServer `server`
 * (see the file comment). Does nothing when the server has no `tools/list` handler
 * yet, has its own hint for it, or was already given one here.
 */
export function addToolListCacheHint(server: unknown, hint: ToolListCacheHint): void {
  const lowLevel = (server as { server?: V2HandlerMap } | null)?.server;
  if (lowLevel?._cacheHints?.["tools/list"] !== undefined) return;
  const handlers = lowLevel?._requestHandlers;
  const inner = handlers?.get("tools/list");
  if (handlers === undefined || inner === undefined || (inner as { [HINTED]?: true })[HINTED] === true) return;
  const hinted: ListHandler = async (request, ctx) => {
    const result = await inner(request, ctx);
    if (!isModernRequest(ctx) || !isPlainObject(result)) return result;
    if (result.ttlMs !== undefined || result.cacheScope !== undefined) return result;
    // A spread keeps the SDK's own symbol-keyed markers on the result.
    return { ...result, ttlMs: hint.ttlMs, cacheScope: hint.cacheScope };
  };
  Object.defineProperty(hinted, HINTED, { value: true });
  handlers.set("tools/list", hinted);
}

/** A request of revision 2026-07-28 (its `_meta` envelope names the revision). */
function isModernRequest(ctx: unknown): boolean {
  const envelope = (ctx as { mcpReq?: { envelope?: Record<string, unknown> } } | null)?.mcpReq?.envelope;
  return envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined;
}
