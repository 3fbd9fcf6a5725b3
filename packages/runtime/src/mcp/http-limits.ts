/**
 * The load limits of the HTTP server, together: connections
 * (http-connections.ts), pipelined requests (http-pipeline.ts), request bodies
 * being received (http-body-budget.ts), tool calls, lists and large requests in
 * flight and their turns (http-admission.ts), slow readers (http-backpressure.ts).
 * Each is an option of `serveHttp`, validated here; the server reports their
 * counters as `stats`.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import { type AdmissionCounts, type AdmissionTicket, RequestAdmission } from "./http-admission.js";
import { type SlowReaderCounts, SlowReaderGuard } from "./http-backpressure.js";
import { type RequestBodyCounts, RequestBodyBudget } from "./http-body-budget.js";
import { readBody, SMALL_BODY_BYTES } from "./http-body.js";
import { type ConnectionCounts, ConnectionGuard } from "./http-connections.js";
import { type PipelineCounts, PipelineGate } from "./http-pipeline.js";
import { refuseForLoad } from "./http-replies.js";
import type { JsonRpcId } from "./protocol.js";

/** The load limits among the options of `serveHttp`. */
export interface HttpLimitOptions {
  /**
   * Most connections open at once. At the limit, a new connection closes the
   * one idle the longest (no request in progress: not used yet, or kept alive
   * between requests), else one whose requests only wait for their client (a
   * body still arriving, a GET stream): the oldest of the client with the most.
   * When every connection has a request the server works on, the new one's first
   * request gets 503 with `Retry-After` and the connection is closed (after 2 s
   * if it sends nothing). Node's `server.maxConnections` is set a quarter (at
   * least 16) above it, for connections waiting for that 503; Node drops
   * connections beyond it at once. Default 1 024.
   */
  maxConnections?: number;
  /**
   * Most requests whose answer may be large or costly in flight at once, both
   * protocol eras together: a `tools/call` or `tools/list` takes a slot until
   * its answer has left (a batch, one per such request), a request whose body is
   * over 64 KiB or of unknown length one more from when its body has arrived
   * (for parsing it). Beyond the limit: 503 with `Retry-After` and a JSON-RPC
   * -32000 error; a large body is refused before it is read when no slot is free.
   * Admitted requests then run one per event-loop turn, so other requests are
   * served between them. Other requests with small bodies (`ping`, `initialize`,
   * `server/discover`, notifications) take no slot and never wait behind them.
   * Default 32.
   */
  maxInflightRequests?: number;
  /**
   * Bytes that request bodies over 64 KiB (or of unknown length) may hold
   * together while they arrive (counted as received, not as announced): the
   * request whose next chunk does not fit gets 503 with `Retry-After`, and its
   * connection is closed. At least `maxBodyBytes`. Default `maxInflightRequests ×
   * maxBodyBytes` (64 MiB with the defaults).
   */
  maxBufferedRequestBytes?: number;
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
   * (ms); then it gets 408 and its connection is closed — which also frees what
   * a large body holds while it arrives. Node's `requestTimeout` (its own
   * default is 300 000), checked every tenth of it; `headersTimeout` is Node's 60 s
   * or this, whichever is shorter. Default 30 000.
   */
  requestTimeoutMs?: number;
}

