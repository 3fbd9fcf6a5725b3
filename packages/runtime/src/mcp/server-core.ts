/**
 * What every session of one MCP server shares (SDK v2's `Server` holds the same:
 * server info, capabilities, instructions): the registry, the server's options,
 * and the answers that are the same for every client — `server/discover` and the
 * `tools/list` entries, built once per registry revision.
 */
import type { Logger } from "../logger.js";
import { silentLogger } from "../logger.js";
import type { ToolRegistry } from "../registry.js";
import type { ToolDefinition } from "../tool-types.js";
import { withoutNonObjectOutput } from "./content.js";
import { MODERN_PROTOCOL_VERSIONS, SERVER_INFO_META_KEY, type McpToolInfo } from "./protocol.js";
import type { Watchdog, WatchdogOptions } from "./watchdog.js";

/** Options shared by {@link serveStdio} and {@link serveHttp}. */
export interface McpServerOptions {
  /** `serverInfo.name` sent in the `initialize` result. Default `"mcp-specgen-server"`. */
  name?: string;
  /** `serverInfo.version`. Default `"0.0.0"`. */
  version?: string;
  /** `serverInfo.title` (optional display name). */
  title?: string;
  /** `instructions` sent in the `initialize` result (optional). */
  instructions?: string;
  /** `tools/list` page size. Default 100. */
  pageSize?: number;
  /**
   * 2026-07-28 cache hint (SEP-2549): the `ttlMs` of `tools/list` and
   * `server/discover` results, in ms — how long a client may reuse them. Both
   * are sent with `cacheScope: "public"`: they are the same for every client.
   * The tool list changes only when tools are registered or unregistered, and
   * this server announces no list changes, so the hint bounds how long a client
   * can miss one. Default 60 000; 0: do not reuse.
   */
  cacheTtlMs?: number;
  /** Where the server reports its own problems (failed sends, transport errors). Default: silent. */
  logger?: Logger;
  /** Ends the process when a call blocks the event loop (watchdog.ts). Default on (`stallMs` 10 000); `false`: off. */
  watchdog?: WatchdogOptions | boolean;
}

/** The server's capabilities: tools (the list never changes on its own) and logging. */
export const CAPABILITIES = Object.freeze({
  tools: Object.freeze({ listChanged: false }),
  logging: Object.freeze({}),
});

/** Server-wide configuration shared by every session of one server. */
export class ServerCore {
  readonly registry: ToolRegistry;
  readonly serverInfo: { name: string; version: string; title?: string };
  readonly instructions: string | undefined;
  readonly pageSize: number;
  readonly logger: Logger;
  /** See {@link McpServerOptions.cacheTtlMs}. */
  readonly cacheTtlMs: number;
  /** The `_meta` of every 2026-07-28 result: the server's identity (SDK v2 `stampServerInfoMeta`). */
  readonly resultMeta: Readonly<Record<string, unknown>>;
  /** Told which call's synchronous part runs (set by the server that owns it). */
  watchdog: Watchdog | undefined = undefined;
  private discoverCache: Readonly<Record<string, unknown>> | undefined = undefined;
  /** `tools/list` entries of every tool, built once per registry revision (see {@link toolInfos}). */
  private toolInfoCache: readonly McpToolInfo[] | undefined = undefined;
  private toolInfoRevision = -1;
  private legacyInfoCache: readonly McpToolInfo[] | undefined = undefined;
  private legacyInfoRevision = -1;

  constructor(registry: ToolRegistry, options: McpServerOptions = {}) {
    this.registry = registry;
    this.serverInfo = { name: options.name ?? "mcp-specgen-server", version: options.version ?? "0.0.0" };
    if (options.title !== undefined) this.serverInfo.title = options.title;
    this.instructions = options.instructions;
    const pageSize = options.pageSize ?? 100;
    if (!Number.isInteger(pageSize) || pageSize < 1)
      throw new RangeError(`pageSize must be a positive integer (got ${pageSize})`);
    this.pageSize = pageSize;
    this.logger = options.logger ?? silentLogger;
    const ttl = options.cacheTtlMs ?? 60_000;
    if (!Number.isSafeInteger(ttl) || ttl < 0)
      throw new RangeError(`cacheTtlMs must be a non-negative integer (got ${ttl})`);
    this.cacheTtlMs = ttl;
    this.resultMeta = Object.freeze({ [SERVER_INFO_META_KEY]: this.serverInfo });
  }

