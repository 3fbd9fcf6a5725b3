import type { AST } from "@eslint-community/regexpp";

/**
 * An equivalent the linear-time engine can run (`runs` tells which patterns it can), for two common shapes of refused pattern,
 * as JSON Schema keywords; undefined for anything else.
 *
 * - Lookaheads right after `^` (password rules such as `^(?=.*\d)(?=.*[a-z]).{8,}$`): each
 *   lookahead is a condition on the whole string, so the pattern holds exactly when each
 *   condition's own pattern does — `"allOf"` of one pattern per lookahead (negative ones
 *   under `"not"`) and one for the rest.
 * - One counted repetition of a single character over the whole string (`^[a-z]{1,5000}$`)
 *   beyond the engine's limit: `minLength` / `maxLength` count characters the same way.
 */
export function equivalentOf(
  pattern: AST.Pattern,
  construct: AST.Node,
  runs: (pattern: string) => boolean,
): string | undefined {
  const [only, ...others] = pattern.alternatives;
  if (!only || others.length) return undefined;
  if (construct.type === "Assertion") return splitLookaheads(only, runs);
  if (construct.type === "Quantifier") return lengthKeywords(only, construct);
  return undefined;
}

function splitLookaheads(alternative: AST.Alternative, runs: (pattern: string) => boolean): string | undefined {
  const [first, ...rest] = alternative.elements;
  if (first?.type !== "Assertion" || first.kind !== "start") return undefined;
  const conditions: string[] = [];
  let i = 0;
  for (; i < rest.length; i++) {
    const element = rest[i]!;
    if (element.type !== "Assertion" || element.kind !== "lookahead") break;
    const inner = element.raw.slice(3, -1); // inside `(?=…)` / `(?!…)`
    const sub = element.alternatives.length > 1 ? `^(?:${inner})` : `^${inner}`;
    if (!runs(sub)) return undefined;
    // `not` of a string schema: a value that is not a string passes, as it passes `pattern`.
    conditions.push(
      element.negate
        ? `{"not": {"type": "string", "pattern": ${JSON.stringify(sub)}}}`
        : `{"pattern": ${JSON.stringify(sub)}}`,
    );
  }
  if (conditions.length === 0) return undefined;
  const remaining = rest.slice(i);
  if (remaining.length) {
    const sub = `^${remaining.map((e) => e.raw).join("")}`;
    if (!runs(sub)) return undefined;
    conditions.push(`{"pattern": ${JSON.stringify(sub)}}`);
  }
  return `"allOf": [${conditions.join(", ")}]`;
}

function lengthKeywords(alternative: AST.Alternative, quantifier: AST.Quantifier): string | undefined {
  const [start, middle, end, ...more] = alternative.elements;
  if (more.length || middle !== quantifier) return undefined;
  if (start?.type !== "Assertion" || start.kind !== "start" || end?.type !== "Assertion" || end.kind !== "end")
    return undefined;
  const element = quantifier.element;
  const single =
    element.type === "Character" ||
    element.type === "CharacterClass" ||
    (element.type === "CharacterSet" && !(element.kind === "property" && element.strings));
  if (!single) return undefined;
  const parts = [`"pattern": ${JSON.stringify(`^${element.raw}*$`)}`];
  if (quantifier.min > 0) parts.push(`"minLength": ${quantifier.min}`);
  if (quantifier.max !== Number.POSITIVE_INFINITY) parts.push(`"maxLength": ${quantifier.max}`);
  return parts.join(", ");
}
