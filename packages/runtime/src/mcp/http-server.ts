/**
 * `serveHttp`: a ToolRegistry as an MCP server over Streamable HTTP.
 *
 * node:http in front does what must happen before any MCP logic — path, Origin
 * and Host checks (http-guards.ts), the body size limit, JSON parsing and a shape
 * check that answers a malformed message with -32600 and its id — then hands
 * the parsed body to the SDK's `StreamableHTTPServerTransport`, which does the
 * Streamable HTTP part (JSON or SSE responses, `Mcp-Session-Id`, protocol
 * version header, GET streams, DELETE). Dispatch is session.ts, never the SDK's
 * `Server` class.
 *
 * Protocol revision 2026-07-28 is served beside the 2025 era on the same
 * endpoint: a POST whose body carries the 2026-07-28 `_meta` envelope is routed
 * by http-modern.ts (header checks, then one stateless request on its own
 * session, no SDK transport), whatever the mode below; every other request is
 * 2025-era traffic, handled as follows.
 *
 * Stateful mode (default): one transport + session per `Mcp-Session-Id`, created
 * by `initialize`, ended by DELETE, by `close()` or after an idle time; limited
 * globally and per client (http-sessions.ts).
 * Stateless mode: a fresh transport per POST and no session ids, so any replica
 * behind any load balancer can serve any request. There `notifications/cancelled`
 * cannot reach a call (it arrives in another request); a call is cancelled when
 * its own HTTP request closes.
 *
 * Load limits (http-limits.ts) apply to both eras: connections, one request at
 * a time per connection, request bodies being received, tool calls, tool lists
 * and large requests in flight (which then run one per event-loop turn, so
 * `ping` never waits behind them), and slow readers.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { logSafely } from "../logger.js";
import type { ToolRegistry } from "../registry.js";
import { isPlainObject } from "./content.js";
import type { AdmissionTicket } from "./http-admission.js";
import { defaultAllowedHosts, hostAllowed, originAllowed } from "./http-guards.js";
import { checkMessages, isJsonContentType, isSmallBody, slotRequests } from "./http-body.js";
import { HttpLimits, type HttpLimitOptions, type HttpServerStats } from "./http-limits.js";
import { classifyPost, serveModernRequest } from "./http-modern.js";
import { errorBody, refuseForLoad, sendJsonError } from "./http-replies.js";
import { HttpSessionSink } from "./http-session-sink.js";
import { clientKeyOf, SessionTable, type TrackedSession } from "./http-sessions.js";
import { JsonRpcErrorCodes, type JsonRpcId } from "./protocol.js";
import { ServerCore, type McpServerOptions } from "./server-core.js";
import { McpSession, type MessageSink } from "./session.js";
import { sdkLoadError } from "./sdk.js";
import { createWatchdog } from "./watchdog.js";

/** Options of {@link serveHttp}; the load limits are documented on {@link HttpLimitOptions}. */
export interface HttpServerOptions extends McpServerOptions, HttpLimitOptions {
  /** Interface to bind. Default `127.0.0.1` (MCP: local servers should bind to localhost only). */
  host?: string;
  /** Port. Default 0: any free port (read it from the handle). */
  port?: number;
  /** The MCP endpoint path. Default `/mcp`. Other paths get 404. */
  path?: string;
  /** No sessions: a fresh transport per request (see the file comment). Default false. */
  stateless?: boolean;
  /**
   * Origins allowed to call (exact `Origin` header values; `"*"` allows any but
   * `null`, which is allowed only when listed as `"null"`). Requests without an
   * `Origin` header (non-browser clients) are always allowed. Default: only
   * loopback origins — `http(s)://localhost|127.0.0.1|[::1]` with an optional port
   * 1–65535, strictly parsed — which blocks DNS-rebinding pages. Others get 403.
   */
  allowedOrigins?: readonly string[];
  /**
   * `Host` header values allowed (case-insensitive, e.g. `["mcp.example.com",
   * "mcp.example.com:8443"]`; `"*"` allows any); others — and requests without
   * `Host` — get 403 with a JSON-RPC -32000 error (the status and code of SDK
   * v2's host-header validation). Replaces the default. Default: bound to a
   * loopback address (as by default), `localhost`, `127.0.0.1`, `[::1]` and the
   * bound address, each with the bound port or none — a DNS-rebinding page sends
   * its own name and is refused; bound to any other address, no check (set this
   * to the names the server is reached by).
   */
  allowedHosts?: readonly string[];
  /** Largest accepted request body in bytes; larger ones get 413. Default 2 MiB (see `maxMessageBytes` of the stdio server). */
  maxBodyBytes?: number;
  /**
   * Answer POSTs with a plain JSON body instead of an SSE stream. Default false
   * (SSE, which carries progress and log notifications; JSON mode drops them, and
   * a 2025-era handler cannot ask the client for input: the request would have
   * no stream to go on). 2026-07-28 requests get JSON unless a notification
   * comes before the response.
   */
  jsonResponse?: boolean;
  /**
   * Stateful mode: close sessions in use (see `unusedSessionIdleTimeoutMs`) after
   * this long without a request (ms). Default 30 minutes; 0 disables.
   */
  sessionIdleTimeoutMs?: number;
  /**
   * Stateful mode: close sessions that have only been initialized — no other
   * request on them yet — after this long without one (ms), or after
   * `sessionIdleTimeoutMs` when that is shorter. Default 30 000 (30 s); 0: they
   * get `sessionIdleTimeoutMs` like the others. Reaps sessions opened and
   * abandoned (or opened in bulk) quickly.
   */
  unusedSessionIdleTimeoutMs?: number;
  /**
   * Stateful mode: most sessions open at once. A further `initialize` closes the
   * least recently used idle session (no call in flight; sessions never used
   * after `initialize` first), whose client gets 404 next and initializes again;
   * 503 only when every session has a call in flight. Default 10 000.
   */
  maxSessions?: number;
  /**
   * Stateful mode: most sessions open at once for one client (see `clientKey`).
   * A further `initialize` from it closes its own least recently used idle
   * session, as above; 429 only when all of them have calls in flight. Default 1 000.
   */
  maxSessionsPerClient?: number;
  /**
   * Who a request comes from, for `maxSessionsPerClient`. Default: the remote
   * address (IPv6 by its /64 prefix). Behind a reverse proxy every request has
   * the proxy's address: derive the key from a header the proxy sets instead.
   */
  clientKey?: (req: IncomingMessage) => string;
}

