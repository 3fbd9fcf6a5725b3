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

/** Levenshtein distance: insertions, deletions and substitutions each count one. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
