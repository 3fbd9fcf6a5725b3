import path from "node:path";
import type { BacktrackingOptions } from "@mcp-specgen/runtime";

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

/** `backtrackingPatterns` resolved: input path (relative to cwd, `/`-separated) → options. */
export type ResolvedBacktracking = Readonly<Record<string, Required<BacktrackingInputOptions>>>;

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

/**
 * The opt-in that applies to a spec file (relative to cwd, `/`-separated, as tool locations
 * give it): the one of the input that is the file or the nearest directory holding it.
 */
export function backtrackingFor(backtracking: ResolvedBacktracking, file: string): BacktrackingOptions | undefined {
  let best: string | undefined;
  for (const input of Object.keys(backtracking))
    if (
      (input === "." || file === input || file.startsWith(`${input}/`)) &&
      (best === undefined || input.length > best.length)
    )
      best = input;
  return best === undefined ? undefined : backtracking[best];
}