/** A running MCP HTTP server. */
export interface McpHttpServerHandle {
  /** The endpoint URL, e.g. `http://127.0.0.1:43117/mcp`. */
  readonly url: string;
  /** The bound port. */
  readonly port: number;
  /** The bound interface. */
  readonly host: string;
  /** Open sessions (always 0 in stateless mode). */
  readonly sessionCount: number;
  /** The load limits' counters, now: connections, requests in flight, refusals, drops, evictions. */
  readonly stats: HttpServerStats;
  /** The underlying node:http server. */
  readonly server: Server;
  /** Stops listening, ends every session (aborting calls in flight) and drops open connections. Idempotent. */
  close(): Promise<void>;
}

type Transport = import("@modelcontextprotocol/sdk/server/streamableHttp.js").StreamableHTTPServerTransport;
type TransportClass = typeof import("@modelcontextprotocol/sdk/server/streamableHttp.js").StreamableHTTPServerTransport;

/** A stateful session: its transport and protocol state, tracked by the {@link SessionTable}. */
class SessionEntry implements TrackedSession {
  id: string | undefined = undefined;
  lastSeen = Date.now();
  used = false;

  constructor(
    readonly transport: Transport,
    readonly session: McpSession,
    readonly sink: HttpSessionSink,
    readonly client: string,
    private readonly logger: McpSession["core"]["logger"],
  ) {}

  busy(): boolean {
    return this.session.inflight.size > 0;
  }

  close(): void {
    this.transport
      .close()
      .catch((error: unknown) => logSafely(this.logger, "debug", "MCP HTTP: closing a session failed", { error }));
  }
}

const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Serves `registry` as an MCP server over Streamable HTTP on `http://host:port/path`.
 * Same protocol surface as {@link serveStdio}; see {@link HttpServerOptions} for
 * the HTTP-specific behaviour.
 *
 * @example
 * ```ts
 * const server = await serveHttp(registry, { port: 3000, name: "my-server", version: "1.0.0" });
 * console.error(`listening on ${server.url}`);
 * ```
 */
