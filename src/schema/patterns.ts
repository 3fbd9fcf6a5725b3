import { translatePattern, type BacktrackingOptions, type PatternTranslation } from "@mcp-specgen/runtime";
import type { JsonSchema } from "../ir/types.js";
import { isObject, walkSchema } from "./walk.js";

/** A `pattern` (or `patternProperties` key) that cannot be used as it is. */
export interface PatternProblem {
  code: "SPEC_PATTERN_INVALID" | "SPEC_PATTERN_UNSUPPORTED";
  /** Path of keys from the schema root to the pattern. */
  path: ReadonlyArray<string | number>;
  message: string;
  help: string;
}

/**
 * Translations of the patterns seen in one run, by pattern: a translation is a pure function
 * of the pattern, and patterns repeat across thousands of tools. Owned by the caller (one per
 * run), never shared between runs.
 */
export type PatternMemo = Map<string, PatternTranslation>;

/** Options of {@link checkPatterns}. */
export interface CheckPatternsOptions {
  /** The input's opt-in for patterns the linear-time engine cannot run (`backtrackingPatterns`). */
  backtracking?: BacktrackingOptions | undefined;
  /** Translations already made in this run (see {@link PatternMemo}). */
  memo?: PatternMemo;
}

/**
 * Checks every regular expression of a schema — `pattern` and the keys of
 * `patternProperties` — the way validators run it: translated for the linear-time engine
 * (re2js) that generated validators use, so no string can make a pattern take long.
 *
 * - a pattern that is not a valid JavaScript (Unicode mode) regular expression is
 *   SPEC_PATTERN_INVALID;
 * - a valid pattern the engine cannot run (a backreference, lookahead, lookbehind, a counted
 *   repetition beyond 1,000, a property RE2 has no table for) is SPEC_PATTERN_UNSUPPORTED,
 *   with an equivalent when one is obvious — unless the input opts in (`backtracking`): such
 *   patterns then run on JavaScript's RegExp under a length cap.
 */
export function checkPatterns(schema: JsonSchema, options: CheckPatternsOptions = {}): PatternProblem[] {
  const memo = options.memo ?? new Map();
  const problems: PatternProblem[] = [];
  forEachPattern(schema, (pattern, path) => {
    let translated = memo.get(pattern);
    if (!translated) memo.set(pattern, (translated = translatePattern(pattern)));
    if (translated.ok || (!translated.invalid && options.backtracking)) return;
    const shown = JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 97)}…` : pattern);
    problems.push(
      translated.invalid
        ? {
            code: "SPEC_PATTERN_INVALID",
            path,
            message: `pattern ${shown} ${translated.reason}`,
            help: translated.help,
          }
        : {
            code: "SPEC_PATTERN_UNSUPPORTED",
            path,
            message: `pattern ${shown} ${translated.reason}, and validators run patterns on a linear-time engine so that no string can make one take long`,
            help: `${translated.help}; or let this input's patterns run with backtracking under a length cap ("backtrackingPatterns" in the config)`,
          },
    );
  });
  return problems;
}

function forEachPattern(
  schema: JsonSchema,
  visit: (pattern: string, path: ReadonlyArray<string | number>) => void,
): void {
  walkSchema(schema, (sub, path) => {
    if (typeof sub.pattern === "string") visit(sub.pattern, [...path, "pattern"]);
    if (isObject(sub.patternProperties))
      for (const key of Object.keys(sub.patternProperties)) visit(key, [...path, "patternProperties", key]);
  });
}
