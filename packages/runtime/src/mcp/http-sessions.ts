/**
 * The stateful HTTP server's session table and its limits.
 *
 * Sessions cost memory and are opened by a single cheap `initialize` request, so
 * they are limited three ways:
 * - globally (`maxSessions`), to bound memory;
 * - per client (`maxSessionsPerClient`, clients told apart by remote address), so
 *   one client that opens sessions in a loop cannot lock every other client out
 *   until its sessions expire;
 * - in time: a session that has only been initialized — no other request on it
 *   yet — expires after a short idle time (`unusedSessionIdleTimeoutMs`), one in
 *   use after the long one (`sessionIdleTimeoutMs`). Real clients send
 *   `notifications/initialized` right after `initialize`, so only abandoned or
 *   abusive sessions are reaped early.
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
  /** Date.now() of the last request on the session. */
  lastSeen: number;
  /** A request other than the opening `initialize` has arrived. */
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

/** Open (and opening) sessions of one server, by id and by client, with their reaper. */
export class SessionTable<S extends TrackedSession> {
  private readonly all = new Set<S>();
  private readonly byId = new Map<string, S>();
  private readonly perClient = new Map<string, number>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly limits: SessionLimits) {}

  /** Sessions with an id (what `sessionCount` reports). */
  get size(): number {
    return this.byId.size;
  }

  /** Why a new session for `client` must be refused, or undefined when it may open. */
  refusal(client: string): SessionRefusal | undefined {
    if (this.all.size >= this.limits.maxSessions) return "global";
    if ((this.perClient.get(client) ?? 0) >= this.limits.maxSessionsPerClient) return "client";
    return undefined;
  }

  /** Counts a session being opened (before it has an id). */
  add(session: S): void {
    this.all.add(session);
    this.perClient.set(session.client, (this.perClient.get(session.client) ?? 0) + 1);
    this.startSweeper();
  }

  /** Records the id the transport assigned. */
  setId(session: S, id: string): void {
    session.id = id;
    if (this.all.has(session)) this.byId.set(id, session);
  }

  get(id: string): S | undefined {
    return this.byId.get(id);
  }

  /** Forgets a session (closed, expired, or its `initialize` failed). Idempotent. */
  remove(session: S): void {
    if (!this.all.delete(session)) return;
    if (session.id !== undefined && this.byId.get(session.id) === session) this.byId.delete(session.id);
    const left = (this.perClient.get(session.client) ?? 1) - 1;
    if (left <= 0) this.perClient.delete(session.client);
    else this.perClient.set(session.client, left);
  }

  /** Every tracked session, emptying the table (for shutdown). */
  drain(): S[] {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    const sessions = [...this.all];
    this.all.clear();
    this.byId.clear();
    this.perClient.clear();
    return sessions;
  }

  /** Closes sessions idle past their limit (unused ones sooner) that have no call in flight. */
  sweep(now = Date.now()): void {
    const { idleMs, unusedIdleMs } = this.limits;
    // An unused session never outlives a used one.
    const unusedLimit = unusedIdleMs <= 0 ? idleMs : idleMs <= 0 ? unusedIdleMs : Math.min(idleMs, unusedIdleMs);
    for (const session of [...this.all]) {
      const limit = session.used ? idleMs : unusedLimit;
      if (limit > 0 && now - session.lastSeen > limit && !session.busy()) {
        this.remove(session);
        try {
          session.close();
        } catch {
          // Runs from a timer: a throw here would end the process.
        }
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
