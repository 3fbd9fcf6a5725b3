/**
 * The HTTP server's connection limit. Every connection uses a file descriptor
 * and some memory, and one that sends nothing costs its sender almost nothing:
 * without a limit, a flood of idle connections uses up the process's file
 * descriptors and new clients are reset.
 *
 * At `maxConnections`, a new connection first closes another one that the server
 * is only waiting on:
 * - the connection idle the longest (no request in progress: never used yet, or
 *   kept alive between requests);
 * - else one whose requests all wait for their client — a request body still
 *   arriving, or a GET stream open for server messages (it carries none of a
 *   call's messages: those go on the call's own POST) — the oldest of the client
 *   that has the most of them. A client re-opens a closed stream; a flood of
 *   held-open streams or slowly sent bodies then only displaces itself, and
 *   mostly its own sender's.
 * GET streams may hold at most seven eighths of the connections: one more closes
 * the oldest stream of the client holding the most. Long-lived streams then never
 * fill the table, and a client re-opening its closed streams at once displaces
 * streams, not the connections of requests that come and go.
 * Only when every connection has a request the server is working on is the
 * newcomer refused: its first request gets a quick 503 with `Retry-After` and the
 * connection is closed; if it sends nothing, it is closed after
 * {@link REFUSED_GRACE_MS}. Refused connections still awaiting that are bounded by
 * Node's `server.maxConnections` (set to the limit plus a headroom), beyond which
 * Node drops new connections at once.
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
  /** Idle or waiting connections closed to admit a new one, and streams over their share (cumulative). */
  evictedConnections: number;
}

/** What the server does with a connection now (see the file comment). */
type ConnectionState = "idle" | "waiting" | "busy";

/** An admitted connection. */
interface Connection {
  /** Requests in progress. */
  requests: number;
  /** Of those, the ones waiting for their client. */
  waiting: number;
  /** The client of its last waiting request. */
  client: string;
  state: ConnectionState;
  /** The client of the GET stream it holds, if any. */
  streamOf: string | undefined;
}

/** Tracks a server's connections, which of them are idle or only waiting, and admits or refuses new ones. */
export class ConnectionGuard {
  private readonly open = new Map<Socket, Connection>();
  /** Idle connections, longest idle first. */
  private readonly idle = new Set<Socket>();
  /** Waiting connections per client, longest waiting first. */
  private readonly waitingByClient = new Map<string, Set<Socket>>();
  /** Connections holding a GET stream per client, oldest first. */
  private readonly streamsByClient = new Map<string, Set<Socket>>();
  private streams = 0;
  /** Most GET streams open at once (see the file comment). */
  private readonly maxStreams: number;
  /** Connections refused, until they close (each gets a 503 for its first request). */
  private readonly refused = new Set<Socket>();
  private refusedTotal = 0;
  private evictedTotal = 0;

  constructor(private readonly maxConnections: number) {
    this.maxStreams = maxConnections - Math.floor(maxConnections / 8);
  }

  /** Starts tracking `server`'s connections (call before it accepts any). */
  attach(server: Server): void {
    server.maxConnections = this.maxConnections + Math.max(16, Math.ceil(this.maxConnections / 4));
    server.on("connection", (socket: Socket) => this.onConnection(socket));
  }

