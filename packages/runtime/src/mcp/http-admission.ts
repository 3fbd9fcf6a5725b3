/**
 * The HTTP server's limit on requests in flight, and the order in which they run.
 *
 * What costs memory and CPU is the requests whose answer may be large — tool
 * calls (their arguments, validation, handler and result) and tool lists (a page
 * of every tool's schemas) — and large bodies (parsed). Those requests take slots
 * — one per `tools/call` or `tools/list` in the body, at least one for a large
 * body once it has arrived — from `maxInflightRequests`, across both protocol
 * eras, and hold them until their work is done and their response has left;
 * without a free slot they are refused at once (503, `Retry-After`). Other
 * requests with a small body (`ping`, `initialize`, `server/discover`,
 * notifications) take no slot: they are answered on arrival.
 *
 * Admitted requests then wait for their turn, in arrival order: one request
 * per event-loop turn after a costly turn, more (doubling up to a bound) after
 * cheap ones. Parsing a large body, validating a large argument or running a
 * synchronous handler blocks the event loop while it lasts; with turns, the I/O
 * that arrived meanwhile (a `ping` on another connection, a new connection, the
 * next request's body) is served between two of them, instead of after all of
 * them.
 */

/** The pause after a turn, as a share of the turn's length: turns get at least 80% of a busy loop. */
const REST_SHARE = 0.25;
/** The longest pause between two turns. */
const MAX_REST_MS = 100;
/** A turn (with the poll after it) shorter than this is cheap: the next one may run more requests. */
const CHEAP_TURN_MS = 2;
/** Most requests one turn runs. */
const MAX_TURN_BATCH = 32;

/** Counters of a {@link RequestAdmission}. */
export interface AdmissionCounts {
  /** Slots taken (tool calls, tool lists and large bodies in flight). */
  inflightRequests: number;
  /** Admitted requests waiting for their turn. */
  queuedRequests: number;
  /** Requests refused because no slot was free (cumulative). */
  refusedRequests: number;
}

/** Slots held by one request; released once, when its work is done (see {@link RequestAdmission.admit}). */
export class AdmissionTicket {
  released = false;
  /** Work still running after the HTTP response ended (2025-era session calls: see `hold`). */
  private holds = 0;
  private responseClosed = false;
  /** Resolves the wait for this ticket's turn (set while queued). */
  onTurn: ((go: boolean) => void) | undefined = undefined;

  constructor(
    private readonly admission: RequestAdmission,
    public slots: number,
  ) {}

  /** Keeps the slots past the end of the response until {@link settle} is called (once per hold). */
  hold(): void {
    this.holds++;
  }

  /** One piece of held work is done. */
  settle(): void {
    if (this.holds > 0) this.holds--;
    this.releaseIfDone();
  }

  /** The HTTP response has closed (answered, or the client went away). */
  responseEnded(): void {
    this.responseClosed = true;
    this.releaseIfDone();
  }

  private releaseIfDone(): void {
    if (this.released || !this.responseClosed || this.holds > 0) return;
    this.released = true;
    this.admission.release(this);
  }
}

/** Slots for requests in flight (see the file comment), and their turns. */
export class RequestAdmission {
  private inflight = 0;
  private refusedTotal = 0;
  /** Tickets waiting for their turn, in arrival order. */
  private readonly waiting: AdmissionTicket[] = [];
  private pumping = false;
  /** Requests the next turn runs (see afterTurn). */
  private batch = 1;

  constructor(private readonly maxInflight: number) {}

  counts(): AdmissionCounts {
    return { inflightRequests: this.inflight, queuedRequests: this.waiting.length, refusedRequests: this.refusedTotal };
  }

  /** True when not one slot is free. */
  full(): boolean {
    return this.inflight >= this.maxInflight;
  }

  /** Counts a request refused for want of a slot without asking {@link admit} (it checked {@link full}). */
  countRefusal(): void {
    this.refusedTotal++;
  }

  /**
   * Takes `slots` slots (released when the response closes, see AdmissionTicket),
   * or returns undefined — counted as refused — when they are not free.
   */
  admit(slots: number): AdmissionTicket | undefined {
    if (this.inflight + slots > this.maxInflight) {
      this.refusedTotal++;
      return undefined;
    }
    this.inflight += slots;
    return new AdmissionTicket(this, slots);
  }

  /** Takes `more` slots for an admitted request (a large body turned out to hold a batch of calls). */
  grow(ticket: AdmissionTicket, more: number): boolean {
    if (more <= 0) return true;
    if (this.inflight + more > this.maxInflight) {
      this.refusedTotal++;
      return false;
    }
    this.inflight += more;
    ticket.slots += more;
    return true;
  }

  /**
   * Resolves true on the ticket's turn — at most one per event-loop turn — or
   * false once it was released while waiting (its request closed: nothing to run).
   */
  turn(ticket: AdmissionTicket): Promise<boolean> {
    if (ticket.released) return Promise.resolve(false);
    if (!this.pumping && this.batch > 1) {
      // Nothing waits and the last turns were cheap: this one runs now, and is measured like any other.
      this.pumping = true;
      const startedAt = performance.now();
      setImmediate(() => this.afterTurn(performance.now() - startedAt));
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      ticket.onTurn = resolve;
      this.waiting.push(ticket);
      this.pump();
    });
  }

  /** Called by the ticket. */
  release(ticket: AdmissionTicket): void {
    this.inflight -= ticket.slots;
    if (ticket.onTurn === undefined) return;
    const i = this.waiting.indexOf(ticket);
    if (i !== -1) this.waiting.splice(i, 1);
    this.wake(ticket, false);
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    // setImmediate runs after the poll phase: the I/O that came meanwhile runs first.
    setImmediate(() => this.nextTurn());
  }

  private nextTurn(): void {
    for (let n = 0; n < this.batch && this.waiting.length > 0; n++) this.wake(this.waiting.shift()!, true);
    const startedAt = performance.now();
    // The turn runs in the microtasks right after this callback; the next
    // immediate comes after it and one poll.
    setImmediate(() => this.afterTurn(performance.now() - startedAt));
  }

  /**
   * Other I/O's time between two turns: at least one more poll (Node accepts one
   * connection per poll and reads it in a later one, so a new connection's
   * `ping` is read between two turns), and after a long turn a pause of a share
   * of its length, in which the loop accepts and serves whatever else waits.
   * Cheap turns let the next one run twice as many requests (the overhead of a
   * turn is then shared by many quick calls); a costly one, a single request.
   */
  private afterTurn(turnMs: number): void {
    this.batch = turnMs < CHEAP_TURN_MS ? Math.min(MAX_TURN_BATCH, this.batch * 2) : 1;
    if (this.waiting.length === 0) {
      this.pumping = false;
      return;
    }
    const pauseMs = Math.min(MAX_REST_MS, turnMs * REST_SHARE);
    if (pauseMs >= 1) setTimeout(() => this.nextTurn(), pauseMs);
    else setImmediate(() => this.nextTurn());
  }

  private wake(ticket: AdmissionTicket, go: boolean): void {
    const resolve = ticket.onTurn;
    ticket.onTurn = undefined;
    resolve?.(go);
  }
}
