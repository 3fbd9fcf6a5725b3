import { Worker } from "node:worker_threads";
import type { ToolSpec } from "../ir/types.js";
import type { ToolNames } from "../naming/table.js";
import type { GeneratedFile, GeneratorDiagnostic } from "../generator-kit/contract.js";
import { WORKER_LIMITS } from "../worker-limits.js";

/** What a generator needs on a worker thread: plain data only (custom generators never go there). */
export interface OffloadInput {
  name: string;
  tools: readonly ToolSpec[];
  names: ReadonlyMap<string, ToolNames>;
  generatorVersion: string;
  options: unknown;
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

/** The compiled worker beside this file; undefined when running from TypeScript sources. */
const WORKER_URL = import.meta.url.endsWith(".js") ? new URL("./generator-worker.js", import.meta.url) : undefined;

/** Whether generators can run on worker threads here (only from the compiled package). */
export const canOffload = WORKER_URL !== undefined;

/** A generator started on a worker thread. */
export interface Offloaded {
  /** Its outcome; undefined when it failed there or the worker did (see `offload`). */
  outcome: Promise<OffloadOutcome | undefined>;
  /** Stops the worker when its outcome is no longer wanted (an earlier generator failed). */
  cancel(): void;
}

/**
 * Starts the built-in generator `input.name` on a worker thread. Its outcome is undefined
 * when the generator failed there, or the worker itself did (it could not start, it ran out
 * of memory): the caller then runs the generator on its own thread, which reports a failure
 * exactly as a run without workers does.
 */
export function offload(input: OffloadInput): Offloaded {
  let worker: Worker | undefined;
  const outcome = new Promise<OffloadOutcome | undefined>((resolve) => {
    if (!WORKER_URL) return resolve(undefined);
    try {
      worker = new Worker(WORKER_URL, { workerData: input, resourceLimits: WORKER_LIMITS });
    } catch {
      resolve(undefined);
      return;
    }
    worker.once("message", (result: OffloadOutcome | null) => {
      resolve(result ?? undefined);
      void worker?.terminate();
    });
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  return { outcome, cancel: () => void worker?.terminate() };
}
