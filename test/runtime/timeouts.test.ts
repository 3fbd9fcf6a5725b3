import { describe, expect, it } from "vitest";
import { clearDeadline, pendingDeadlines, setDeadline, type Expirable } from "../../packages/runtime/src/timeouts.js";

class Item implements Expirable {
  deadline = 0;
  timeoutList: Expirable["timeoutList"] = undefined;
  timeoutPrev: Expirable | undefined = undefined;
  timeoutNext: Expirable | undefined = undefined;
  expiredAt: number | undefined;
  constructor(
    readonly label: string,
    readonly log: string[],
  ) {}
  expire(): void {
    this.expiredAt = performance.now();
    this.log.push(this.label);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// No elapsed time is asserted: a loaded machine only makes timers late. Each test waits until
// nothing is pending (however long that takes), then checks the order things expired in, and
// that none expired before its own deadline.

/** Resolves once no deadline is pending. */
async function allExpired(): Promise<void> {
  while (pendingDeadlines() > 0) await sleep(5);
}

describe("shared deadline timer", () => {
  it("expires items in deadline order across durations", async () => {
    const log: string[] = [];
    const a = new Item("a40", log);
    const b = new Item("b10", log);
    const c = new Item("c25", log);
    const d = new Item("d10", log);
    setDeadline(a, 40);
    setDeadline(b, 10);
    setDeadline(c, 25);
    setDeadline(d, 10);
    expect(pendingDeadlines()).toBe(4);
    await allExpired();
    expect(log).toEqual(["b10", "d10", "c25", "a40"]);
    for (const item of [a, b, c, d]) expect(item.expiredAt).toBeGreaterThanOrEqual(item.deadline);
  });

  it("never expires cleared items, wherever they sit in the list", async () => {
    const log: string[] = [];
    const items = ["x", "y", "z"].map((l) => new Item(l, log));
    for (const item of items) setDeadline(item, 10);
    clearDeadline(items[1]);
    clearDeadline(items[1]); // idempotent
    clearDeadline(items[0]);
    expect(pendingDeadlines()).toBe(1);
    await allExpired();
    // All three had the same deadline: cleared ones left in the list would have expired with z.
    expect(log).toEqual(["z"]);
  });

  it("lets expire() schedule new deadlines", async () => {
    const log: string[] = [];
    const second = new Item("second", log);
    const first = new Item("first", log);
    first.expire = () => {
      log.push("first");
      setDeadline(second, 5);
    };
    setDeadline(first, 5);
    await allExpired();
    expect(log).toEqual(["first", "second"]);
  });

  it("handles limits beyond setTimeout's maximum without firing early", async () => {
    const log: string[] = [];
    const far = new Item("far", log);
    setDeadline(far, 10 ** 10);
    await sleep(10);
    expect(log).toEqual([]);
    clearDeadline(far);
    expect(pendingDeadlines()).toBe(0);
  });

  it("keeps a list in deadline order when an item counts from an earlier start", async () => {
    const log: string[] = [];
    const now = performance.now();
    const late = new Item("late", log);
    const early = new Item("early", log);
    const middle = new Item("middle", log);
    setDeadline(late, 20, now);
    // Same duration, earlier starts (calls that arrived first but were validated last).
    setDeadline(early, 20, now - 15);
    setDeadline(middle, 20, now - 5);
    expect([early.timeoutNext, middle.timeoutNext, late.timeoutNext]).toEqual([middle, late, undefined]);
    expect([early.timeoutPrev, middle.timeoutPrev, late.timeoutPrev]).toEqual([undefined, early, middle]);
    await allExpired();
    expect(log).toEqual(["early", "middle", "late"]);
    for (const item of [late, early, middle]) expect(item.expiredAt).toBeGreaterThanOrEqual(item.deadline);
  });
});
