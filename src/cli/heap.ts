import { setFlagsFromString } from "node:v8";

/**
 * How much V8 lets the heap grow past what the last full collection kept, in percent. By
 * default the heap grows by up to 100% of what it holds, so a large run, which makes most
 * of its garbage in big strings and parse trees, ends with gigabytes of heap that is
 * mostly garbage; 40% keeps the peak near what the run really holds. Measured on 10,000
 * tools: 1.3 GB peak RSS by default, 0.84 GB with 40% (see bench/scale.js).
 */
const HEAP_GROWING_PERCENT = 40;

/**
 * Tunes this process's garbage collector for a generate or check run (the CLI owns its
 * process; the library leaves the heap of the program that embeds it alone). The setting
 * is read at every full collection, so it applies from here on, to worker threads too.
 */
export function tuneHeapForRun(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
