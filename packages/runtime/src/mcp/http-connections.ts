/**
 * The HTTP server's connection limit. Every connection uses a file descriptor
 * and some memory, and one that sends nothing costs its sender almost nothing:
 * without a limit, a flood of idle connections uses up the process's file
 * descriptors and new clients are reset.
 *
 * At `maxConnections`, a new connection first closes the connection that has
 * been idle the longest (no request in progress: never used yet, or kept alive
 * between requests) — a flood of idle connections then only displaces itself,
 * while a client that sends its request at once gets served. Only when every
 * connection has a request in progress is the newcomer refused: its first
 * request gets a quick 503 with `Retry-After` and the connection is closed; if
 * it sends nothing, it is closed after {@link REFUSED_GRACE_MS}. Refused
 * connections still awaiting that are bounded by Node's `server.maxConnections`
 * (set to the limit plus a headroom), beyond which Node drops new connections at
 * once.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long a refused connection may take to send the request its 503 answers. */
export const REFUSED_GRACE_MS = 2_000;

/** Counters of a {@link ConnectionGuard}. */
export interface ConnectionCounts {
  /** Connections open and admitted (refused ones awaiting their 503 excluded). */
  connections: number;
  /** Connections refused because every admitted one was busy (cumulative). */
  refusedConnections: number;
  /** Idle connections closed to admit a new one (cumulative). */
  evictedConnections: number;
}

/** Tracks a server's connections, which of them are idle, and admits or refuses new ones. */
export class ConnectionGuard {
  /** Admitted connections without a request in progress, longest idle first. */
  private readonly idle = new Set<Socket>();
  /** Admitted connections with requests in progress, and how many. */
  private readonly busy = new Map<Socket, number>();
  /** Connections refused, until they close (each gets a 503 for its first request). */
  private readonly refused = new Set<Socket>();
  private refusedTotal = 0;
  private evictedTotal = 0;

  constructor(private readonly maxConnections: number) {}

  /** Starts tracking `server`'s connections (call before it accepts any). */
  attach(server: Server): void {
    server.maxConnections = this.maxConnections + Math.max(16, Math.ceil(this.maxConnections / 4));
    server.on("connection", (socket: Socket) => this.onConnection(socket));
  }

  counts(): ConnectionCounts {
    return {
      connections: this.idle.size + this.busy.size,
      refusedConnections: this.refusedTotal,
      evictedConnections: this.evictedTotal,
    };
  }

  /**
   * Marks the request's connection busy until the response closes. False when the
   * connection was refused: the caller answers 503 (see http-replies.ts `refuseForLoad`).
   */
  requestStarted(req: IncomingMessage, res: ServerResponse): boolean {
    const socket = req.socket;
    if (this.refused.has(socket)) return false;
    if (!this.idle.delete(socket) && !this.busy.has(socket)) return true; // closed meanwhile
    this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
    res.once("close", () => this.requestEnded(socket));
    return true;
  }

  private requestEnded(socket: Socket): void {
    const left = (this.busy.get(socket) ?? 0) - 1;
    if (left > 0) {
      this.busy.set(socket, left);
      return;
    }
    if (!this.busy.delete(socket)) return;
    if (!socket.destroyed) this.idle.add(socket);
  }

  private onConnection(socket: Socket): void {
    if (this.idle.size + this.busy.size >= this.maxConnections && !this.evictIdle()) {
      this.refused.add(socket);
      this.refusedTotal++;
      socket.once("close", () => this.refused.delete(socket));
      // One that never sends a request is not kept waiting for it.
      const timer = setTimeout(() => socket.destroy(), REFUSED_GRACE_MS);
      timer.unref();
      socket.once("close", () => clearTimeout(timer));
      return;
    }
    this.idle.add(socket);
    socket.once("close", () => {
      this.idle.delete(socket);
      this.busy.delete(socket);
    });
  }

  /** Closes the longest-idle connection; false when every connection is busy. */
  private evictIdle(): boolean {
    for (const socket of this.idle) {
      this.idle.delete(socket);
      socket.destroy();
      this.evictedTotal++;
      return true;
    }
    return false;
  }
}
