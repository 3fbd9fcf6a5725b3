/**
 * One shared timer for all time-limited calls.
 *
 * A Node `setTimeout` + `clearTimeout` pair per call would cost more than the rest
 * of the registry's own work on a call, and almost every timer is cleared long
 * before it fires. So pending calls go into per-duration FIFO lists instead
 * (within one duration, deadlines only grow, so the head expires first; Node's
 * own timers use the same idea) and a single Node timer is armed for the
 * earliest deadline.
 * Adding or removing a call is a clock read and a linked-list update; the timer
 * is re-armed only when a call's deadline is earlier than the armed one.
 *
 * The shared timer is ref'd while calls are pending (a hanging handler still
 * times out instead of letting the process exit) and unref'd otherwise (an idle
 * registry never keeps the process alive).
 */

/** Something with a deadline: the fields are managed here, `expire` is called at the deadline. */
export interface Expirable {
  /** performance.now() value at which the item expires. */
  deadline: number;
  timeoutList: TimeoutList | undefined;
  timeoutPrev: Expirable | undefined;
  timeoutNext: Expirable | undefined;
  /** Called once when the deadline passes (after the item was removed from its list). */
  expire(): void;
}

/** The pending items of one duration, oldest first. */
export class TimeoutList {
  head: Expirable | undefined = undefined;
  tail: Expirable | undefined = undefined;
  constructor(readonly durationMs: number) {}
}

// Process-wide on purpose: one Node timer serves the deadlines of every registry in
// the process, so it never holds more than one armed timer; the state is only the
// pending deadlines, each removed when its call ends (empty lists are dropped).
const lists = new Map<number, TimeoutList>();
let timer: ReturnType<typeof setTimeout> | undefined;
let armedDeadline = Infinity;
let pending = 0;
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Expires `item` `ms` milliseconds after `from` (a performance.now() value; default: now)
 * unless {@link clearDeadline} is called first. `ms` names the item's list: items of one
 * duration are kept in deadline order. Counted from now they arrive in that order and are
 * appended; counted from an earlier `from` (a call's arrival, before its validation) one
 * may arrive after a later deadline, and is then moved back to its place.
 */
export function setDeadline(item: Expirable, ms: number, from?: number): void {
  const now = from === undefined ? performance.now() : undefined;
  const deadline = (now ?? from!) + ms;
  item.deadline = deadline;
  let list = lists.get(ms);
  if (list === undefined) {
    list = new TimeoutList(ms);
    lists.set(ms, list);
  }
  item.timeoutList = list;
  let before = list.tail;
  while (before !== undefined && before.deadline > deadline) before = before.timeoutPrev;
  const after = before === undefined ? list.head : before.timeoutNext;
  item.timeoutPrev = before;
  item.timeoutNext = after;
  if (before === undefined) list.head = item;
  else before.timeoutNext = item;
  if (after === undefined) list.tail = item;
  else after.timeoutPrev = item;
  if (++pending === 1) timer?.ref();
  if (deadline < armedDeadline) arm(deadline, now ?? performance.now());
}

/** Forgets `item`'s deadline (no-op when it has none). */
export function clearDeadline(item: Expirable): void {
  const list = item.timeoutList;
  if (list === undefined) return;
  const prev = item.timeoutPrev;
  const next = item.timeoutNext;
  if (prev === undefined) list.head = next;
  else prev.timeoutNext = next;
  if (next === undefined) list.tail = prev;
  else next.timeoutPrev = prev;
  item.timeoutList = item.timeoutPrev = item.timeoutNext = undefined;
  // Let the process exit when nothing is pending (the timer stays armed but unref'd).
  if (--pending === 0) timer?.unref();
}

/** The number of items waiting for a deadline (for tests and diagnostics). */
export function pendingDeadlines(): number {
  return pending;
}

function arm(deadline: number, now: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedDeadline = deadline;
  // Node fires at once for delays above 2^31 - 1 ms: wake up then and re-arm.
  timer = setTimeout(onTimer, Math.min(MAX_DELAY_MS, Math.max(1, Math.ceil(deadline - now))));
  if (pending === 0) timer.unref();
}

function onTimer(): void {
  timer = undefined;
  armedDeadline = Infinity;
  const now = performance.now();
  const expired: Expirable[] = [];
  let next = Infinity;
  for (const list of lists.values()) {
    // Durations can be arbitrary per-call values: drop empty lists here (not on
    // every removal, which would churn the map) so it stays small.
    if (list.head === undefined) {
      lists.delete(list.durationMs);
      continue;
    }
    let head: Expirable | undefined = list.head;
    while (head !== undefined && head.deadline <= now) {
      expired.push(head);
      head = head.timeoutNext;
    }
    if (head !== undefined && head.deadline < next) next = head.deadline;
  }
  // Unlink first, then expire: `expire` runs user code (abort listeners) that may add deadlines.
  for (const item of expired) clearDeadline(item);
  if (next < armedDeadline) arm(next, now);
  for (const item of expired) {
    try {
      item.expire();
    } catch {
      // expire() implementations handle their own errors; never break the shared timer.
    }
  }
}
