/**
 * The stateful HTTP server's session table and its limits.
 *
 * Sessions cost memory and are opened by a single cheap `initialize` request, so
 * they are limited three ways:
 * - globally (`maxSessions`), to bound memory;
 * - per client (`maxSessionsPerClient`, clients told apart by remote address), so
 *   that one client opening sessions in a loop churns through its own share;
 * - in time: a session that has only been initialized — no other request on it
 *   yet — expires after a short idle time (`unusedSessionIdleTimeoutMs`), one in
 *   use after the long one (`sessionIdleTimeoutMs`). Real clients send
 *   `notifications/initialized` right after `initialize`, so only abandoned or
 *   abusive sessions are reaped early.
 *
 * A full table (or a client at its share) does not refuse newcomers: it closes
 * the least recently used idle session — no call in flight — of the client (or
 * of anyone), sessions never used after `initialize` first. Refusing would let
 * whoever holds the sessions lock everyone else out, and on loopback every
 * client has the same address. The client of an evicted session gets 404 on its
 * next request, which tells it to initialize again. Only when every candidate
 * has a call in flight is the newcomer refused (503 globally, 429 for a client).
 *
 * A session counts toward the limits from the moment its `initialize` request
 * is accepted (not when the transport confirms it), so concurrent `initialize`
 * requests cannot overshoot them.
 */
import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";

/** What the table needs to know about a session. */
export interface TrackedSession {
  /** The `Mcp-Session-Id`, once the transport has assigned it. */
  id: string | undefined;
  /** {@link clientKeyOf} of the request that opened it. */
  readonly client: string;
  /** Date.now() of the last request on the session (set by {@link SessionTable.touch}). */
  lastSeen: number;
  /** A request other than the opening `initialize` has arrived (set by {@link SessionTable.touch}). */
  used: boolean;
  /** Calls in flight (a session is never reaped while it has any). */
  busy(): boolean;
  /** Ends the session (its transport's close, which ends in {@link SessionTable.remove}). */
  close(): void;
}

/** Why a new session was refused. */
export type SessionRefusal = "global" | "client";

/** Limits of a {@link SessionTable} (all validated by the caller). */
export interface SessionLimits {
  maxSessions: number;
  maxSessionsPerClient: number;
  /** Idle time of sessions in use (ms); 0: never expire. */
  idleMs: number;
  /** Idle time of sessions never used after `initialize` (ms), capped by idleMs; 0: same as idleMs. */
  unusedIdleMs: number;
}

/**
 * The client a request comes from, for the per-client limit: its remote address,
 * IPv4-mapped IPv6 addresses as IPv4, other IPv6 addresses by their /64 prefix
 * (one host usually has a whole /64 to pick addresses from).
 */
export function clientKeyOf(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? "";
  if (address.startsWith("::ffff:") && address.includes(".")) return address.slice(7);
  if (!isIPv6(address)) return address;
  return ipv6Prefix64(address);
}