/** What the HTTP server counts (see `McpHttpServerHandle.stats`). */
export interface HttpServerStats
  extends ConnectionCounts,
    PipelineCounts,
    RequestBodyCounts,
    AdmissionCounts,
    SlowReaderCounts {
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

/** The limits of one server, and the state that enforces them. */
export class HttpLimits {
  private readonly connections: ConnectionGuard;
  private readonly pipeline = new PipelineGate();
  private readonly bodies: RequestBodyBudget;
  private readonly admission: RequestAdmission;
  readonly readers: SlowReaderGuard;
  private readonly maxInflight: number;
  private readonly maxBufferedRequestBytes: number;
  private readonly requestTimeoutMs: number;

  /**
   * Validates the options (RangeError for a bad one). `clientKey` tells clients
   * apart (see `serveHttp`'s option of that name).
   */
  constructor(
    options: HttpLimitOptions,
    private readonly maxBodyBytes: number,
    private readonly clientKey: (req: IncomingMessage) => string,
  ) {
    const maxConnections = positiveInteger(options, "maxConnections", DEFAULT_MAX_CONNECTIONS);
    this.maxInflight = positiveInteger(options, "maxInflightRequests", DEFAULT_MAX_INFLIGHT_REQUESTS);
    const maxBuffered = positiveInteger(options, "maxBufferedResponseBytes", DEFAULT_MAX_BUFFERED_RESPONSE_BYTES);
    const timeout = positiveInteger(options, "slowReaderTimeoutMs", DEFAULT_SLOW_READER_TIMEOUT_MS);
    this.requestTimeoutMs = positiveInteger(options, "requestTimeoutMs", DEFAULT_REQUEST_TIMEOUT_MS);
    this.maxBufferedRequestBytes = positiveInteger(
      options,
      "maxBufferedRequestBytes",
      Math.min(Number.MAX_SAFE_INTEGER, Math.ceil(this.maxInflight * maxBodyBytes)),
    );
    if (Number.isFinite(maxBodyBytes) && this.maxBufferedRequestBytes < maxBodyBytes)
      throw new RangeError(
        `maxBufferedRequestBytes must be at least maxBodyBytes (${maxBodyBytes}), or no body of the largest size could be received (got ${this.maxBufferedRequestBytes})`,
      );
    this.connections = new ConnectionGuard(maxConnections);
    this.bodies = new RequestBodyBudget(this.maxBufferedRequestBytes);
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
   * Every request first: runs `handle` once it is the request's turn on its
   * connection (see http-pipeline.ts), tracking its connection and response —
   * unless it has been answered already (refused: too many connections, or too
   * many requests pipelined) or its connection closed meanwhile.
   */
  onRequest(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
    this.pipeline.admit(req, res, () => {
      if (!this.connections.requestStarted(req, res)) {
        refuseForLoad(res, 503, "Service Unavailable: too many connections", { close: true });
        return;
      }
      this.readers.watch(res);
      handle();
    });
  }

  /**
   * A GET stream, held open for the client: its connection may be closed to admit
   * another one once nothing else is idle, or when streams hold more than their
   * share of the connections (see http-connections.ts).
   */
  holdOpen(req: IncomingMessage, res: ServerResponse): void {
    this.connections.streamOpened(req, res, this.clientKey(req));
  }

  /**
   * Reads a POST body (see http-body.ts `readBody`). A large one is counted against
   * `maxBufferedRequestBytes` while it arrives, and refused — before it is read, or
   * as soon as it is seen — while no slot is free to parse it: reading a body only
   * to refuse it costs more than the refusal. While it arrives the request waits
   * for its client (see http-connections.ts). Undefined when the request has been
   * answered or abandoned.
   */
  async readBody(req: IncomingMessage, res: ServerResponse, large: boolean): Promise<string | undefined> {
    if (large && this.admission.full()) {
      this.admission.countRefusal();
      this.refuse(res, null);
      return undefined;
    }
    const account = large ? this.bodies.open() : undefined;
    const received = this.connections.waitForClient(req, res, this.clientKey(req));
    try {
      return await readBody(req, res, this.maxBodyBytes, (bytes) => {
        if (account === undefined) return true;
        if (this.admission.full()) {
          this.admission.countRefusal();
          this.refuse(res, null, true);
          return false;
        }
        if (account.take(bytes)) return true;
        const message = `Service Unavailable: the request bodies being received hold ${this.maxBufferedRequestBytes} bytes`;
        refuseForLoad(res, 503, message, { close: true });
        return false;
      });
    } finally {
      account?.close();
      received();
    }
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
      ...this.pipeline.counts(),
      ...this.bodies.counts(),
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
   * the rest of its body is small (under 64 KiB) and not `partlyRead`: reading it
   * to throw it away costs less than the client's reconnecting at once. A larger
   * rest is not read: the connection is closed.
   */
  private refuse(res: ServerResponse, id: JsonRpcId | null, partlyRead = false): void {
    const declared = res.req.headers["content-length"];
    const close = partlyRead || declared === undefined || !(Number(declared) <= SMALL_BODY_BYTES);
    const message = `Service Unavailable: ${this.maxInflight} tool calls, tool lists or large requests are in flight`;
    refuseForLoad(res, 503, message, { id, close });
  }
}

function positiveInteger(options: HttpLimitOptions, key: keyof HttpLimitOptions, fallback: number): number {
  const value = options[key] ?? fallback;
  if (!(Number.isSafeInteger(value) && value > 0))
    throw new RangeError(`${key} must be a positive integer (got ${value})`);
  return value;
}
