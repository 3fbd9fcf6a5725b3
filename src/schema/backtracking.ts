import type { BacktrackingOptions } from "@mcp-specgen/runtime";

// Which inputs' patterns may run with backtracking (the config's `backtrackingPatterns`,
// resolved by src/config/patterns.ts): read by the checks and by the validators generator,
// each for the tool's spec file.

/** `backtrackingPatterns` resolved: input path (relative to cwd, `/`-separated) → options. */
export type ResolvedBacktracking = Readonly<Record<string, BacktrackingOptions>>;

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
