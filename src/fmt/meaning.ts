import { DiagnosticBag } from "../diagnostics/types.js";
import type { SchemaSource, ToolSpec } from "../ir/types.js";
import { DEFAULT_LIMITS, type SpecLimits } from "../parse/limits.js";
import { parseMarkdownSpec } from "../parse/markdown/index.js";

/**
 * What a Markdown spec means, as fmt compares it: the tools the parser reads from it and
 * the findings it reports, without where anything is written. Two texts mean the same
 * when their meanings are deep-equal (see {@link meaningDifference}).
 */
export interface SpecMeaning {
  /** The tools, without source positions (`locations`, each example's `loc`, schema positions) and content hash. */
  tools: unknown[];
  /** Each finding as `severity code: message`, digits masked (messages cite line numbers), sorted. */
  findings: string[];
}

/** Parses `text` as the Markdown spec `file` under `limits` and returns what it means (see {@link SpecMeaning}). */
export function specMeaning(file: string, text: string, limits: SpecLimits = DEFAULT_LIMITS): SpecMeaning {
  const diagnostics = new DiagnosticBag();
  const tools = parseMarkdownSpec(file, text, diagnostics, { limits }).map(withoutPositions);
  const findings = diagnostics.items.map((d) => `${d.severity} ${d.code}: ${d.message.replace(/\d+/g, "#")}`).sort();
  return { tools, findings };
}

/** A tool without anything that depends on where it is written. */
function withoutPositions(tool: ToolSpec): unknown {
  const { contentHash: _hash, locations: _locations, examples, schemaSources, ...rest } = tool;
  const sides: Record<string, unknown> = {};
  for (const [side, source] of Object.entries(schemaSources ?? {}) as Array<[string, SchemaSource | undefined]>) {
    if (!source) continue;
    const { positions: _positions, untyped, ...kept } = source;
    sides[side] = untyped ? { ...kept, untyped: untyped.map((u) => u.name) } : kept;
  }
  return {
    ...rest,
    examples: examples.map(({ loc: _loc, ...example }) => example),
    ...(schemaSources ? { schemaSources: sides } : {}),
  };
}

/**
 * Where two meanings differ, in words ("tool \"m.t\": inputSchema.properties.path.description",
 * "the findings: warning SPEC_CONTENT_IGNORED: …"), or undefined when they are the same.
 */
export function meaningDifference(before: SpecMeaning, after: SpecMeaning): string | undefined {
  if (before.tools.length !== after.tools.length)
    return `the number of tools (${before.tools.length} → ${after.tools.length})`;
  for (let i = 0; i < before.tools.length; i++) {
    const path = firstDifference(before.tools[i], after.tools[i], []);
    if (path) {
      const name = (before.tools[i] as { name?: unknown }).name;
      return `tool ${JSON.stringify(name)}: ${path.length ? path.join(".") : "the whole tool"}`;
    }
  }
  const gone = before.findings.filter((f) => !after.findings.includes(f));
  const added = after.findings.filter((f) => !before.findings.includes(f));
  if (gone.length) return `the findings (no more "${gone[0]}")`;
  if (added.length) return `the findings (a new "${added[0]}")`;
  if (before.findings.length !== after.findings.length) return "the number of findings";
  return undefined;
}

/** The path of the first place where two JSON values differ, or undefined when they are equal. */
function firstDifference(a: unknown, b: unknown, path: string[]): string[] | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  // Key order is part of a schema as written (it orders generated fields), so it counts.
  if (keysA.length !== keysB.length || keysA.some((k, i) => k !== keysB[i])) {
    const missing = keysA.find((k) => !keysB.includes(k)) ?? keysB.find((k) => !keysA.includes(k));
    return missing === undefined ? [...path, "(key order)"] : [...path, missing];
  }
  for (const k of keysA) {
    const found = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], [...path, k]);
    if (found) return found;
  }
  return undefined;
}
