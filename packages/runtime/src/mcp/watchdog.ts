/**
 * The event-loop watchdog of `serveStdio` / `serveHttp`.
 *
 * JavaScript on the main thread cannot be interrupted: a handler stuck in
 * `while (true) {}` (or computing for minutes) that does not run in a `workerHandler`
 * blocks every other call, `ping`, and every timer, so its own time limit never fires
 * either. The server is then dead while still looking alive to its supervisor. The
 * watchdog is a small worker thread that notices: the main thread bumps a heartbeat in
 * shared memory every so often, and marks which call's synchronous part it is running
 * (argument validation and the handler up to its first `await`). When the heartbeat has
 * not moved for `stallMs`, the watchdog
 *
 * - answers the call that is running with a JSON-RPC error naming the tool (stdio
 *   served on the process's own stdout only: it writes the line to fd 1 itself),
 * - writes the same message to stderr, and
 * - kills the process (SIGKILL: a blocked main thread cannot run exit handlers), so a
 *   supervisor restarts it. The handler was stopped nowhere in particular, so whatever
 *   state it was changing cannot be trusted: continuing would be worse.
 *
 * Writing to fd 1 from another thread is safe only while the main thread cannot write:
 * the state word below makes that explicit. The main thread writes responses only in
 * the stdio writer's flush, which it brackets as WRITING (where stdout is synchronous, a
 * client that stops reading blocks that write: not a stall of ours, so the watchdog
 * waits); the watchdog claims the state from CALL (or IDLE) with a compare-and-swap, and a
 * main thread that finds its state claimed waits to be killed instead of writing. Where
 * stdout is asynchronous, part of a line may sit in the pipe with the rest still queued in
 * the main thread (which will never write it): the writer flags queued output, and the
 * watchdog then starts its line with a line break so that its answer arrives whole. Over HTTP the watchdog cannot
 * answer on the main thread's sockets: they are reset when the process ends.
 *
 * The thread and the heartbeat start with the first tool call, so servers that never
 * serve one (and most tests) never start them; `stop()` ends both. Where no thread can be
 * started (Node's permission model without `--allow-worker`), the server runs without the
 * watchdog and says so once.
 */
import { Worker } from "node:worker_threads";
import { logSafely, type Logger } from "../logger.js";
import type { JsonRpcId } from "./protocol.js";

/** Options of the watchdog (`watchdog` of {@link serveStdio} / {@link serveHttp}). */
export interface WatchdogOptions {
  /**
   * How long, in ms, the event loop may stay blocked before the watchdog answers the
   * running call with an error and ends the process. Default 10 000. Detection takes
   * up to a quarter of this (at most 1 s) longer.
   */
  stallMs?: number;
}

/** Default of {@link WatchdogOptions.stallMs}. */
export const DEFAULT_STALL_MS = 10_000;

// Layout of the shared buffer: Int32 slots, a Float64 numeric id, then the id and
// tool name as UTF-8.
const BEAT = 0;
const STATE = 1;
const ID_KIND = 2;
const ID_LENGTH = 3;
const NAME_LENGTH = 4;
const OUTPUT_QUEUED = 5;
const NUMERIC_ID = 3; // Float64 index: bytes 24..31
const ID_OFFSET = 32;
const ID_MAX = 256;
const NAME_OFFSET = ID_OFFSET + ID_MAX;
const NAME_MAX = 512;
const BUFFER_BYTES = NAME_OFFSET + NAME_MAX;

const IDLE = 0;
const CALL = 1;
const WRITING = 2;
const CLAIMED = 3;

/**
 * The watchdog thread's program (CommonJS, evaluated: no file to locate beside this
 * one). It polls the heartbeat; see the file comment for what it does on a stall.
 */
