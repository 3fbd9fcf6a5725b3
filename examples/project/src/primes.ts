// src/primes.ts — CPU-bound work, run in a worker thread by src/worker.ts.
/** Counts the primes below `below` (a sieve: fast, but it never yields to the event loop). */
export function countPrimes({ below }: { below: number }): { count: number } {
  const composite = new Uint8Array(below);
  let count = 0;
  for (let n = 2; n < below; n++) {
    if (composite[n]) continue;
    count++;
    for (let m = n * n; m < below; m += n) composite[m] = 1;
  }
  return { count };
}
