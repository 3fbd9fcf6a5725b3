/**
 * The load limits of the HTTP server, together: connections
 * (http-connections.ts), tool calls and large requests in flight and their turns
 * (http-admission.ts), slow readers (http-backpressure.ts). Each is an option
 * of `serveHttp`, validated here; the server reports their counters as `stats`.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import { type AdmissionCounts, type AdmissionTicket, RequestAdmission } from "./http-admission.js";
import { type SlowReaderCounts, SlowReaderGuard } from "./http-backpressure.js";
import { type ConnectionCounts, ConnectionGuard } from "./http-connections.js";
import { refuseForLoad } from "./http-replies.js";
import type { JsonRpcId } from "./protocol.js";

/** The load limits among the options of `serveHttp`. */
export interface HttpLimitOptions {
  /**
   * Most connections open at once. At the limit, a new connection closes the
   * one idle the longest (no request in progress: not used yet, or kept alive
   * between requests); when every connection has a request in progress, the new
   * one's first request gets 503 with `Retry-After` and the connection is closed
   * (after 2 s if it sends nothing). Node's `server.maxConnections` is set a
   * quarter (at least 16) above it, for connections waiting for that 503; Node
   * drops connections beyond it at once. Default 1 024.
   */
  maxConnections?: number;
  /**
   * Most tool calls and large requests in flight at once, both protocol eras
   * together. A `tools/call` takes a slot until it is answered (a batch, one per
   * call); a request whose body is over 64 KiB or of unknown length, one from
   * before its body is read. Beyond the limit: 503 with `Retry-After` and a
   * JSON-RPC -32000 error. Admitted requests then run one per event-loop turn, so
   * other requests are served between them. Protocol requests with small bodies
   * (`ping`, `initialize`, `tools/list`, `server/discover`, notifications) take no
   * slot and never wait behind tool calls. Default 32.
   */
  maxInflightRequests?: number;
  /**
   * Bytes waiting for one reader (buffered, not yet taken by the client) beyond
   * which the progress and log notifications of its calls are dropped instead of
   * buffered. Default 1 MiB.
   */
  maxBufferedResponseBytes?: number;
  /**
   * How long a response may have bytes waiting without its reader taking any
   * (ms); then its connection is closed, freeing them and the request's slots. A
   * reader that keeps reading is never cut off. Default 10 000.
   */
  slowReaderTimeoutMs?: number;
  /**
   * Longest time a client may take to send a whole request, headers and body
   * (ms); then it gets 408 and its connection is closed — which also frees the
   * slot a large body holds while it arrives. Node's `requestTimeout` (its own
   * default is 300 000), checked every tenth of it; `headersTimeout` is Node's 60 s
   * or this, whichever is shorter. Default 30 000.
   */
  requestTimeoutMs?: number;
}

/** What the HTTP server counts (see `McpHttpServerHandle.stats`). */
export interface HttpServerStats extends ConnectionCounts, AdmissionCounts, SlowReaderCounts {
  /** Open sessions (stateful mode). */
  sessions: number;
  /** Idle sessions closed to make room for new ones (cumulative). */
  evictedSessions: number;
}

export const DEFAULT_MAX_CONNECTIONS = 1024;
export const DEFAULT_MAX_INFLIGHT_REQUESTS = 32;
export const DEFAULT_MAX_BUFFERED_RESPONSE_BYTES = 1024 * 1024;
export const DEFAULT_SLOW_READER_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Bodies up to this size are read without a slot: parsing them takes well under a millisecond. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** The limits of one server, and the state that enforces them. */
export class HttpLimits {
  private readonly connections: ConnectionGuard;
  private readonly admission: RequestAdmission;
  readonly readers: SlowReaderGuard;
  private readonly maxInflight: number;
  private readonly requestTimeoutMs: number;

  /** Validates the options (RangeError for a bad one). */
  constructor(
    options: HttpLimitOptions,
    private readonly maxBodyBytes: number,
  ) {
    const maxConnections = positiveInteger(options, "maxConnections", DEFAULT_MAX_CONNECTIONS);
    this.maxInflight = positiveInteger(options, "maxInflightRequests", DEFAULT_MAX_INFLIGHT_REQUESTS);
    const maxBuffered = positiveInteger(options, "maxBufferedResponseBytes", DEFAULT_MAX_BUFFERED_RESPONSE_BYTES);
    const timeout = positiveInteger(options, "slowReaderTimeoutMs", DEFAULT_SLOW_READER_TIMEOUT_MS);
    this.requestTimeoutMs = positiveInteger(options, "requestTimeoutMs", DEFAULT_REQUEST_TIMEOUT_MS);
    this.connections = new ConnectionGuard(maxConnections);
    this.admission = new RequestAdmission(this.maxInflight);
    this.readers = new SlowReaderGuard(maxBuffered, timeout);
  }

  /** The options of node:http's `createServer` that enforce these limits. */
  nodeServerOptions(): ServerOptions {
    return {
      requestTimeout: this.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(this.requestTimeoutMs / 10))),
    };
  }

  /** Starts counting `server`'s connections (before it listens). */
  attach(server: Server): void {
    this.connections.attach(server);
  }

  /**
   * Every request first: tracks its connection and response. False when the
   * request has been answered already (its connection was refused).
   */
  onRequest(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.connections.requestStarted(req, res)) {
      refuseForLoad(res, 503, "Service Unavailable: too many connections", { close: true });
      return false;
    }
    this.readers.watch(res);
    return true;
  }

  /**
   * Takes `slots` slots for the request of `res` until it closes (see
   * AdmissionTicket), or answers 503 and returns undefined.
   */
  admit(res: ServerResponse, slots: number, id: JsonRpcId | null = null): AdmissionTicket | undefined {
    const ticket = this.admission.admit(slots);
    if (ticket === undefined) {
      this.refuse(res, id);
      return undefined;
    }
    if (res.closed) ticket.responseEnded();
    else res.once("close", () => ticket.responseEnded());
    return ticket;
  }

  /** Takes `more` slots for an admitted request, or answers 503 and returns false. */
  grow(res: ServerResponse, ticket: AdmissionTicket, more: number, id: JsonRpcId | null = null): boolean {
    if (this.admission.grow(ticket, more)) return true;
    this.refuse(res, id);
    return false;
  }

  /** Resolves true on the request's turn to run, false if it closed while waiting. */
  turn(ticket: AdmissionTicket): Promise<boolean> {
    return this.admission.turn(ticket);
  }

  stats(sessions: number, evictedSessions: number): HttpServerStats {
    return {
      ...this.connections.counts(),
      ...this.admission.counts(),
      ...this.readers.counts(),
      sessions,
      evictedSessions,
    };
  }

  close(): void {
    this.readers.stop();
  }

  /**
   * 503 for a request over the in-flight limit. Its connection stays open when
   * the rest of its body is known to be small enough to throw away (a client
   * that reconnected at once would only cost more); else it is closed.
   */
  private refuse(res: ServerResponse, id: JsonRpcId | null): void {
    const declared = res.req.headers["content-length"];
    const close = declared === undefined || !(Number(declared) <= this.maxBodyBytes);
    const message = `Service Unavailable: ${this.maxInflight} tool calls or large requests are in flight`;
    refuseForLoad(res, 503, message, { id, close });
  }
}

function positiveInteger(options: HttpLimitOptions, key: keyof HttpLimitOptions, fallback: number): number {
  const value = options[key] ?? fallback;
  if (!(Number.isSafeInteger(value) && value > 0))
    throw new RangeError(`${key} must be a positive integer (got ${value})`);
  return value;
}