const WATCHDOG_SOURCE = `"use strict";
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { buffer, stallMs, periodMs, fd, label } = workerData;
const ints = new Int32Array(buffer);
const floats = new Float64Array(buffer);
const bytes = new Uint8Array(buffer);
let lastBeat = Atomics.load(ints, ${BEAT});
let lastChange = performance.now();
let lastTick = lastChange;
function text(offset, length) {
  return Buffer.from(bytes.slice(offset, offset + length)).toString("utf8");
}
function writeAll(target, data) {
  let buf = Buffer.from(data, "utf8");
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let tries = 0; buf.length > 0 && tries < 200; ) {
    try {
      buf = buf.subarray(fs.writeSync(target, buf));
    } catch (err) {
      if (err && err.code === "EAGAIN") { tries++; Atomics.wait(pause, 0, 0, 5); continue; }
      return;
    }
  }
}
function act(inCall) {
  const tool = inCall ? text(${NAME_OFFSET}, ints[${NAME_LENGTH}]) : undefined;
  const message = inCall
    ? "Tool " + JSON.stringify(tool) + " blocked the event loop for more than " + stallMs +
      " ms (a synchronous loop or a long computation in its handler or its argument validation): " +
      "the server cannot recover and is exiting. Run CPU-bound handlers with workerHandler."
    : "The event loop has been blocked for more than " + stallMs + " ms outside the synchronous start of " +
      "any tool call (an async handler after an await, a timer, or other code): the server is exiting.";
  const kind = ints[${ID_KIND}];
  if (inCall && fd >= 0 && kind !== 0) {
    const id = kind === 1 ? floats[${NUMERIC_ID}] : text(${ID_OFFSET}, ints[${ID_LENGTH}]);
    const error = { code: -32603, message, data: { tool, stallMs } };
    const lead = Atomics.load(ints, ${OUTPUT_QUEUED}) === 1 ? "\\n" : "";
    writeAll(fd, lead + JSON.stringify({ jsonrpc: "2.0", id, error }) + "\\n");
  }
  writeAll(2, label + ": " + message + "\\n");
  process.kill(process.pid, "SIGKILL");
}
setInterval(() => {
  const beat = Atomics.load(ints, ${BEAT});
  const now = performance.now();
  // A tick more than a period late: this thread did not run, so neither did the main thread
  // (the process was suspended — SIGSTOP, a frozen cgroup, a paused VM — or starved of CPU).
  // That time was no stall: it is not counted, whichever thread runs first on resuming.
  const late = now - lastTick - periodMs;
  lastTick = now;
  if (late > periodMs) lastChange += late;
  if (beat !== lastBeat) {
    lastBeat = beat;
    lastChange = now;
    return;
  }
  // The last beat seen may be up to one period old: only then is the stall at least stallMs.
  if (now - lastChange < stallMs + periodMs) return;
  const state = Atomics.load(ints, ${STATE});
  if (state === ${WRITING} || state === ${CLAIMED}) return;
  if (Atomics.compareExchange(ints, ${STATE}, state, ${CLAIMED}) !== state) return;
  act(state === ${CALL});
}, periodMs);
`;

/**
 * One server's watchdog (see the file comment). The server marks each call's
 * synchronous part with {@link enter} / {@link leave}, and stdio output with
 * {@link startWriting} / {@link endWriting}.
 */
export class Watchdog {
  readonly stallMs: number;
  private readonly ints: Int32Array;
  private readonly floats: Float64Array;
  private readonly bytes: Buffer;
  private worker: Worker | undefined = undefined;
  private beat: ReturnType<typeof setInterval> | undefined = undefined;
  private stopped = false;
  /** The tool name now in the buffer (re-encoded only when it changes). */
  private lastName: string | undefined = undefined;

  /**
   * @param fd the file descriptor the watchdog answers on (1 for stdio on the process's
   *   own stdout), or -1 for none (HTTP, or stdio on other streams).
   * @param label prefix of the stderr line.
   * @param logger where to say that the thread cannot start (default: a process warning).
   */
  constructor(
    stallMs: number,
    private readonly fd: number,
    private readonly label: string,
    private readonly logger?: Logger,
  ) {
    this.stallMs = stallMs;
    const buffer = new SharedArrayBuffer(BUFFER_BYTES);
    this.ints = new Int32Array(buffer);
    this.floats = new Float64Array(buffer);
    this.bytes = Buffer.from(buffer);
  }

  /** Marks the start of call `id`'s synchronous part (starts the thread on the first call). */
  enter(id: JsonRpcId, tool: string): void {
    if (this.stopped) return;
    if (this.worker === undefined && !this.start()) return;
    const ints = this.ints;
    if (Atomics.load(ints, STATE) === CLAIMED) halt(ints);
    if (typeof id === "number") {
      this.floats[NUMERIC_ID] = id;
      ints[ID_KIND] = 1;
    } else if (Buffer.byteLength(id) <= ID_MAX) {
      ints[ID_LENGTH] = this.bytes.write(id, ID_OFFSET, ID_MAX, "utf8");
      ints[ID_KIND] = 2;
    } else {
      ints[ID_KIND] = 0; // an id this long cannot be answered: the call is still named in the log
    }
    if (tool !== this.lastName) {
      ints[NAME_LENGTH] = this.bytes.write(tool, NAME_OFFSET, NAME_MAX, "utf8");
      this.lastName = tool;
    }
    if (Atomics.compareExchange(ints, STATE, IDLE, CALL) === CLAIMED) halt(ints);
  }

