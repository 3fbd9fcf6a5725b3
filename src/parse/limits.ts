/**
 * Limits on what one spec may ask of the parser. Specs are untrusted input: without
 * bounds a few kilobytes can take minutes (deeply nested Markdown, emphasis runs), blow
 * the stack (schemas thousands of levels deep) or the heap (YAML alias bombs, huge
 * files). Each limit is far above what real specs use and turns into an error
 * diagnostic at the offending place, never an exception.
 */
export interface SpecLimits {
  /**
   * Largest Markdown spec file, in bytes, checked before the file is read.
   * Default: 512 KiB (524,288). Real specs are tens of KB; parsing Markdown costs
   * memory and time many times the file's size.
   */
  maxMarkdownBytes: number;
  /**
   * Largest JSON spec file, in bytes, checked before the file is read.
   * Default: 32 MiB (33,554,432), room for a `tools/list` of ten thousand typical tools,
   * pretty-printed.
   */
  maxJsonBytes: number;
  /**
   * Deepest nesting of Markdown containers (block quotes and list items) on any line.
   * Default: 32. Real specs nest a few levels; the Markdown parser slows down with
   * every level and overflows the stack at about a thousand.
   */
  maxMarkdownNesting: number;
  /**
   * Most emphasis and link delimiters (`*`, `_`, `~`, `[`) in one paragraph or table
   * row, outside code. Default: 500 (real specs use under 50). Resolving emphasis takes
   * time quadratic in their number.
   */
  maxInlineDelimiters: number;
  /**
   * Budget for ending block quotes and list items in one Markdown file: a line that ends
   * some (or continues one lazily) costs its line number for each, since the Markdown
   * parser (micromark) then rebuilds its record of every line before it. Default: 10,000,000
   * (seconds of parsing). Real specs use a small part of it; thousands of short block
   * quotes in a row exceed it.
   */
  maxContainerClosing: number;
  /**
   * Deepest nesting of objects and arrays in a schema, usage example, or JSON/YAML
   * block. Default: 64 (a property nested 30 levels deep).
   */
  maxDepth: number;
  /** Most members in any one object of a schema (its `properties`, `$defs`, …). Default: 10,000. */
  maxProperties: number;
  /**
   * Most values in one `enum`. Default: 5,000. The meta-schema check that enum values
   * are unique takes time quadratic in their number.
   */
  maxEnumValues: number;
  /**
   * Largest schema, usage example or YAML block (aliases expanded), as compact JSON
   * text, in characters. Default: 1 MiB (1,048,576).
   */
  maxSchemaBytes: number;
  /**
   * Most YAML alias expansions (`*name`) in one YAML block, weighted by the aliases
   * they contain (the `maxAliasCount` of the `yaml` package). Default: 100. Bounds
   * "billion laughs" blocks, where a few lines expand to gigabytes.
   */
  maxYamlAliases: number;
}

/**
 * How much deeper than `maxDepth` a JSON or YAML text may nest before it is refused
 * unread. Schemas sit a few levels inside a spec (`{"tools": [{"inputSchema": …}]}`, a
 * descriptor block); this margin lets the exact per-schema check report them with a
 * precise location, while still bounding what the (recursive) parsers ever see.
 */
export const CONTAINER_SLACK = 8;

/** The limits used when a config sets none. */
export const DEFAULT_LIMITS: Readonly<SpecLimits> = Object.freeze({
  maxMarkdownBytes: 512 * 1024,
  maxJsonBytes: 32 * 1024 * 1024,
  maxMarkdownNesting: 32,
  maxInlineDelimiters: 500,
  maxContainerClosing: 10_000_000,
  maxDepth: 64,
  maxProperties: 10_000,
  maxEnumValues: 5_000,
  maxSchemaBytes: 1024 * 1024,
  maxYamlAliases: 100,
});

/** The names of every limit, for config checks and error messages. */
export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as Array<keyof SpecLimits>;

/** Fills in defaults for limits a config leaves out. */
export function resolveLimits(user: Partial<SpecLimits> | undefined): SpecLimits {
  const out: SpecLimits = { ...DEFAULT_LIMITS };
  if (user) for (const name of LIMIT_NAMES) if (user[name] !== undefined) out[name] = user[name]!;
  return out;
}

/**
 * The first problem with user-given limits (an unknown name, or a value that is not a
 * positive integer), as a message for a usage error; undefined when they are fine.
 */
export function limitsProblem(user: unknown): string | undefined {
  if (user === undefined) return undefined;
  if (!user || typeof user !== "object" || Array.isArray(user)) return "limits must be an object";
  for (const [name, value] of Object.entries(user)) {
    if (!(LIMIT_NAMES as string[]).includes(name)) return `unknown limit "${name}" (known: ${LIMIT_NAMES.join(", ")})`;
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1)
      return `limits.${name} must be a positive integer`;
  }
  return undefined;
}