export async function serveHttp(registry: ToolRegistry, options: HttpServerOptions = {}): Promise<McpHttpServerHandle> {
  // Loaded on demand so that importing the runtime never loads the SDK (in a `try`: see sdk.ts).
  let StreamableHTTPServerTransport: TransportClass;
  try {
    ({ StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js"));
  } catch (error) {
    throw sdkLoadError(error, "serveHttp");
  }
  const core = new ServerCore(registry, options);
  const host = options.host ?? "127.0.0.1";
  const endpoint = options.path ?? "/mcp";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!(maxBodyBytes > 0)) throw new RangeError(`maxBodyBytes must be a positive number (got ${maxBodyBytes})`);
  for (const key of ["maxSessions", "maxSessionsPerClient"] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      throw new RangeError(`${key} must be a positive integer (got ${value})`);
  }
  for (const key of ["sessionIdleTimeoutMs", "unusedSessionIdleTimeoutMs"] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && value >= 0))
      throw new RangeError(`${key} must be a number >= 0 (got ${value})`);
  }
  const limits = new HttpLimits(options, maxBodyBytes, options.clientKey ?? clientKeyOf);
  const state = new HttpState(core, StreamableHTTPServerTransport, options, limits);
  // It cannot answer on the main thread's sockets: it logs, and the connections reset as the process ends.
  core.watchdog = createWatchdog(options.watchdog, -1, "mcp-specgen HTTP server", options.logger);

  const server = createServer(limits.nodeServerOptions(), (req, res) =>
    limits.onRequest(req, res, () =>
      state.handle(req, res, endpoint).catch((err: unknown) => {
        logSafely(core.logger, "error", "MCP HTTP: request failed", { error: err });
        try {
          if (!res.headersSent) sendJsonError(res, 500, JsonRpcErrorCodes.InternalError, "Internal error");
          else res.destroy();
        } catch {
          // The socket is already gone.
        }
      }),
    ),
  );
  limits.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Errors after listening (e.g. EMFILE on accept) must not be uncaught exceptions.
  server.on("error", (error) => logSafely(core.logger, "error", "MCP HTTP: server error", { error }));
  const address = server.address() as AddressInfo;
  state.bindHostCheck(address.address, address.port, options.allowedHosts);
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}${endpoint}`,
    port: address.port,
    host: address.address,
    get sessionCount() {
      return state.sessions.size;
    },
    get stats() {
      return limits.stats(state.sessions.size, state.sessions.evicted);
    },
    server,
    close() {
      closing ??= (async () => {
        core.watchdog?.stop();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await state.closeAll();
        limits.close();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

/** Everything one HTTP server shares between requests. */
class HttpState {
  readonly sessions: SessionTable<SessionEntry>;
  private readonly stateless: boolean;
  private readonly jsonResponse: boolean;
  private readonly allowedOrigins: readonly string[] | undefined;
  /** Undefined: no Host check (set once the bound address is known, see bindHostCheck). */
  private allowedHosts: readonly string[] | undefined;
  private readonly clientKey: (req: IncomingMessage) => string;
  private closed = false;

  constructor(
    readonly core: ServerCore,
    private readonly Transport: TransportClass,
    options: HttpServerOptions,
    private readonly limits: HttpLimits,
  ) {
    this.stateless = options.stateless ?? false;
    this.jsonResponse = options.jsonResponse ?? false;
    this.allowedOrigins = options.allowedOrigins;
    this.clientKey = options.clientKey ?? clientKeyOf;
    this.sessions = new SessionTable({
      maxSessions: options.maxSessions ?? 10_000,
      maxSessionsPerClient: options.maxSessionsPerClient ?? 1_000,
      idleMs: options.sessionIdleTimeoutMs ?? 30 * 60_000,
      unusedIdleMs: options.unusedSessionIdleTimeoutMs ?? 30_000,
    });
  }

  /** The Host check: `allowedHosts` when given, else the loopback defaults (none off loopback). */
  bindHostCheck(boundAddress: string, port: number, allowedHosts: readonly string[] | undefined): void {
    if (allowedHosts !== undefined) this.allowedHosts = allowedHosts;
    else {
      const defaults = defaultAllowedHosts(boundAddress, port);
      this.allowedHosts = defaults.length > 0 ? defaults : undefined;
    }
  }

  async handle(req: IncomingMessage, res: ServerResponse, endpoint: string): Promise<void> {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    if ((q === -1 ? url : url.slice(0, q)) !== endpoint) {
      sendJsonError(res, 404, JsonRpcErrorCodes.InvalidRequest, "Not Found");
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, this.allowedOrigins)) {
      sendJsonError(res, 403, -32000, `Forbidden: origin ${clip(origin)} is not allowed`);
      return;
    }
    const hostHeader = req.headers.host;
    if (!hostAllowed(hostHeader, this.allowedHosts)) {
      sendJsonError(
        res,
        403,
        -32000,
        `Forbidden: host ${hostHeader === undefined ? "(none)" : clip(hostHeader)} is not allowed`,
      );
      return;
    }
    if (this.closed) {
      sendJsonError(res, 503, -32000, "Server is shutting down");
      return;
    }
    switch (req.method) {
      case "POST":
        return this.post(req, res);
      case "GET":
      case "DELETE": {
        if (this.stateless) {
          // No sessions: nothing to stream server-initiated messages on, nothing to delete.
          res.writeHead(405, { Allow: "POST", "Content-Type": "application/json" });
          res.end(errorBody(-32000, "Method not allowed: this server is stateless"));
          return;
        }
        const entry = this.lookup(req, res);
        if (entry === undefined) return;
        // A GET stream waits for server messages as long as its client keeps it open.
        if (req.method === "GET") this.limits.holdOpen(req, res);
        await entry.transport.handleRequest(req, res);
        return;
      }
      default:
        res.writeHead(405, {
          Allow: this.stateless ? "POST" : "GET, POST, DELETE",
          "Content-Type": "application/json",
        });
        res.end(errorBody(-32000, "Method not allowed"));
    }
  }

  private async post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A large body is counted while it arrives, then takes a slot and is parsed in its turn.
    const large = !isSmallBody(req);
    const body = await this.limits.readBody(req, res, large);
    if (body === undefined) return; // already answered (413 / 503) or abandoned
    let ticket = large ? this.limits.admit(res, 1) : undefined;
    if (large && ticket === undefined) return; // refused: 503
    if (ticket !== undefined && !(await this.limits.turn(ticket))) return; // closed while waiting
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (err) {
      sendJsonError(res, 400, JsonRpcErrorCodes.ParseError, `Parse error: ${(err as Error).message}`);
      return;
    }
    const problem = checkMessages(parsed);
    if (problem !== undefined) {
      sendJsonError(res, 400, JsonRpcErrorCodes.InvalidRequest, `Invalid Request: ${problem.message}`, problem.id);
      return;
    }
    const { calls, slots } = slotRequests(parsed);
    const id = Array.isArray(parsed) ? null : ((parsed as { id?: JsonRpcId }).id ?? null);
    if (ticket !== undefined) {
      if (!this.limits.grow(res, ticket, slots - 1, id)) return;
    } else if (slots > 0) {
      ticket = this.limits.admit(res, slots, id);
      if (ticket === undefined || !(await this.limits.turn(ticket))) return;
    }
    const route = classifyPost(parsed, req.headers);
    switch (route.kind) {
      case "reject":
        sendJsonError(res, route.status, route.error.code, route.error.message, route.id, route.error.data);
        return;
      case "modern-request":
      case "modern-notification":
        if (!isJsonContentType(req.headers["content-type"])) {
          sendJsonError(res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json");
          return;
        }
        if (route.kind === "modern-notification") {
          // No session to act on: a 2026-07-28 call is cancelled by closing its own request.
          res.writeHead(202).end();
          return;
        }
        serveModernRequest(this.core, req, res, route.message, this.jsonResponse, this.limits.readers);
        return;
    }
    if (this.stateless) return this.postStateless(req, res, parsed, calls, ticket);
    const sessionId = req.headers["mcp-session-id"];
    if (sessionId !== undefined) {
      const entry = this.lookup(req, res);
      if (entry !== undefined && this.expectCalls(entry.sink, calls, res, ticket))
        await entry.transport.handleRequest(req, res, parsed);
      return;
    }
    if (!isInitialize(parsed)) {
      sendJsonError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
      return;
    }
    const client = this.clientKey(req);
    const refusal = this.sessions.makeRoom(client);
    if (refusal !== undefined) {
      // Every candidate session has a call in flight: a moment later one will not.
      refuseForLoad(
        res,
        refusal === "global" ? 503 : 429,
        refusal === "global"
          ? "Too many sessions, all with calls in flight"
          : "Too many sessions for this client, all with calls in flight",
        { id },
      );
      return;
    }
    const entry = this.createSession(client);
    try {
      if (this.expectCalls(entry.sink, calls, res, ticket)) await entry.transport.handleRequest(req, res, parsed);
    } finally {
      // The transport refused the initialize (e.g. a bad Accept header): no session came of it.
      if (entry.id === undefined) {
        this.sessions.remove(entry);
        entry.close();
      }
    }
  }

  private async postStateless(
    req: IncomingMessage,
    res: ServerResponse,
    parsed: unknown,
    calls: readonly JsonRpcId[],
    ticket: AdmissionTicket | undefined,
  ): Promise<void> {
    const transport = new this.Transport({ sessionIdGenerator: undefined, enableJsonResponse: this.jsonResponse });
    // The calls end with the request: their slots go with it (no holding).
    const sink = new HttpSessionSink(transport as unknown as MessageSink, this.limits.readers, false);
    sink.expect(calls, res, ticket);
    const session = new McpSession(this.core, sink, { respondToCancelled: true });
    transport.onmessage = (message) => session.handleMessage(message);
    transport.onerror = (error) => logSafely(this.core.logger, "debug", "MCP HTTP transport error", { error });
    // The request closing (answered, or the client gave up) ends its calls.
    res.once("close", () => {
      session.close();
      transport
        .close()
        .catch((error: unknown) =>
          logSafely(this.core.logger, "debug", "MCP HTTP: closing a transport failed", { error }),
        );
    });
    await transport.start();
    await transport.handleRequest(req, res, parsed);
  }

  private createSession(client: string): SessionEntry {
    const transport: Transport = new this.Transport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: this.jsonResponse,
      onsessioninitialized: (id) => this.sessions.setId(entry, id),
    });
    const sink = new HttpSessionSink(transport as unknown as MessageSink, this.limits.readers, true);
    const session = new McpSession(this.core, sink, {
      respondToCancelled: true,
      // The SDK transport drops requests related to a call in JSON mode: no stream to put them on.
      serverRequests: !this.jsonResponse,
    });
    const entry = new SessionEntry(transport, session, sink, client, this.core.logger);
    this.sessions.add(entry);
    transport.onmessage = (message) => {
      sink.delivered(message);
      session.handleMessage(message);
    };
    transport.onerror = (error) => logSafely(this.core.logger, "debug", "MCP HTTP transport error", { error });
    transport.onclose = () => {
      this.sessions.remove(entry);
      session.close();
      sink.close();
    };
    transport
      .start()
      .catch((error: unknown) =>
        logSafely(this.core.logger, "debug", "MCP HTTP: starting a transport failed", { error }),
      );
    return entry;
  }

  /** The session named by the request's `Mcp-Session-Id`; answers 400/404 and returns undefined otherwise. */
  private lookup(req: IncomingMessage, res: ServerResponse): SessionEntry | undefined {
    const id = req.headers["mcp-session-id"];
    if (typeof id !== "string" || id === "") {
      sendJsonError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
      return undefined;
    }
    const entry = this.sessions.get(id);
    if (entry === undefined) {
      // MCP: 404 tells the client to start a new session.
      sendJsonError(res, 404, -32001, "Session not found");
      return undefined;
    }
    this.sessions.touch(entry); // a request after the opening initialize: the long idle time applies
    return entry;
  }

  /** Registers a POST's tool calls with its session's sink; answers 400 for an id already in flight. */
  private expectCalls(
    sink: HttpSessionSink,
    calls: readonly JsonRpcId[],
    res: ServerResponse,
    ticket: AdmissionTicket | undefined,
  ): boolean {
    if (sink.expect(calls, res, ticket)) return true;
    sendJsonError(res, 400, JsonRpcErrorCodes.InvalidRequest, "Invalid Request: a request with this id is in flight");
    return false;
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const entries = this.sessions.drain();
    await Promise.all(entries.map((entry) => entry.transport.close().catch(() => undefined)));
  }
}

/** An untrusted header value shortened for an error message. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

function isInitialize(parsed: unknown): boolean {
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages.some((m) => isPlainObject(m) && m.method === "initialize" && m.id !== undefined);
}