  /**
   * The `server/discover` result (2026-07-28): the stateless revisions spoken here
   * (2025 ones are negotiated by `initialize`, so they are not listed), the
   * capabilities, instructions and cache hints; the identity in `_meta`. Built once.
   */
  discoverResult(): Readonly<Record<string, unknown>> {
    if (this.discoverCache === undefined) {
      const result: Record<string, unknown> = {
        resultType: "complete",
        supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
        capabilities: CAPABILITIES,
        ttlMs: this.cacheTtlMs,
        cacheScope: "public",
        _meta: this.resultMeta,
      };
      if (this.instructions !== undefined) result.instructions = this.instructions;
      this.discoverCache = Object.freeze(result);
    }
    return this.discoverCache;
  }

  /**
   * Every tool as MCP's Tool, in registration order. Cached until the registry's
   * tools change (`register` / `unregister`), so paging through `tools/list`
   * costs each page its own size, not the size of the registry.
   */
  toolInfos(): readonly McpToolInfo[] {
    const revision = this.registry.revision;
    let infos = this.toolInfoCache;
    if (infos === undefined || revision !== this.toolInfoRevision) {
      infos = this.toolInfoCache = this.registry.list().map(toolInfo);
      this.toolInfoRevision = revision;
    }
    return infos;
  }

  /**
   * {@link toolInfos} as 2025-era clients get them: a tool whose outputSchema
   * root is not `type: "object"` (any JSON Schema is allowed since 2026-07-28,
   * SEP-2106) is listed without it — the 2025 wire requires an object root, and
   * SDK 1.x clients reject the whole list otherwise. Such tools' results carry
   * no structuredContent for those clients unless the data is an object.
   */
  legacyToolInfos(): readonly McpToolInfo[] {
    const infos = this.toolInfos();
    if (this.legacyInfoCache === undefined || this.legacyInfoRevision !== this.toolInfoRevision) {
      const changed = infos.map((info) => withoutNonObjectOutput(info));
      this.legacyInfoCache = changed.some((info, i) => info !== infos[i]) ? changed : infos;
      this.legacyInfoRevision = this.toolInfoRevision;
    }
    return this.legacyInfoCache;
  }
}

/** A registry definition as MCP's Tool: only the MCP fields, values exactly as registered. */
export function toolInfo(definition: ToolDefinition): McpToolInfo {
  const tool: McpToolInfo = { name: definition.name, inputSchema: definition.inputSchema };
  if (definition.title !== undefined) tool.title = definition.title;
  if (definition.description !== undefined) tool.description = definition.description;
  if (definition.outputSchema !== undefined) tool.outputSchema = definition.outputSchema;
  if (definition.annotations !== undefined) tool.annotations = definition.annotations as Record<string, unknown>;
  return tool;
}

/**
 * One `tools/list` result: the page that starts at `cursor` (absent: the first),
 * with `nextCursor` when more follow; 2026-07-28 (`modern`) results carry the cache
 * hints and the server's identity. Undefined for a cursor this server did not issue.
 */
export function toolsListPage(core: ServerCore, cursor: unknown, modern: boolean): Record<string, unknown> | undefined {
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = typeof cursor === "string" ? decodeCursor(cursor) : undefined;
    if (decoded === undefined) return undefined;
    offset = decoded;
  }
  const all = modern ? core.toolInfos() : core.legacyToolInfos();
  const end = Math.min(all.length, offset + core.pageSize);
  const tools = all.slice(offset, end);
  const result: Record<string, unknown> = modern
    ? // SEP-2549 cache hints: required on 2026-07-28 list results (SDK v2 ListToolsResultSchema).
      {
        resultType: "complete",
        tools,
        ttlMs: core.cacheTtlMs,
        cacheScope: "public",
        _meta: core.resultMeta,
      }
    : { tools };
  if (end < all.length) result.nextCursor = encodeCursor(end);
  return result;
}

// Cursors are opaque to clients (MCP pagination); a versioned base64url offset
// lets the server change the encoding later without misreading old cursors.
function encodeCursor(offset: number): string {
  return Buffer.from(`v1:${offset}`).toString("base64url");
}

function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^v1:(\d{1,9})$/.exec(text);
  return match === null ? undefined : Number(match[1]);
}
