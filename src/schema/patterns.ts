import {
  backtrackingRisk,
  translateToRe2Syntax,
  type BacktrackingOptions,
  type PatternSyntax,
} from "@mcp-specgen/runtime/generator-support";
import type { JsonSchema } from "../ir/types.js";
import { isObject, walkSchema } from "./walk.js";
import { saferEquivalent } from "./pattern-rewrites.js";

/**
 * A `pattern` (or `patternProperties` key) that cannot be used as it is (an error), or that
 * may be slow as it is (a warning, from a heuristic: see `backtrackingRisk`).
 */
export type PatternProblem = PatternFinding &
  (
    | { severity: "error"; code: "SPEC_PATTERN_INVALID" | "SPEC_PATTERN_UNSUPPORTED" }
    | { severity: "warning"; code: "SPEC_PATTERN_BACKTRACKING" }
  );

/** Where a pattern problem is and what it says. */
interface PatternFinding {
  /** Path of keys from the schema root to the pattern. */
  path: ReadonlyArray<string | number>;
  message: string;
  help: string;
}

/**
 * Translations of the patterns seen in one run, by pattern: a translation is a pure function
 * of the pattern, and patterns repeat across thousands of tools. Translated to RE2 syntax, not
 * compiled: the checks need only the verdict, and a compiled program is far larger than its
 * source (what compiles patterns for usage examples keeps its own, see `ExampleValidators`).
 * Owned by the caller (one per run), never shared between runs.
 */
export type PatternMemo = Map<string, PatternSyntax>;

/** The pattern's translation, made the first time the run asks for it. */
export function translateOnce(memo: PatternMemo, pattern: string): PatternSyntax {
  let translated = memo.get(pattern);
  if (!translated) memo.set(pattern, (translated = translateToRe2Syntax(pattern)));
  return translated;
}

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
 *   repetition beyond 1,000, a program too large, a property RE2 has no table for) is
 *   SPEC_PATTERN_UNSUPPORTED, with an equivalent when one is obvious — unless the input opts
 *   in (`backtracking`): such patterns then run on JavaScript's RegExp under a length cap,
 *   and one of a shape that can take exponential time within the cap is the warning
 *   SPEC_PATTERN_BACKTRACKING.
 */
export function checkPatterns(schema: JsonSchema, options: CheckPatternsOptions = {}): PatternProblem[] {
  const memo = options.memo ?? new Map();
  const problems: PatternProblem[] = [];
  forEachPattern(schema, (pattern, path) => {
    const translated = translateOnce(memo, pattern);
    if (translated.ok) return;
    const shown = JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 97)}…` : pattern);
    if (translated.invalid) {
      problems.push({
        code: "SPEC_PATTERN_INVALID",
        severity: "error",
        path,
        message: `pattern ${shown} ${translated.reason}`,
        help: translated.help,
      });
    } else if (!options.backtracking) {
      problems.push({
        code: "SPEC_PATTERN_UNSUPPORTED",
        severity: "error",
        path,
        message: `pattern ${shown} ${translated.reason}, and validators run patterns on a linear-time engine so that no string can make one take long`,
        help: `${translated.help}; or let this input's patterns run with backtracking under a length cap ("backtrackingPatterns" in the config)`,
      });
    } else {
      const risk = backtrackingRisk(pattern);
      const equivalent = risk ? saferEquivalent(pattern) : undefined;
      if (risk)
        problems.push({
          code: "SPEC_PATTERN_BACKTRACKING",
          severity: "warning",
          path,
          message: `pattern ${shown} runs on JavaScript's backtracking RegExp (this input opts in, "backtrackingPatterns") and ${risk}: a shape that can take time exponential in the length of the string, which a cap of ${options.backtracking.maxLength} characters does not bound`,
          help: equivalent
            ? `use the equivalent pattern ${JSON.stringify(equivalent)}: it accepts the same strings, without the ambiguity; or lower this input's "maxLength" in "backtrackingPatterns" to a few dozen characters`
            : `rewrite the pattern without the ambiguity (e.g. (a+)+ as a+, (\\w|\\d)+ as \\w+), or lower this input's "maxLength" in "backtrackingPatterns" to a few dozen characters`,
        });
    }
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