  counts(): ConnectionCounts {
    return {
      connections: this.open.size,
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
    const connection = this.open.get(socket);
    if (connection === undefined) return true; // closed meanwhile
    connection.requests++;
    this.place(socket, connection);
    res.once("close", () => {
      connection.requests--;
      this.place(socket, connection);
    });
    return true;
  }

  /**
   * The request of `res` now waits for its client (its body to arrive, or the
   * client to take a stream's messages) until the returned function is called or
   * the response closes.
   */
  waitForClient(req: IncomingMessage, res: ServerResponse, client: string): () => void {
    const socket = req.socket;
    const connection = this.open.get(socket);
    if (connection === undefined || res.closed) return () => undefined;
    // Its client names the connection while it waits (not while it is in a client's set).
    if (connection.waiting === 0) connection.client = client;
    connection.waiting++;
    this.place(socket, connection);
    let waiting = true;
    const stop = (): void => {
      if (!waiting) return;
      waiting = false;
      res.off("close", stop);
      connection.waiting--;
      this.place(socket, connection);
    };
    // Before requestStarted's own listener: the connection is never seen with a request gone but still waiting.
    res.prependOnceListener("close", stop);
    return stop;
  }

  /**
   * The request of `res` holds a GET stream open for its client: it waits for the
   * client (see {@link waitForClient}) until the response closes, and over the
   * streams' share of the connections, the oldest stream of the client holding the
   * most is closed.
   */
  streamOpened(req: IncomingMessage, res: ServerResponse, client: string): void {
    const socket = req.socket;
    const connection = this.open.get(socket);
    if (connection === undefined || connection.streamOf !== undefined || res.closed) return;
    this.waitForClient(req, res, client);
    let own = this.streamsByClient.get(client);
    if (own === undefined) this.streamsByClient.set(client, (own = new Set()));
    own.add(socket);
    this.streams++;
    connection.streamOf = client;
    res.once("close", () => this.streamEnded(socket, connection));
    if (this.streams > this.maxStreams) {
      const victim = heaviest(this.streamsByClient)?.values().next().value;
      if (victim !== undefined && victim !== socket) this.close(victim);
    }
  }

  /** Forgets a connection's GET stream (it ended, or its connection is closing). Idempotent. */
  private streamEnded(socket: Socket, connection: Connection): void {
    const client = connection.streamOf;
    if (client === undefined) return;
    connection.streamOf = undefined;
    this.streams--;
    const own = this.streamsByClient.get(client);
    if (own?.delete(socket) && own.size === 0) this.streamsByClient.delete(client);
  }

  /** Moves a connection to the set its requests put it in. */
  private place(socket: Socket, connection: Connection): void {
    const state: ConnectionState =
      connection.requests <= 0 ? "idle" : connection.waiting >= connection.requests ? "waiting" : "busy";
    if (state === connection.state || !this.open.has(socket)) return;
    this.leave(socket, connection);
    connection.state = state;
    if (state === "idle") this.idle.add(socket);
    else if (state === "waiting") {
      let own = this.waitingByClient.get(connection.client);
      if (own === undefined) this.waitingByClient.set(connection.client, (own = new Set()));
      own.add(socket);
    }
  }

  /** Takes a connection out of its state's set. */
  private leave(socket: Socket, connection: Connection): void {
    if (connection.state === "idle") this.idle.delete(socket);
    else if (connection.state === "waiting") {
      const own = this.waitingByClient.get(connection.client);
      if (own?.delete(socket) && own.size === 0) this.waitingByClient.delete(connection.client);
    }
  }

  private onConnection(socket: Socket): void {
    if (this.open.size >= this.maxConnections && !this.evict()) {
      this.refused.add(socket);
      this.refusedTotal++;
      socket.once("close", () => this.refused.delete(socket));
      // One that never sends a request is not kept waiting for it.
      const timer = setTimeout(() => socket.destroy(), REFUSED_GRACE_MS);
      timer.unref();
      socket.once("close", () => clearTimeout(timer));
      return;
    }
    const connection: Connection = { requests: 0, waiting: 0, client: "", state: "idle", streamOf: undefined };
    this.open.set(socket, connection);
    this.idle.add(socket);
    socket.once("close", () => this.forget(socket));
  }

  private forget(socket: Socket): void {
    const connection = this.open.get(socket);
    if (connection === undefined) return;
    this.leave(socket, connection);
    this.streamEnded(socket, connection);
    this.open.delete(socket);
  }

  /**
   * Closes the longest-idle connection, else the longest-waiting one of the client
   * with the most waiting ones; false when every connection is busy.
   */
  private evict(): boolean {
    const victim: Socket | undefined =
      this.idle.values().next().value ?? heaviest(this.waitingByClient)?.values().next().value;
    if (victim === undefined) return false;
    this.close(victim);
    return true;
  }

  /** Closes a connection to make room (its client sees it closed, and may open another). */
  private close(socket: Socket): void {
    this.forget(socket);
    socket.destroy();
    this.evictedTotal++;
  }
}

/** The largest set of a map of sets (the first found among equals). */
function heaviest<T>(sets: Map<string, Set<T>>): Set<T> | undefined {
  let largest: Set<T> | undefined;
  for (const set of sets.values()) if (largest === undefined || set.size > largest.size) largest = set;
  return largest;
}