/** The first four groups of an IPv6 address, expanded (`2001:db8::1` → `2001:db8:0:0::/64`). */
function ipv6Prefix64(address: string): string {
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Open (and opening) sessions of one server, by id, by client and by last use, with their reaper. */
export class SessionTable<S extends TrackedSession> {
  /** Sessions not used since `initialize`, least recently seen first. */
  private readonly unused = new Set<S>();
  /** Sessions used since, least recently seen first. */
  private readonly used = new Set<S>();
  private readonly byId = new Map<string, S>();
  /** Each client's sessions, least recently seen first. */
  private readonly perClient = new Map<string, Set<S>>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  /** Sessions closed to make room for new ones (cumulative). */
  evicted = 0;

  constructor(private readonly limits: SessionLimits) {}

  /** Sessions with an id (what `sessionCount` reports). */
  get size(): number {
    return this.byId.size;
  }

  /**
   * Makes room for a new session of `client`, closing the least recently used
   * idle session of the client when it is at its share, then of anyone when the
   * table is full. Returns why the session must be refused when nothing could be
   * closed, else undefined.
   */
  makeRoom(client: string): SessionRefusal | undefined {
    const own = this.perClient.get(client);
    if (own !== undefined && own.size >= this.limits.maxSessionsPerClient) {
      if (!this.evictFrom([own], true)) return "client";
    }
    if (this.unused.size + this.used.size >= this.limits.maxSessions) {
      if (!this.evictFrom([this.unused, this.used], false)) return "global";
    }
    return undefined;
  }

  /** Counts a session being opened (before it has an id). */
  add(session: S): void {
    this.unused.add(session);
    let own = this.perClient.get(session.client);
    if (own === undefined) this.perClient.set(session.client, (own = new Set()));
    own.add(session);
    this.startSweeper();
  }

  /** Records the id the transport assigned. */
  setId(session: S, id: string): void {
    session.id = id;
    if (this.unused.has(session) || this.used.has(session)) this.byId.set(id, session);
  }

  get(id: string): S | undefined {
    return this.byId.get(id);
  }

  /** A request arrived on the session (after its `initialize`): it is the most recently used now. */
  touch(session: S): void {
    session.lastSeen = Date.now();
    session.used = true;
    if (!this.unused.delete(session) && !this.used.delete(session)) return; // already removed
    this.used.add(session);
    const own = this.perClient.get(session.client);
    if (own?.delete(session)) own.add(session);
  }

  /** Forgets a session (closed, expired, or its `initialize` failed). Idempotent. */
  remove(session: S): void {
    if (!this.unused.delete(session) && !this.used.delete(session)) return;
    if (session.id !== undefined && this.byId.get(session.id) === session) this.byId.delete(session.id);
    const own = this.perClient.get(session.client);
    if (own?.delete(session) && own.size === 0) this.perClient.delete(session.client);
  }

  /**
   * Closes the first idle session found in `pools` (sets in last-use order,
   * searched in turn), after a first search for unused ones when `unusedFirst`;
   * false when none is idle. Busy sessions are skipped: there are at most as many
   * as calls in flight.
   */
  private evictFrom(pools: readonly Set<S>[], unusedFirst: boolean): boolean {
    for (const preferUnused of unusedFirst ? [true, false] : [false]) {
      for (const pool of pools) {
        for (const session of pool) {
          if (preferUnused && session.used) continue;
          if (session.id === undefined || session.busy()) continue;
          this.remove(session);
          this.evicted++;
          closeQuietly(session);
          return true;
        }
      }
    }
    return false;
  }

  /** Every tracked session, emptying the table (for shutdown). */
  drain(): S[] {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    const sessions = [...this.unused, ...this.used];
    this.unused.clear();
    this.used.clear();
    this.byId.clear();
    this.perClient.clear();
    return sessions;
  }

  /** Closes sessions idle past their limit (unused ones sooner) that have no call in flight. */
  sweep(now = Date.now()): void {
    const { idleMs, unusedIdleMs } = this.limits;
    // An unused session never outlives a used one.
    const unusedLimit = unusedIdleMs <= 0 ? idleMs : idleMs <= 0 ? unusedIdleMs : Math.min(idleMs, unusedIdleMs);
    for (const session of [...this.unused, ...this.used]) {
      const limit = session.used ? idleMs : unusedLimit;
      if (limit > 0 && now - session.lastSeen > limit && !session.busy()) {
        this.remove(session);
        closeQuietly(session);
      }
    }
  }

  private startSweeper(): void {
    if (this.sweeper !== undefined) return;
    const { idleMs, unusedIdleMs } = this.limits;
    const shortest = Math.min(...[idleMs, unusedIdleMs].filter((ms) => ms > 0));
    if (shortest === Infinity) return;
    // Often enough that a session lives at most 1.5× its idle time.
    this.sweeper = setInterval(() => this.sweep(), Math.max(20, Math.min(60_000, shortest / 2)));
    this.sweeper.unref();
  }
}

/** Ends a session from a timer or another request's handling, where a throw must not escape. */
function closeQuietly(session: TrackedSession): void {
  try {
    session.close();
  } catch {
    // Nothing more to do: the session is out of the table already.
  }
}
