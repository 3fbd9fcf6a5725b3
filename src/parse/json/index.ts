import { DiagnosticBag } from "../../diagnostics/types.js";
import type {
  JsonSchema,
  JsonValue,
  ToolExample,
  ToolContent,
  ToolSpec,
  Idempotency,
  ToolErrorType,
} from "../../ir/types.js";
import { withContentHash } from "../../ir/content-hash.js";
import { completeAnnotations, moduleFromPath, statedHints } from "../../ir/build.js";
import { JsonLocator } from "./locate.js";
import { descend, type KeyPath, type ParsedTool } from "../schema-positions.js";
import { isObject } from "../../schema/walk.js";
import { CONTAINER_SLACK, DEFAULT_LIMITS, type SpecLimits } from "../limits.js";
import { deepNestingOffset } from "../primitives/nesting.js";
import { enforceToolLimits } from "../tool-limits.js";
import { checkDefaults } from "../default-check.js";

type JsonObject = { [k: string]: JsonValue };

/**
 * Reads a JSON spec file: one MCP tool definition `{name, title?, description,
 * inputSchema, outputSchema?, annotations?}`, a `tools/list` result `{tools: [...]}`,
 * or an array of tool definitions. Optional extension fields: `version`, `module`,
 * `deprecated`, `errors`, `idempotency`, `examples`, `security`.
 * Schemas and examples beyond `options.limits` are reported and their tools left out.
 * Each tool has its content hash (see `withContentHash`), set here, where it is read.
 */
export function parseJsonSpec(
  file: string,
  text: string,
  diagnostics: DiagnosticBag,
  options: { limits?: SpecLimits } = {},
): ToolSpec[] {
  return readJsonTools(file, text, diagnostics, options).map(withContentHash);
}

/** {@link parseJsonSpec} before the tools' content hashes are set. */
function readJsonTools(
  file: string,
  text: string,
  diagnostics: DiagnosticBag,
  options: { limits?: SpecLimits } = {},
): ToolContent[] {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const locator = new JsonLocator(file, text);
  // Locating positions builds a syntax tree recursively: a text nested thousands deep is refused first.
  const deep = deepNestingOffset(text, limits.maxDepth + CONTAINER_SLACK);
  if (deep >= 0) {
    diagnostics.error(
      "SPEC_TOO_DEEP",
      locator.at(deep),
      `this JSON nests objects and arrays more than ${limits.maxDepth} levels deep; the file is not read`,
      "flatten the schema (a recursive shape can use `$defs` and `$ref`), or raise `limits.maxDepth` in the config",
    );
    return [];
  }
  let root: JsonValue;
  try {
    root = JSON.parse(text) as JsonValue;
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message);
    diagnostics.error(
      "SPEC_JSON_SYNTAX",
      locator.at(pos ? Number(pos[1]) : 0),
      `invalid JSON: ${(e as Error).message}`,
      "fix the JSON syntax (JSON spec files must be strict JSON)",
    );
    return [];
  }
  const list: Array<{ value: JsonValue; path: Array<string | number> }> = Array.isArray(root)
    ? root.map((value, i) => ({ value, path: [i] }))
    : isObject(root) && Array.isArray(root.tools)
      ? root.tools.map((value, i) => ({ value, path: ["tools", i] }))
      : [{ value: root, path: [] }];
  if (list.length === 0)
    diagnostics.info(
      "SPEC_NO_TOOLS",
      locator.at(0),
      "no tool definitions found in this file",
      "add tool definitions (`{name, description, inputSchema}`)",
    );
  const module = moduleFromPath(file);
  const tools: ToolContent[] = [];
  // Reported after everything the reading reports, as when all tools were checked at the end.
  const limitFindings = new DiagnosticBag();
  for (const { value, path } of list) {
    // Each tool is read and checked with a syntax tree of its own text only, which goes
    // with it: the tree of a whole large file would take many times the file's size.
    const scoped = locator.scope(path);
    const tool = readTool(value, scoped.path, module, scoped.locator, diagnostics);
    if (tool) tools.push(...enforceToolLimits([tool], limits, limitFindings));
  }
  diagnostics.items.push(...limitFindings.items);
  return tools;
}

