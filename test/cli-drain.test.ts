import { describe, expect, it, vi } from "vitest";
import { Writable } from "node:stream";
import { whenDrained } from "../src/cli/io.js";

// generate --watch waits for its line to leave before its bookkeeping: standard output to
// a pipe is written while the process is idle.

/** A stream that takes each write only when `release` is called. */
function slowStream(): { stream: Writable; release: () => void } {
  const waiting: Array<() => void> = [];
  const stream = new Writable({ highWaterMark: 4, write: (_chunk, _enc, done) => void waiting.push(done) });
  return { stream, release: () => waiting.splice(0).forEach((done) => done()) };
}

describe("whenDrained", () => {
  it("resolves at once when nothing waits to be written", async () => {
    await expect(whenDrained(new Writable({ write: (_c, _e, done) => done() }))).resolves.toBeUndefined();
  });

  it("resolves when what was written has left, not before, and leaves no listener behind", async () => {
    const { stream, release } = slowStream();
    stream.write("more than four bytes");
    expect(stream.writableNeedDrain).toBe(true);
    let done = false;
    const drained = whenDrained(stream, 60_000).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    release();
    await drained;
    expect(done).toBe(true);
    expect(stream.listenerCount("drain") + stream.listenerCount("close") + stream.listenerCount("error")).toBe(0);
  });

  it("stops waiting after the time given, or when the stream is closed", async () => {
    vi.useFakeTimers();
    try {
      const stuck = slowStream().stream;
      stuck.write("more than four bytes");
      let done = false;
      const waiting = whenDrained(stuck, 30).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(29);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      await waiting;
    } finally {
      vi.useRealTimers();
    }
    const closed = slowStream().stream;
    closed.write("more than four bytes");
    const waiting = whenDrained(closed, 60_000);
    closed.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });
});