  /** Marks the end of the call's synchronous part. */
  leave(): void {
    if (Atomics.compareExchange(this.ints, STATE, CALL, IDLE) === CLAIMED) halt(this.ints);
  }

  /**
   * Marks a write to stdout about to start (a blocked write is the client's doing, not a
   * stall). @returns whether it was marked (pass it to {@link endWriting}).
   */
  startWriting(): boolean {
    const previous = Atomics.compareExchange(this.ints, STATE, IDLE, WRITING);
    if (previous === CLAIMED) halt(this.ints);
    return previous === IDLE;
  }

  /** Marks the write as done. */
  endWriting(marked: boolean): void {
    if (marked) Atomics.compareExchange(this.ints, STATE, WRITING, IDLE);
  }

  /** Records whether stdout has output queued (not yet in the pipe, maybe part of a line). */
  outputQueued(queued: boolean): void {
    Atomics.store(this.ints, OUTPUT_QUEUED, queued ? 1 : 0);
  }

  /** Stops the heartbeat and the thread. Idempotent. */
  stop(): void {
    this.stopped = true;
    if (this.beat !== undefined) clearInterval(this.beat);
    this.beat = undefined;
    this.worker?.terminate().catch(() => undefined);
  }

  /** @returns whether the thread runs (false: it could not be started, and the watchdog is off). */
  private start(): boolean {
    const periodMs = Math.max(5, Math.min(1_000, Math.floor(this.stallMs / 4)));
    const ints = this.ints;
    try {
      this.worker = new Worker(WATCHDOG_SOURCE, {
        eval: true,
        workerData: { buffer: ints.buffer, stallMs: this.stallMs, periodMs, fd: this.fd, label: this.label },
        // The watchdog needs no options of the process (loaders, --inspect…).
        execArgv: [],
        stdout: true,
      });
    } catch (err) {
      // Under Node's permission model without --allow-worker (ERR_ACCESS_DENIED), say.
      this.stopped = true;
      const message = `${this.label}: the watchdog is off: it cannot start its thread (${err instanceof Error ? err.message : String(err)}); a call that blocks the event loop will not be reported`;
      if (this.logger !== undefined) logSafely(this.logger, "warn", message);
      else process.emitWarning(message, { code: "MCP_SPECGEN_WATCHDOG_OFF" });
      return false;
    }
    this.beat = setInterval(() => Atomics.add(ints, BEAT, 1), periodMs);
    this.beat.unref();
    this.worker.unref();
    // A watchdog that cannot run must not take the server down with it.
    this.worker.on("error", () => undefined);
    return true;
  }
}

/** The main thread after the watchdog claimed it: it must not write; it waits to be killed. */
function halt(ints: Int32Array): never {
  for (;;) Atomics.wait(ints, STATE, CLAIMED);
}

/**
 * The watchdog `option` asks for (default: on, with {@link DEFAULT_STALL_MS}), or
 * undefined when it is off: `false`, or a process started with `--inspect` (a paused
 * debugger blocks the event loop too). `logger`: where to say that its thread cannot start
 * (default: a process warning, on stderr).
 * @throws RangeError for a `stallMs` that is not a positive number.
 */
export function createWatchdog(
  option: WatchdogOptions | boolean | undefined,
  fd: number,
  label: string,
  logger?: Logger,
): Watchdog | undefined {
  if (option === false) return undefined;
  const stallMs = (option === true || option === undefined ? undefined : option.stallMs) ?? DEFAULT_STALL_MS;
  if (typeof stallMs !== "number" || !(stallMs > 0) || stallMs === Infinity)
    throw new RangeError(`watchdog.stallMs must be a positive number of ms (got ${String(stallMs)})`);
  if (option === undefined && underInspector()) return undefined;
  return new Watchdog(stallMs, fd, label, logger);
}

function underInspector(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return flags.some((flag) => flag.startsWith("--inspect"));
}
