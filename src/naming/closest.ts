// Its own edit distance rather than the runtime's: the config loader and the CLI's error
// paths use it, and loading the runtime there would cost every run's start-up.

/**
 * The candidate closest to a mistyped word (`genrate` → `generate`, `ouDir` → `outDir`), for
 * a "did you mean" hint: compared case-insensitively, and only within a third of the word's
 * length in edits (at least one), so an unrelated word gets no suggestion.
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.max(1, Math.floor(w.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(w, name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * Edit distance: insertions, deletions, substitutions and swaps of two adjacent letters each
 * count one (`integr` → `integer` is 1, `strnig` → `string` is 1).
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}
