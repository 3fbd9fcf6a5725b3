import { expect } from "vitest";

// Complexity claims ("linear in the input") proved without a wall-clock bound: the work is
// timed at two sizes, n and 4n, and only the ratio of the two is checked. Linear work gives
// about 4, n log n a little more, quadratic 16, cubic 64. The time is this process's CPU
// time (`process.cpuUsage`), not the wall clock: a loaded machine makes the process wait,
// not work more, so the ratio holds on a busy CI runner where any bound in seconds fails.

/** Work timed at two sizes: `input(n)` builds what `run` is given (not timed). */
export interface Scaled<T> {
  input: (n: number) => T;
  run: (input: T) => unknown;
}

/** The ratio above which work of n → 4n is not linear: twice what linear work gives. */
export const LINEAR_GROWTH = 8;

/** CPU time (µs) one timed sample of the smaller size must use: timer and scheduler steps stay small against it. */
const MIN_SAMPLE_US = 2_000;
const MAX_REPEATS = 1 << 12;
const SAMPLES = 5;
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
 * least of `samples` timings at 4n over the least at n (what else the process does — a
 * collection of earlier garbage, a compiler thread — only ever adds time), timed in turn
 * after one untimed run of each (the compiler's warm-up). A sample repeats `run` until the
 * smaller size has used a few milliseconds of CPU.
 */
export function growthRatio<T>(work: Scaled<T>, n: number, samples = SAMPLES): number {
  const small = work.input(n);
  const large = work.input(4 * n);
  work.run(small);
  work.run(large);
  let repeats = 1;
  while (repeats < MAX_REPEATS && timed(work.run, small, repeats) < MIN_SAMPLE_US) repeats *= 2;
  let atN = Number.POSITIVE_INFINITY;
  let at4N = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples; i++) {
    atN = Math.min(atN, timed(work.run, small, repeats));
    at4N = Math.min(at4N, timed(work.run, large, repeats));
  }
  return at4N / Math.max(1, atN);
}

/**
 * Asserts that `work.run` is linear in its input around size `n`: its CPU time grows less
 * than {@link LINEAR_GROWTH} times from n to 4n (see {@link growthRatio}), in one of a few
 * measurements.
 */
export function expectLinear<T>(work: Scaled<T>, n: number, what = "the work"): void {
  const ratios: number[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    ratios.push(growthRatio(work, n));
    if (ratios.at(-1)! < LINEAR_GROWTH) break;
  }
  if (process.env.GROWTH_LOG) console.log(`growth of ${what} from n = ${n} to 4n: ${ratios.map((r) => r.toFixed(2))}`);
  const best = Math.min(...ratios);
  expect(
    best,
    `${what}: CPU time grew ${ratios.map((r) => `${r.toFixed(1)}×`).join(", ")} from n = ${n} to 4n (linear: about 4)`,
  ).toBeLessThan(LINEAR_GROWTH);
}
