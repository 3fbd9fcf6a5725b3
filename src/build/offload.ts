import { Worker } from "node:worker_threads";
import type { ToolSpec } from "../ir/types.js";
import type { ToolNames } from "../naming/table.js";
import type { GeneratedFile, GeneratorDiagnostic } from "../generator-kit/contract.js";
import { WORKER_LIMITS } from "../worker-limits.js";

/** One built-in generator a worker runs: its name and its resolved options. */
export interface OffloadJob {
  name: string;
  options: unknown;
}

/**
 * What generators need on a worker thread: plain data only (custom generators never go
 * there). The run's IR and facts are sent once for all the generators of one worker.
 */
export interface OffloadInput {
  /** The generators this worker runs, one after another, in this order. */
  jobs: OffloadJob[];
  tools: readonly ToolSpec[];
  names: ReadonlyMap<string, ToolNames>;
  generatorVersion: string;
  banner: string;
  inputs: readonly string[];
  generators: readonly string[];
}

/**
 * What a generator run on a worker produced: its files, its reports and what its `ctx.memo`
 * computed (its `ctx.perTool` makes and keeps nothing there: what it made is not sent back).
 */
export interface OffloadOutcome {
  files: GeneratedFile[];
  reports: GeneratorDiagnostic[];
  /** [key, {value, reports}] for the main thread's store. */
  memos: Array<[string, unknown]>;
}

/** What a worker sends as each of its generators is done: its outcome, null when it failed there. */
export interface OffloadMessage {
  name: string;
  outcome: OffloadOutcome | null;
}

/** The compiled worker beside this file; undefined when running from TypeScript sources. */
const WORKER_URL = import.meta.url.endsWith(".js") ? new URL("./generator-worker.js", import.meta.url) : undefined;

/** Whether generators can run on worker threads here (only from the compiled package). */
export const canOffload = WORKER_URL !== undefined;

/** A generator started on a worker thread. */
export interface Offloaded {
  /** Its outcome; undefined when it failed there or the worker did (see `offload`). */
  outcome: Promise<OffloadOutcome | undefined>;
  /** Stops its worker (and the generators after it there) when its outcome is no longer wanted. */
  cancel(): void;
}

/**
 * Starts one worker thread that runs the built-in generators `input.jobs`, one after
 * another, and answers for each as it is done (so that what needs only the first can go on
 * while the next runs). An outcome is undefined when the generator failed there, or the
 * worker itself did (it could not start, it ran out of memory): the caller then runs the
 * generator on its own thread, which reports a failure exactly as a run without workers does.
 */
export function offload(input: OffloadInput): Map<string, Offloaded> {
  const settlers = new Map<string, (outcome: OffloadOutcome | undefined) => void>();
  const started = new Map<string, Offloaded>();
  let worker: Worker | undefined;
  const cancel = () => void worker?.terminate();
  for (const { name } of input.jobs) {
    const outcome = new Promise<OffloadOutcome | undefined>((resolve) => settlers.set(name, resolve));
    started.set(name, { outcome, cancel });
  }
  /** Settles every outcome not settled yet as failed: the main thread runs those generators. */
  const failRest = () => {
    for (const settle of settlers.values()) settle(undefined);
    settlers.clear();
  };
  if (!WORKER_URL) {
    failRest();
    return started;
  }
  try {
    worker = new Worker(WORKER_URL, { workerData: input, resourceLimits: WORKER_LIMITS });
  } catch {
    failRest();
    return started;
  }
  worker.on("message", ({ name, outcome }: OffloadMessage) => {
    settlers.get(name)?.(outcome ?? undefined);
    settlers.delete(name);
    if (settlers.size === 0) void worker?.terminate();
  });
  worker.once("error", failRest);
  worker.once("exit", failRest);
  return started;
}
