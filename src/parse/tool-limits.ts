import type { DiagnosticBag } from "../diagnostics/types.js";
import type { JsonSchema, JsonValue, SourceLocation, ToolContent } from "../ir/types.js";
import type { SpecLimits } from "./limits.js";
import { locateIn, schemaPositions, type ParsedTool, type SourceNode } from "./schema-positions.js";
import { findLoneSurrogate } from "./unicode.js";
import { findValueExcess, pointerText, type ValuePath } from "./value-limits.js";

/** One part of a tool to check: what to call it, its value, and how to locate a path in it. */
interface Part {
  what: (path: ValuePath) => string;
  value: unknown;
  schema: boolean;
  /** Whether the limits apply (schemas and examples); every part is checked for valid Unicode. */
  limited: boolean;
  locate: (path: ValuePath) => SourceLocation;
}

/**
 * The gate every tool passes on its way out of the parse stage: its schemas and usage
 * examples must stay within the limits, and all of its text must be valid Unicode.
 * A tool that fails gets one error diagnostic at the offending place and is left out
 * of the result, so no later stage (which may recurse, or be quadratic) ever sees it.
 * A tool that passes gets the positions of its schemas' parts recorded in the IR
 * (`schemaSources`), measured only now that the schemas are known to be within bounds.
 */
export function enforceToolLimits(
  parsed: readonly ParsedTool[],
  limits: SpecLimits,
  diagnostics: DiagnosticBag,
): ToolContent[] {
  const out: ToolContent[] = [];
  for (const p of parsed) {
    if (!checkTool(p, limits, diagnostics)) continue;
    for (const side of ["inputSchema", "outputSchema"] as const) {
      const written = p.sources[side];
      const schema = p.tool[side];
      if (!written || !schema) continue;
      const sources = (p.tool.schemaSources ??= {});
      (sources[side] ??= { provenance: "explicit" }).positions = schemaPositions(schema, written);
    }
    out.push(p.tool);
  }
  return out;
}

function checkTool({ tool, sources }: ParsedTool, limits: SpecLimits, diagnostics: DiagnosticBag): boolean {
  const parts = partsOf(tool, sources);
  for (const part of parts) {
    // The rest of a tool is text and flags the parsers built in fixed shapes: nothing to bound.
    if (!part.limited || !part.value || typeof part.value !== "object") continue;
    const excess = findValueExcess(part.value as JsonValue, limits, { schema: part.schema });
    if (excess) {
      const at = excess.path.length ? ` (at ${pointerText(excess.path)})` : "";
      diagnostics.error(
        excess.code,
        part.locate(excess.path),
        `${part.what(excess.path)} of "${printable(tool.name)}" ${excess.problem}${at}`,
        excess.help,
      );
      return false;
    }
  }
  // Checked after the limits: they bound the walk over every string.
  for (const part of parts) {
    const path = findLoneSurrogate(part.value);
    if (path) {
      const at = path.length ? ` (at ${pointerText(path)})` : "";
      diagnostics.error(
        "SPEC_TEXT_INVALID",
        part.locate(path),
        `${part.what(path)} of "${printable(tool.name)}" is not valid Unicode: it has a lone surrogate${at}`,
        "an escape such as \\uD800 must be one half of a surrogate pair; fix or remove it (generated files are UTF-8, which cannot hold it)",
      );
      return false;
    }
  }
  return true;
}

function partsOf(tool: ToolContent, written: ParsedTool["sources"]): Part[] {
  // What parsers recorded about the schemas is checked with the schemas themselves.
  const { inputSchema, outputSchema, examples, locations, schemaSources: _sources, ...rest } = tool;
  const schemaPart = (
    what: string,
    schema: JsonSchema,
    source: SourceNode | undefined,
    fallback: SourceLocation,
  ): Part => ({
    what: () => what,
    value: schema,
    schema: true,
    limited: true,
    locate: source ? (path) => locateIn(source, path) : () => fallback,
  });
  const parts: Part[] = [
    schemaPart("the input schema", inputSchema, written.inputSchema, locations.inputSchema ?? locations.tool),
  ];
  if (outputSchema)
    parts.push(
      schemaPart("the output schema", outputSchema, written.outputSchema, locations.outputSchema ?? locations.tool),
    );
  for (const ex of examples)
    parts.push({ what: () => "a usage example", value: ex.value, schema: false, limited: true, locate: () => ex.loc });
  // Everything else is short text (name, description, errors…): located by its field.
  const fieldLocs = locations as unknown as { [field: string]: SourceLocation | undefined };
  const field = (path: ValuePath) => String(path[0] ?? "definition");
  parts.push({
    what: (path) => `the ${field(path)}`,
    value: rest,
    schema: false,
    limited: false,
    locate: (path) => (Object.hasOwn(fieldLocs, field(path)) ? fieldLocs[field(path)] : undefined) ?? locations.tool,
  });
  return parts;
}

/** A name safe to print even when it holds the lone surrogate being reported. */
function printable(s: string): string {
  return s.replace(/\p{Cs}/gu, "\uFFFD");
}
