import { RegExpParser } from "@eslint-community/regexpp";
import { analyse } from "scslre";
import type { JsonSchema } from "../ir/types.js";
import { isObject, walkSchema } from "./walk.js";
import { PROBE_BUDGET_MS } from "./pattern-probe.js";

/** A `pattern` (or `patternProperties` key) that cannot be used as it is. */
export interface PatternProblem {
  code: "SPEC_PATTERN_INVALID" | "SPEC_PATTERN_UNSAFE";
  /** Path of keys from the schema root to the pattern. */
  path: ReadonlyArray<string | number>;
  message: string;
  help: string;
}

/**
 * Checks every regular expression of a schema — `pattern` and the keys of
 * `patternProperties` — the way validators will run it (JavaScript, Unicode mode):
 *
 * - a pattern that does not compile is an error (validators would throw when loaded);
 * - a pattern with exponential backtracking (`^(a+)+$`) is an error: one crafted string of
 *   a few dozen characters would keep a server busy for seconds or hours, and validation
 *   runs before any timeout can help;
 * - a pattern with polynomial backtracking (`\s*x?\s*$`, or an unanchored `a+b`) is an
 *   error too: a request of a few megabytes would take hours. A `maxLength` beside it does
 *   not help, because validators report every failing keyword and so still run the pattern.
 *
 * The analysis (scslre) finds attack strings that repeat one character, the most common
 * shape of ReDoS; each problem carries a rewritten pattern when one is known. It does not
 * see every blow-up — nested bounded quantifiers (`(\w{1,20}\s?){1,20}`), overlapping
 * alternatives under a star (`(?:a|b|ab)*`), long runs of optional items — which is why
 * the patterns it accepts are also probed (`probeSlowPatterns`) and passed back as `slow`.
 */
export function checkPatterns(schema: JsonSchema, slow: ReadonlySet<string> = new Set()): PatternProblem[] {
  const problems: PatternProblem[] = [];
  forEachPattern(schema, (pattern, path) => {
    const problem = patternProblem(pattern) ?? (slow.has(pattern) ? slowProblem(pattern) : undefined);
    if (problem) problems.push({ ...problem, path });
  });
  return problems;
}

/**
 * The patterns of a schema that compile and that the static analysis accepts: the ones
 * worth probing with attack strings (see `probeSlowPatterns`), whose verdict
 * {@link checkPatterns} then takes as `slow`.
 */
export function patternsToProbe(schema: JsonSchema): string[] {
  const out: string[] = [];
  forEachPattern(schema, (pattern) => {
    if (!patternProblem(pattern)) out.push(pattern);
  });
  return out;
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

function slowProblem(pattern: string): Omit<PatternProblem, "path"> {
  return {
    code: "SPEC_PATTERN_UNSAFE",
    message: `pattern ${JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 97)}…` : pattern)} backtracks catastrophically: checking a crafted string of under a hundred characters took longer than ${PROBE_BUDGET_MS} ms`,
    help: "remove nested or overlapping quantifiers (e.g. `(a{1,20}){1,20}` → `a{1,400}`, `(a|ab)*` → `(ab?)*`) and long runs of optional items",
  };
}

type Verdict =
  | { kind: "ok" }
  | { kind: "invalid"; reason: string }
  | { kind: "exponential" | "polynomial"; attack: string; fix?: string };

// Patterns repeat across thousands of tools; each is analysed once per process.
const verdicts = new Map<string, Verdict>();

function patternProblem(pattern: string): Omit<PatternProblem, "path"> | undefined {
  let verdict = verdicts.get(pattern);
  if (!verdict) verdicts.set(pattern, (verdict = analysePattern(pattern)));
  const shown = JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 97)}…` : pattern);
  switch (verdict.kind) {
    case "ok":
      return undefined;
    case "invalid":
      return {
        code: "SPEC_PATTERN_INVALID",
        message: `pattern ${shown} is not a valid JavaScript regular expression: ${verdict.reason}`,
        help: "JSON Schema patterns are ECMA-262 regular expressions (Unicode mode); fix the syntax",
      };
    case "exponential":
      return {
        code: "SPEC_PATTERN_UNSAFE",
        message: `pattern ${shown} backtracks exponentially: a string of repeated ${JSON.stringify(verdict.attack)} followed by a mismatch takes seconds to hours to check`,
        help: verdict.fix
          ? `use the equivalent pattern ${JSON.stringify(verdict.fix)}`
          : "remove the nested quantifier (e.g. `(a+)+` → `a+`)",
      };
    case "polynomial":
      return {
        code: "SPEC_PATTERN_UNSAFE",
        message: `pattern ${shown} backtracks polynomially: checking a long string of repeated ${JSON.stringify(verdict.attack)} takes time growing with the square (or more) of its length`,
        help: verdict.fix
          ? `use the equivalent pattern ${JSON.stringify(verdict.fix)}`
          : "anchor the pattern with ^ if it should match from the start, or rewrite adjacent quantifiers so they cannot match the same text",
      };
  }
}

function analysePattern(pattern: string): Verdict {
  try {
    new RegExp(pattern, "u");
  } catch (e) {
    return { kind: "invalid", reason: (e as Error).message.replace(/^Invalid regular expression: /, "") };
  }
  let result;
  try {
    const parser = new RegExpParser({ ecmaVersion: 2024 });
    result = analyse(
      { pattern: parser.parsePattern(pattern, undefined, undefined, { unicode: true }), flags: parser.parseFlags("u") },
      { maxReports: 1 },
    );
  } catch {
    // A pattern V8 accepts but the analyser cannot parse (a newer syntax): accepted as is.
    return { kind: "ok" };
  }
  const report = result.reports[0];
  if (!report) return { kind: "ok" };
  let fix: string | undefined;
  try {
    fix = report.fix()?.source;
  } catch {
    fix = undefined;
  }
  return { kind: report.exponential ? "exponential" : "polynomial", attack: report.character.pick, fix };
}
