import { levenshtein } from "@mcp-specgen/runtime";

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
    const distance = levenshtein(w, name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