function readTool(
  value: JsonValue,
  path: KeyPath,
  fileModule: string,
  locator: JsonLocator,
  diagnostics: DiagnosticBag,
): ParsedTool | undefined {
  const loc = locator.locate(path);
  if (!isObject(value)) {
    diagnostics.error(
      "SPEC_JSON_SHAPE",
      loc,
      "a tool definition must be a JSON object",
      'write `{"name": …, "description": …, "inputSchema": {…}}`',
    );
    return undefined;
  }
  if (typeof value.name !== "string" || !value.name) {
    diagnostics.error("SPEC_JSON_SHAPE", loc, 'tool definition has no "name"', 'add a "name" string');
    return undefined;
  }
  const name = value.name;
  const inputSchema = isObject(value.inputSchema) ? (value.inputSchema as JsonSchema) : undefined;
  if (!inputSchema) {
    diagnostics.error(
      "SPEC_JSON_SHAPE",
      locator.locate([...path, "inputSchema"]),
      `tool "${name}" has no "inputSchema" object`,
      'add `"inputSchema": {"type": "object", "properties": {…}}`',
    );
    return undefined;
  }
  const output = value.outputSchema;
  if (output !== undefined && output !== null && !isObject(output)) {
    // Never dropped in silence: `true` (any value) and `false` (none) are valid JSON Schema, but a
    // tool's output schema is read as a schema object.
    diagnostics.error(
      "SPEC_JSON_SHAPE",
      locator.locate([...path, "outputSchema"]),
      `tool "${name}" has an "outputSchema" that is not a schema object (${JSON.stringify(output)})`,
      'write a JSON Schema object: `{}` for any result, or leave "outputSchema" out',
    );
    return undefined;
  }
  const annotations = isObject(value.annotations) ? value.annotations : {};
  const stated = statedHints(annotations);
  const title =
    typeof value.title === "string"
      ? value.title
      : typeof annotations.title === "string"
        ? annotations.title
        : undefined;
  const module =
    typeof value.module === "string"
      ? value.module
      : name.includes(".")
        ? name.slice(0, name.lastIndexOf("."))
        : fileModule;
  const idempotency = readIdempotency(value.idempotency);
  const deprecation =
    value.deprecated === true
      ? {}
      : isObject(value.deprecated)
        ? pickStrings(value.deprecated, ["since", "message"])
        : undefined;
  const examples: ToolExample[] = Array.isArray(value.examples)
    ? value.examples.flatMap((ex, i): ToolExample[] =>
        isObject(ex) && (isObject(ex.arguments) || ex.result !== undefined)
          ? [
              ...(isObject(ex.arguments)
                ? [
                    {
                      kind: "call" as const,
                      value: ex.arguments,
                      loc: locator.locate([...path, "examples", i, "arguments"]),
                    },
                  ]
                : []),
              ...(isObject(ex.result)
                ? [
                    {
                      kind: "result" as const,
                      value: ex.result,
                      loc: locator.locate([...path, "examples", i, "result"]),
                    },
                  ]
                : []),
            ]
          : [],
      )
    : [];
  const errors: ToolErrorType[] = Array.isArray(value.errors)
    ? value.errors.flatMap((e) =>
        typeof e === "string"
          ? [{ type: e }]
          : isObject(e) && typeof e.type === "string"
            ? [{ type: e.type, ...(typeof e.description === "string" ? { description: e.description } : {}) }]
            : [],
      )
    : [];
  const tool: ToolContent = {
    name,
    module,
    ...(typeof value.version === "string" ? { version: value.version } : {}),
    ...(title ? { title } : {}),
    description: typeof value.description === "string" ? value.description : "",
    inputSchema,
    ...(isObject(value.outputSchema) ? { outputSchema: value.outputSchema as JsonSchema } : {}),
    errors,
    ...(idempotency ? { idempotency } : {}),
    annotations: completeAnnotations(stated, idempotency),
    ...(deprecation ? { deprecation } : {}),
    examples,
    security: Array.isArray(value.security) ? value.security.filter((s): s is string => typeof s === "string") : [],
    format: "json",
    locations: {
      tool: loc,
      name: locator.locate([...path, "name"]),
      ...(typeof value.version === "string" ? { version: locator.locate([...path, "version"]) } : {}),
      ...(typeof value.description === "string" ? { description: locator.locate([...path, "description"]) } : {}),
      inputSchema: locator.locate([...path, "inputSchema"]),
      ...(isObject(value.outputSchema) ? { outputSchema: locator.locate([...path, "outputSchema"]) } : {}),
      ...(value.idempotency !== undefined ? { idempotency: locator.locate([...path, "idempotency"]) } : {}),
    },
  };
  // A default its own property rejects is an error, as in a JSON Schema block of a Markdown spec.
  for (const side of ["inputSchema", "outputSchema"] as const) {
    const schema = tool[side];
    if (schema) checkDefaults(schema, true, (p) => locator.locate([...path, side, ...p]), diagnostics);
  }
  const file = locator.source();
  return {
    tool,
    sources: {
      inputSchema: descend(file, [...path, "inputSchema"]),
      ...(isObject(value.outputSchema) ? { outputSchema: descend(file, [...path, "outputSchema"]) } : {}),
    },
  };
}

function readIdempotency(v: JsonValue | undefined): Idempotency | undefined {
  if (typeof v === "boolean") return { value: v ? "yes" : "no" };
  if (typeof v === "string" && /^(yes|no|partial)$/.test(v)) return { value: v as Idempotency["value"] };
  if (isObject(v) && typeof v.value === "string" && /^(yes|no|partial)$/.test(v.value)) {
    return {
      value: v.value as Idempotency["value"],
      ...(typeof v.explanation === "string" ? { explanation: v.explanation } : {}),
    };
  }
  return undefined;
}

function pickStrings(o: JsonObject, keys: string[]): { [k: string]: string } {
  const out: { [k: string]: string } = {};
  for (const k of keys) if (typeof o[k] === "string") out[k] = o[k] as string;
  return out;
}
