/**
 * The request bodies the HTTP server is receiving, and the bound on what they hold.
 *
 * A large body (over 64 KiB, or of unknown length) is read before it takes a slot
 * of `maxInflightRequests`: a slot taken on its headers would be held by a sender
 * that never finishes — until `requestTimeoutMs` — and a few such senders would
 * hold every slot at the cost of a few headers. What a body holds while it arrives
 * is the bytes received so far, so those are what is bounded: large bodies
 * together may hold `maxBufferedRequestBytes`, and a chunk that does not fit has
 * its request refused. Holding the bound then takes sending that many bytes, not
 * announcing them, and `requestTimeoutMs` ends a body that never completes.
 * Smaller bodies are not counted: `maxConnections` of them hold 64 MiB at most.
 */

/** Counters of a {@link RequestBodyBudget}. */
export interface RequestBodyCounts {
  /** Bytes of large request bodies received and not yet complete, now. */
  bufferedRequestBytes: number;
  /** Requests refused because their body did not fit in `maxBufferedRequestBytes` (cumulative). */
  refusedRequestBodies: number;
}

/** Bytes of the large request bodies being received, against one bound. */
export class RequestBodyBudget {
  private buffered = 0;
  private refusedTotal = 0;

  constructor(private readonly maxBytes: number) {}

  counts(): RequestBodyCounts {
    return { bufferedRequestBytes: this.buffered, refusedRequestBodies: this.refusedTotal };
  }

  /** The account of one body being received; close it once the body is complete or abandoned. */
  open(): BodyAccount {
    return new BodyAccount(this);
  }

  /** Called by accounts: takes `bytes`, or counts a refusal and returns false when they do not fit. */
  take(bytes: number): boolean {
    if (this.buffered + bytes > this.maxBytes) {
      this.refusedTotal++;
      return false;
    }
    this.buffered += bytes;
    return true;
  }

  /** Called by accounts. */
  give(bytes: number): void {
    this.buffered -= bytes;
  }
}

/** What one body holds of a {@link RequestBodyBudget}. */
export class BodyAccount {
  private held = 0;
  private closed = false;

  constructor(private readonly budget: RequestBodyBudget) {}

  /** Counts `bytes` more of the body; false (nothing counted) when they do not fit. */
  take(bytes: number): boolean {
    if (this.closed || !this.budget.take(bytes)) return false;
    this.held += bytes;
    return true;
  }

  /** Gives back what the body held. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.budget.give(this.held);
    this.held = 0;
  }
}
