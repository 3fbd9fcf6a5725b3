/**
 * HTTP/1.1 pipelining, one request at a time per connection.
 *
 * A client may write many requests on a connection without waiting for the
 * answers. Node parses every request in what it read from the socket and emits
 * them all at once; it answers them in order, buffering the answers of the later
 * ones in memory until the earlier ones have been sent. Handled as they come, one
 * chunk of small pipelined requests (hundreds of them) is hundreds of handlers run
 * back to back and hundreds of answers held for a client that may never read.
 *
 * So a request pipelined behind another is handled only once the answer before it
 * has been sent (Node then hands it the connection): a connection has one request
 * handled at a time, and a client that does not read its answers gets no more of
 * them computed. A few requests may wait so per connection; one more is refused
 * (503, `Retry-After`, and the connection is closed after it), which Node buffers
 * as a small answer — and Node stops reading a connection whose buffered answers
 * pass its high-water mark.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { refuseForLoad } from "./http-replies.js";

/** Requests that may wait behind the one being answered on one connection. */
export const MAX_PIPELINED_REQUESTS = 16;

/** Counters of a {@link PipelineGate}. */
export interface PipelineCounts {
  /** Pipelined requests waiting for the answer before them, now. */
  pipelinedRequests: number;
  /** Pipelined requests refused because too many waited on their connection (cumulative). */
  refusedPipelined: number;
}

/** Holds each pipelined request until the answer before it on its connection has been sent. */
export class PipelineGate {
  /** Requests waiting, per connection. */
  private readonly waiting = new Map<Socket, number>();
  private waitingTotal = 0;
  private refusedTotal = 0;

  counts(): PipelineCounts {
    return { pipelinedRequests: this.waitingTotal, refusedPipelined: this.refusedTotal };
  }

  /**
   * Runs `handle` now when no earlier answer is pending on the request's
   * connection, else once it has been sent; never when the connection closes
   * first. Over {@link MAX_PIPELINED_REQUESTS} waiting, answers 503 instead.
   */
  admit(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
    // Node gives a response its socket at once unless an earlier one still holds it.
    if (res.socket !== null) {
      handle();
      return;
    }
    const socket = req.socket;
    const count = this.waiting.get(socket) ?? 0;
    if (count >= MAX_PIPELINED_REQUESTS) {
      this.refusedTotal++;
      refuseForLoad(res, 503, `Service Unavailable: ${count} requests are pipelined on this connection`, {
        close: true,
      });
      return;
    }
    this.waiting.set(socket, count + 1);
    this.waitingTotal++;
    const done = (): void => {
      res.off("socket", onTurn);
      req.off("close", onGone);
      const left = (this.waiting.get(socket) ?? 1) - 1;
      if (left > 0) this.waiting.set(socket, left);
      else this.waiting.delete(socket);
      this.waitingTotal--;
    };
    const onTurn = (): void => {
      done();
      handle();
    };
    // A queued response gets no `close` when its connection dies; its request does.
    const onGone = (): void => done();
    res.once("socket", onTurn);
    req.once("close", onGone);
  }
}
