import { RegistrationError } from "../errors.js";
import { escapePointerToken } from "../paths.js";
import type { BacktrackingOptions } from "./linear-regexp.js";
import { translateToRe2Syntax, type PatternRefusal } from "./translate.js";

/** A pattern of a schema that cannot be compiled as the caller asked. */
export interface SchemaPatternProblem {
  /** JSON pointer to the `pattern` keyword or the `patternProperties` key. */
  pointer: string;
  pattern: string;
  refusal: PatternRefusal;
}

// Keywords holding a map of name → subschema, one subschema, or a list of them (all dialects).
const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"];
const SCHEMA_ONE = [
  "additionalProperties",
  "items",
  "additionalItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
];
const SCHEMA_LIST = ["anyOf", "oneOf", "allOf", "prefixItems", "items"];

const isSchemaObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Calls `visit` for every regular expression a schema holds — each `pattern` and each key
 * of `patternProperties`, in every subschema (not in `enum`, `const`, `default` or
 * `examples`, which hold data) — with a JSON pointer to it.
 */
export function forEachSchemaPattern(schema: unknown, visit: (pattern: string, pointer: string) => void): void {
  const walk = (node: unknown, pointer: string, depth: number) => {
    // Deeper than any schema a validator could compile anyway.
    if (!isSchemaObject(node) || depth > 500) return;
    if (typeof node.pattern === "string") visit(node.pattern, `${pointer}/pattern`);
    if (isSchemaObject(node.patternProperties))
      for (const key of Object.keys(node.patternProperties))
        visit(key, `${pointer}/patternProperties/${escapePointerToken(key)}`);
    for (const keyword of SCHEMA_MAPS) {
      const map = node[keyword];
      if (isSchemaObject(map))
        for (const [name, sub] of Object.entries(map))
          walk(sub, `${pointer}/${keyword}/${escapePointerToken(name)}`, depth + 1);
    }
    for (const keyword of SCHEMA_ONE) walk(node[keyword], `${pointer}/${keyword}`, depth + 1);
    for (const keyword of SCHEMA_LIST) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach((sub, i) => walk(sub, `${pointer}/${keyword}/${i}`, depth + 1));
    }
  };
  walk(schema, "", 0);
}

/**
 * The patterns of a schema that cannot be compiled: invalid ones, and — unless `backtracking`
 * lets them run under a length cap — those the linear-time engine cannot run (see
 * `translatePattern`). Empty when every pattern compiles. Translates without compiling: the
 * patterns are compiled once, when the schema is.
 */
export function schemaPatternProblems(schema: unknown, backtracking?: BacktrackingOptions): SchemaPatternProblem[] {
  const problems: SchemaPatternProblem[] = [];
  forEachSchemaPattern(schema, (pattern, pointer) => {
    const translated = translateToRe2Syntax(pattern);
    if (!translated.ok && (translated.invalid || backtracking === undefined))
      problems.push({ pointer, pattern, refusal: translated });
  });
  return problems;
}

/**
 * Refuses, at registration, the schemas of a tool that come without a validator and hold a
 * pattern the built-in compiler would refuse (invalid, or not runnable in linear time without
 * the `backtracking` opt-in), rather than failing its first call.
 * @throws RegistrationError naming the tool, the schema, the pattern and what to write instead.
 */
export function checkRegisteredPatterns(
  tool: string,
  schemas: { inputSchema?: unknown; outputSchema?: unknown },
  backtracking: BacktrackingOptions | undefined,
): void {
  for (const which of ["inputSchema", "outputSchema"] as const) {
    if (schemas[which] === undefined) continue;
    const [problem] = schemaPatternProblems(schemas[which], backtracking);
    if (problem === undefined) continue;
    const optIn = problem.refusal.invalid
      ? ""
      : "; or let such patterns run with backtracking under a length cap (the registry's `backtrackingPatterns` option)";
    throw new RegistrationError(
      `Tool "${tool}": ${which} pattern ${JSON.stringify(problem.pattern)} at ${problem.pointer || "/"} ${problem.refusal.reason}: ${problem.refusal.help}${optIn}`,
      { details: { tool, pattern: problem.pattern, pointer: `/${which}${problem.pointer}` } },
    );
  }
}
