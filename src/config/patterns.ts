import path from "node:path";
import type { ResolvedBacktracking } from "../schema/backtracking.js";

/**
 * The opt-in of one input for patterns the linear-time engine cannot run (`backtrackingPatterns`
 * in the config): such patterns then run on JavaScript's backtracking RegExp, on strings of at
 * most `maxLength` UTF-16 code units.
 */
export interface BacktrackingInputOptions {
  /**
   * The longest string such a pattern is run on; a longer one fails the pattern without it
   * running, which bounds the time one string can take to the pattern's worst case at this
   * length (see the measurements in docs/patterns.md).
   * @default 1000
   */
  maxLength?: number;
}

/**
 * The default cap: the longest length at which the usual shapes of such patterns (lookahead
 * password rules, lookbehinds, backreferences — the quadratic `^(.+)\1+$` the slowest) still
 * answer within a fraction of a millisecond (bench/security/backtracking-cap.js).
 */
export const DEFAULT_BACKTRACKING_MAX_LENGTH = 1000;

/**
 * Checks `backtrackingPatterns` of a config and applies defaults: keys become paths relative
 * to `cwd` like `inputs`. Returns the problem when a key or value is not valid.
 */
export function resolveBacktracking(
  cwd: string,
  user: unknown,
): { backtracking: ResolvedBacktracking } | { problem: string } {
  if (user === undefined) return { backtracking: {} };
  if (user === null || typeof user !== "object" || Array.isArray(user))
    return { problem: 'backtrackingPatterns must be an object: { "<input>": { maxLength } }' };
  const out: Record<string, Required<BacktrackingInputOptions>> = {};
  for (const [input, options] of Object.entries(user)) {
    if (options === null || typeof options !== "object" || Array.isArray(options))
      return { problem: `backtrackingPatterns[${JSON.stringify(input)}] must be an object: { maxLength }` };
    const { maxLength = DEFAULT_BACKTRACKING_MAX_LENGTH, ...rest } = options as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      return {
        problem: `backtrackingPatterns[${JSON.stringify(input)}]: unknown option ${JSON.stringify(unknown)} (only maxLength)`,
      };
    if (typeof maxLength !== "number" || !Number.isSafeInteger(maxLength) || maxLength < 1)
      return { problem: `backtrackingPatterns[${JSON.stringify(input)}].maxLength must be a positive integer` };
    out[path.relative(cwd, path.resolve(cwd, input)).split(path.sep).join("/") || "."] = { maxLength };
  }
  return { backtracking: out };
}
