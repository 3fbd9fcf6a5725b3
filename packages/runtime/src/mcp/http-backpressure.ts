/**
 * Slow readers: a client that sends requests but does not read the responses
 * makes the server buffer them (in the response's writable buffer, and for
 * 2025-era SSE streams also in the SDK transport's stream queue, which waits
 * for the socket to drain). Unbounded, a few hundred such clients hold
 * gigabytes.
 *
 * Two bounds, per response:
 * - production: while more than `maxBufferedResponseBytes` wait for the reader,
 *   optional messages (progress and log notifications) are not produced for it —
 *   producers ask {@link SlowReaderGuard.congested} first;
 * - time: a response with bytes waiting that has not finished writing any of
 *   them for `slowReaderTimeoutMs` has its connection closed, which frees what
 *   was buffered and the request's slots (the rule of nginx's `send_timeout`: a
 *   reader that keeps reading is never cut off, however large the response).
 */
import type { ServerResponse } from "node:http";

/** Counters of a {@link SlowReaderGuard}. */
export interface SlowReaderCounts {
  /** Connections closed because their reader stopped taking bytes (cumulative). */
  droppedSlowReaders: number;
  /** Notifications not sent because too much already waited for their reader (cumulative). */
  droppedNotifications: number;
}

/** What the sweep remembers of a response: its bytes waiting, and when they last went down. */
interface Watched {
  waiting: number;
  progressAt: number;
}

/** Watches the buffered bytes of open responses and drops readers that stop taking them. */
export class SlowReaderGuard {
  private readonly watched = new Map<ServerResponse, Watched>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private droppedReaders = 0;
  private droppedMessages = 0;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly timeoutMs: number,
  ) {}

  counts(): SlowReaderCounts {
    return { droppedSlowReaders: this.droppedReaders, droppedNotifications: this.droppedMessages };
  }

  /** Watches `res` until it closes. */
  watch(res: ServerResponse): void {
    this.watched.set(res, { waiting: 0, progressAt: performance.now() });
    res.once("close", () => {
      this.watched.delete(res);
      if (this.watched.size === 0) this.stop();
    });
    if (this.sweeper === undefined) {
      // Often enough that a reader is dropped at most a quarter of the timeout late.
      const every = Math.min(1_000, Math.max(10, Math.floor(this.timeoutMs / 4)));
      this.sweeper = setInterval(() => this.sweep(), every);
      this.sweeper.unref();
    }
  }

  /**
   * True when more than the bound waits for `res`'s reader — its writable buffer,
   * or `queued` (the caller's estimate of what waits in front of it) — so an
   * optional message for it should be dropped; counted as dropped.
   */
  congested(res: ServerResponse, queued = 0): boolean {
    if (Math.max(res.writableLength, queued) <= this.maxBufferedBytes) return false;
    this.droppedMessages++;
    return true;
  }

  /** Closes the connections of responses whose reader has taken nothing for the timeout. */
  sweep(now = performance.now()): void {
    for (const [res, seen] of this.watched) {
      const waiting = res.writableLength + kernelWriteQueue(res);
      if (waiting === 0 || waiting < seen.waiting) seen.progressAt = now;
      seen.waiting = waiting;
      if (waiting > 0 && now - seen.progressAt >= this.timeoutMs) {
        this.watched.delete(res);
        this.droppedReaders++;
        res.destroy();
      }
    }
  }

  /** Stops the sweeps (the server is closing, or nothing is watched). */
  stop(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}

/**
 * What waits for a response's reader when messages pass through a queue in front
 * of the socket (the SDK transport's SSE stream): the bytes handed to that queue
 * minus what the socket has flushed since, or the socket's own buffer if larger.
 * Headers and framing make it an underestimate by a few bytes per message.
 */
export class ResponseBacklog {
  private sent = 0;
  private readonly baseline: number;

  constructor(private readonly res: ServerResponse) {
    this.baseline = flushedBytes(res);
  }

  /** Counts `bytes` handed to the queue. */
  add(bytes: number): void {
    this.sent += bytes;
  }

  /** Bytes not yet flushed to the kernel. */
  waiting(): number {
    return Math.max(this.res.writableLength, this.sent - (flushedBytes(this.res) - this.baseline));
  }
}

/**
 * Bytes of the socket's writes still queued in libuv. `writableLength` counts a
 * write until all of it has gone, so a multi-megabyte response would show no
 * progress until the end; libuv's count goes down as the reader takes bytes.
 * Read from Node's stream handle (what `net` itself reads); 0 where there is none.
 */
function kernelWriteQueue(res: ServerResponse): number {
  const handle = (res.socket as { _handle?: { writeQueueSize?: unknown } } | null)?._handle;
  const size = handle?.writeQueueSize;
  return typeof size === "number" ? size : 0;
}

/** Bytes the response's socket has flushed to the kernel (dispatched minus still buffered). */
function flushedBytes(res: ServerResponse): number {
  const socket = res.socket;
  if (socket === null) return 0;
  return (socket.bytesWritten ?? 0) - socket.writableLength;
}
