import { expect } from "vitest";

// Complexity claims ("linear in the input") proved without a wall-clock bound: the work is
// timed at sizes n and 4n (less its time at size 0), and only the ratio of the two is
// checked. Linear work gives about 4, n log n a little more, quadratic 16, cubic 64. The
// time is this process's CPU time (`process.cpuUsage`), not the wall clock: a loaded
// machine makes the process wait, not work more, so the ratio holds on a busy CI runner
// where any bound in seconds fails. GROWTH_LOG=1 prints every ratio measured.

/** Work timed at several sizes: `input(n)` builds what `run` is given (not timed). */
export interface Scaled<T> {
  input: (n: number) => T;
  run: (input: T) => unknown;
}

/** The ratio above which work of n → 4n is not linear: twice what linear work gives. */
export const LINEAR_GROWTH = 8;

/** CPU time (µs) one timed sample of size n must use: timer and scheduler steps stay small against it. */
const MIN_SAMPLE_US = 2_000;
const MAX_REPEATS = 1 << 12;
const SAMPLES = 3;
/** Measurements before a ratio over the bound counts: noise only ever adds time, a real growth shows every time. */
const ATTEMPTS = 3;

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU time of `repeats` calls of `run(input)`, in µs. */
function timed<T>(run: (input: T) => unknown, input: T, repeats: number): number {
  const start = cpuMicros();
  for (let i = 0; i < repeats; i++) run(input);
  return cpuMicros() - start;
}

/**
 * How much the CPU time of `work.run` grows when its input grows from `n` to `4n`: the
 * least of `samples` timings at each size (what else the process does — a collection of
 * earlier garbage, a compiler thread — only ever adds time), timed in turn after one
 * untimed run of each (the compiler's warm-up). The time `run` takes at size 0 (the part
 * that does not grow: the rest of a spec around a long line…) is taken off both, so that
 * work growing with n shows however much fixed work surrounds it. A sample repeats `run`
 * until size n has used a few milliseconds of CPU.
 */
export function growthRatio<T>(work: Scaled<T>, n: number, samples = SAMPLES): number {
  const inputs = [work.input(0), work.input(n), work.input(4 * n)] as const;
  for (const input of inputs) work.run(input);
  let repeats = 1;
  while (repeats < MAX_REPEATS && timed(work.run, inputs[1], repeats) < MIN_SAMPLE_US) repeats *= 2;
  const least = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let i = 0; i < samples; i++)
    for (const [size, input] of inputs.entries()) least[size] = Math.min(least[size]!, timed(work.run, input, repeats));
  const [at0, atN, at4N] = least as [number, number, number];
  return Math.max(0, at4N - at0) / Math.max(1, atN - at0);
}

/**
 * Asserts that `work.run` is linear in its input around size `n`: its CPU time grows less
 * than `bound` ({@link LINEAR_GROWTH} unless given) times from n to 4n (see
 * {@link growthRatio}), in one of a few measurements. A lower bound tells linear work from
 * work that grows as n^1.5 (8 from n to 4n: a scan to the end of a line from each of the
 * √n runs of distinct length a line can hold).
 */
export function expectLinear<T>(work: Scaled<T>, n: number, what = "the work", bound = LINEAR_GROWTH): void {
  const ratios: number[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    ratios.push(growthRatio(work, n));
    if (ratios.at(-1)! < bound) break;
  }
  if (process.env.GROWTH_LOG) console.log(`growth of ${what} from n = ${n} to 4n: ${ratios.map((r) => r.toFixed(2))}`);
  const best = Math.min(...ratios);
  expect(
    best,
    `${what}: CPU time grew ${ratios.map((r) => `${r.toFixed(1)}×`).join(", ")} from n = ${n} to 4n (linear: about 4)`,
  ).toBeLessThan(bound);
}
