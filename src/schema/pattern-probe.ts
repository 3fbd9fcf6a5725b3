import { Worker } from "node:worker_threads";

/**
 * How long all probes of one pattern may take together. Safe patterns answer each probe in
 * microseconds; a pattern with catastrophic backtracking takes seconds to hours on the
 * longer probes, so the gap is wide enough for a noisy machine.
 */
export const PROBE_BUDGET_MS = 250;

// The probing runs in a worker so that a pattern that never finishes can be stopped
// (`terminate()` interrupts a running regular expression). The worker only ever compiles
// the patterns it is sent as regular expressions; nothing in them is evaluated as code.
const WORKER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (pattern) => {
  let re;
  try { re = new RegExp(pattern, "u"); } catch { parentPort.postMessage("done"); return; }
  // Attack strings: runs of each character the pattern names (and a few usual ones), runs
  // of pairs of them, each followed by characters that make a match fail at the end.
  const chars = [...new Set([...pattern.replace(/\\\\[pPuxc]\\{?[^}]*\\}?|\\\\./g, "").replace(/[\\^$|()[\\]{}*+?\\\\]/g, ""), ..."a0 _-."])].slice(0, 12);
  const units = [...chars, ...chars.slice(0, 6).flatMap((a) => chars.slice(0, 6).map((b) => a + b))];
  for (const length of [12, 24, 48, 96]) {
    for (const unit of units) {
      const run = unit.repeat(Math.ceil(length / unit.length));
      for (const end of ["!", "\\u0000", "", "\\n"]) re.test(run + end);
    }
  }
  parentPort.postMessage("done");
});
`;

/**
 * Runs each pattern against attack strings in a worker thread and returns the patterns
 * that did not finish within {@link PROBE_BUDGET_MS}: backtracking blow-ups that static
 * analysis missed (nested bounded quantifiers, overlapping alternatives, runs of optional
 * items). Patterns that do not compile are skipped (they are reported elsewhere).
 */
export async function probeSlowPatterns(patterns: readonly string[], budgetMs = PROBE_BUDGET_MS): Promise<Set<string>> {
  const slow = new Set<string>();
  let worker: Worker | undefined;
  // The one answer awaited at a time ("done", or the worker failing).
  let answer: (() => void) | undefined;
  try {
    for (const pattern of patterns) {
      if (!worker) {
        // Start-up is not part of the budget: wait until the worker runs.
        worker = new Worker(WORKER, { eval: true });
        worker.on("message", () => answer?.());
        worker.on("error", () => answer?.());
        await new Promise((resolve) => worker!.once("online", resolve));
      }
      const finished = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), budgetMs);
        answer = () => {
          clearTimeout(timer);
          resolve(true);
        };
        worker!.postMessage(pattern);
      });
      answer = undefined;
      if (!finished) {
        slow.add(pattern);
        // The worker is stuck in the pattern: stop it, and start a fresh one for the rest.
        await worker.terminate();
        worker = undefined;
      }
    }
  } finally {
    await worker?.terminate();
  }
  return slow;
}
