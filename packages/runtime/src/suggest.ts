/**
 * "Did you mean …?" for unknown tool names: ranks registered names by edit
 * distance (case-insensitive, of whole names or last segments), also accepting
 * names that contain the requested one. Runs only on the error path, so clarity
 * wins over speed here.
 */

/**
 * Longest requested name that gets suggestions. MCP tool names have at most 128
 * characters; the margin covers strict `module_name.tool_name` names, which have
 * no length bound.
 */
const MAX_SUGGESTED_NAME_LENGTH = 256;

/** Levenshtein edit distance between two strings (insert, delete, substitute = 1). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** The last segment of a dotted or slashed name (`math.sum` → `sum`). */
function lastSegment(name: string): string {
  const i = Math.max(name.lastIndexOf("."), name.lastIndexOf("/"));
  return i === -1 ? name : name.slice(i + 1);
}

/** Normalizes separators so `get-sum`, `get_sum` and `Get_Sum` compare as equal. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, "_");
}

/**
 * The registered names closest to `name`, best first (at most `limit`, default 3).
 * Names are compared case-insensitively with `-`/`_` treated alike; the score is
 * the edit distance of the whole names or of their last segments (+1), so `sum`
 * finds `math.sum`. Close names (score at most max(2, a third of the longer name))
 * come first; names that merely contain the requested one (3+ chars) follow.
 */
export function suggestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  // The name comes from the caller and the edit distance costs O(length × length)
  // per registered tool: no tool name is this long, so there is nothing to suggest.
  if (typeof name !== "string" || name.length > MAX_SUGGESTED_NAME_LENGTH) return [];
  const target = normalize(name);
  const targetLast = lastSegment(target);
  const scored: { name: string; tier: number; score: number }[] = [];
  for (const candidate of candidates) {
    const c = normalize(candidate);
    const score = Math.min(levenshtein(target, c), levenshtein(targetLast, lastSegment(c)) + 1);
    const close = score <= Math.max(2, Math.floor(Math.max(target.length, c.length) / 3));
    const contains = (target.length >= 3 && c.includes(target)) || (c.length >= 3 && target.includes(c));
    if (!close && !contains) continue;
    scored.push({ name: candidate, tier: close ? 0 : 1, score });
  }
  scored.sort((x, y) => x.tier - y.tier || x.score - y.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return scored.slice(0, Math.max(0, limit)).map((s) => s.name);
}
