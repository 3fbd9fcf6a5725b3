import {
  isValidToolName,
  STRICT_TOOL_NAME_PATTERN,
  type BacktrackingOptions,
} from "@mcp-specgen/runtime/generator-support";
import type { DiagnosticBag } from "../diagnostics/types.js";
import { withReplayedFindings, type ResultStore } from "../memo/replayed-findings.js";
import type { JsonValue, SourceLocation, ToolSpec } from "../ir/types.js";
import { draft7FormPaths, KNOWN_FORMATS, metaSchemaErrors, schemaDialect, type ErrorObject } from "../schema/ajv.js";
import { isObject, walkSchema } from "../schema/walk.js";
import { checkPatterns, type PatternMemo } from "../schema/patterns.js";
import { ExampleValidators } from "../schema/example-validators.js";
import { findRefCycles } from "../schema/ref-cycles.js";
import { MAX_ITEMS_FOR_DEEP_UNIQUE, unboundedDeepUniqueItems } from "../schema/unique-items.js";
import { reportUnexpected } from "../diagnostics/unexpected.js";
import { locateInSchema, pointerPath, schemaProvenance, type SchemaSide } from "../ir/schema-source.js";
import { toolKey } from "../naming/table.js";

// The tool-name rules are the runtime's, so a name the generator accepts is one a
// ToolRegistry registers: the template's `module_name.tool_name` (STRICT_TOOL_NAME_PATTERN)
// for tools written in Markdown, MCP's rule (MCP_TOOL_NAME_PATTERN) for tools given as MCP
// JSON or with an exact `**MCP Name**` (names such as `get-sum` round-trip).
/** Module names become file names, so they are kept to a safe alphabet. */
const MODULE_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** Options of {@link validateTools}. */
export interface ValidateOptions {
  /**
   * The opt-in of a tool's input for patterns the linear-time engine cannot run (from the
   * config's `backtrackingPatterns`); none by default.
   */
  backtrackingFor?: (tool: ToolSpec) => BacktrackingOptions | undefined;
  /**
   * Where each tool's schema and example checks are stored with their findings, by its content
   * hash and pattern opt-in (a build session's memory): an unchanged tool is not checked again.
   */
  results?: ResultStore;
}

/**
 * Checks every tool of a spec set and reports problems: invalid or duplicate names,
 * non-semver versions, schemas that fail their meta-schema or use non-local `$ref`s,
 * examples that do not validate, and missing descriptions / idempotency statements.
 */
export function validateTools(
  tools: readonly ToolSpec[],
  diagnostics: DiagnosticBag,
  options: ValidateOptions = {},
): void {
  const seen = new Map<string, ToolSpec>();
  const modulesByFoldedName = new Map<string, string>();
  const patterns: PatternMemo = new Map();
  const examples = new ExampleValidators(patterns);
  for (const tool of tools) {
    try {
      const backtracking = options.backtrackingFor?.(tool);
      const checks = { backtracking, memo: patterns, examples, results: options.results };
      validateTool(tool, seen, modulesByFoldedName, checks, diagnostics);
    } catch (e) {
      reportUnexpected(diagnostics, tool.locations.tool, `checking "${tool.name}"`, e);
    }
  }
}

function validateTool(
  tool: ToolSpec,
  seen: Map<string, ToolSpec>,
  modulesByFoldedName: Map<string, string>,
  patterns: PatternOptions,
  diagnostics: DiagnosticBag,
): void {
  const nameLoc = tool.locations.name ?? tool.locations.tool;
  checkName(tool, nameLoc, diagnostics);
  const folded = tool.module.toLowerCase();
  const sameButCase = modulesByFoldedName.get(folded);
  if (sameButCase === undefined) modulesByFoldedName.set(folded, tool.module);
  else if (sameButCase !== tool.module) {
    diagnostics.error(
      "SPEC_MODULE_CASE",
      nameLoc,
      `module "${tool.module}" differs from module "${sameButCase}" only in case; their generated files would overwrite each other on case-insensitive file systems`,
      "spell the module the same way everywhere",
    );
  }
  if (!MODULE_NAME.test(tool.module)) {
    diagnostics.error(
      "SPEC_MODULE_INVALID",
      nameLoc,
      `module "${tool.module}" of "${tool.name}" may only contain letters, digits, '_', '-' and single dots`,
      "use a module name such as `file_utility`",
    );
  } else if (/\.d$/i.test(tool.module)) {
    // `types/x.d.ts` would be read by TypeScript as a declaration file, not as module "x.d".
    diagnostics.error(
      "SPEC_MODULE_INVALID",
      nameLoc,
      `module "${tool.module}" of "${tool.name}" ends in ".d", which TypeScript reserves for declaration files`,
      "rename the module, e.g. `x_d` instead of `x.d`",
    );
  }
  // Wire names are unique per module: each module is a namespace and can be served alone.
  const first = seen.get(toolKey(tool));
  if (first) {
    const at = first.locations.name ?? first.locations.tool;
    diagnostics.error(
      "SPEC_DUPLICATE_NAME",
      nameLoc,
      `tool "${tool.name}" is already defined in module "${tool.module}" at ${at.file}:${at.line}:${at.column}`,
      "give each tool of a module a unique name",
    );
  } else seen.set(toolKey(tool), tool);

  if (tool.version !== undefined && !SEMVER.test(tool.version)) {
    diagnostics.error(
      "SPEC_VERSION_INVALID",
      tool.locations.version ?? nameLoc,
      `version "${tool.version}" is not semantic versioning (MAJOR.MINOR.PATCH)`,
      'write the version as e.g. "**Version**: 1.2.0"',
    );
  }
  if (!tool.description.trim()) {
    diagnostics.warning(
      "SPEC_MISSING_DESCRIPTION",
      tool.locations.tool,
      `tool "${tool.name}" has no description`,
      "add a Tool Purpose and Description section: models choose tools by their descriptions",
    );
  }
  if (tool.format === "markdown" && !tool.idempotency) {
    diagnostics.warning(
      "SPEC_MISSING_IDEMPOTENCY",
      tool.locations.tool,
      `tool "${tool.name}" does not state whether it is idempotent`,
      'add an Idempotency section ("**Idempotent**: Yes/No/Partially" and why)',
    );
  }
  checkToolSchemas(tool, patterns, diagnostics);
}

/**
 * How a tool's schemas are checked: its input's opt-in for backtracking patterns, the run's
 * pattern translations, the run's example validators, and where results are stored.
 */
interface PatternOptions {
  backtracking: BacktrackingOptions | undefined;
  memo: PatternMemo;
  /** Compiles schemas for the usage examples, their patterns through `memo`. */
  examples: ExampleValidators;
  results: ResultStore | undefined;
}

/**
 * A tool's schema and example checks: the costly part of the checks, and a pure function of
 * the tool and its input's opt-in for backtracking patterns, so an unchanged tool's findings
 * are reported again without checking (see `withReplayedFindings`).
 */
function checkToolSchemas(tool: ToolSpec, patterns: PatternOptions, diagnostics: DiagnosticBag): void {
  const key = `check\0${tool.contentHash}\0${patterns.backtracking?.maxLength ?? ""}`;
  withReplayedFindings(patterns.results, key, diagnostics, (bag) => {
    const inputOk = checkSchema(tool, "inputSchema", patterns, bag);
    const outputOk = tool.outputSchema ? checkSchema(tool, "outputSchema", patterns, bag) : true;
    checkExamples(tool, inputOk, outputOk, patterns, bag);
  });
}

function checkName(tool: ToolSpec, loc: SourceLocation, diagnostics: DiagnosticBag): void {
  if (tool.format === "markdown" && !tool.exactName) {
    // The template's `module_name.tool_name` rule is a house style; a name MCP itself accepts
    // (`demo.get-sum`, `demo.getUser`) still works everywhere, so it is only a warning.
    if (!isValidToolName(tool.name, true) && isValidToolName(tool.name) && tool.name.includes(".")) {
      diagnostics.warning(
        "SPEC_NAME_STYLE",
        loc,
        `invocation name "${tool.name}" is a valid MCP tool name but not lower-case module_name.tool_name (${STRICT_TOOL_NAME_PATTERN.source})`,
        "use lower-case letters, digits and underscores, such as `file_utility.read_file`",
      );
    } else if (!isValidToolName(tool.name, true)) {
      diagnostics.error(
        "SPEC_NAME_INVALID",
        loc,
        `invocation name "${tool.name}" must match module_name.tool_name (${STRICT_TOOL_NAME_PATTERN.source})`,
        "use lower-case letters, digits and underscores, with a module prefix such as `file_utility.read_file`",
      );
    }
  } else if (!isValidToolName(tool.name)) {
    diagnostics.error(
      "SPEC_NAME_INVALID",
      loc,
      `tool name "${tool.name}" is not a valid MCP tool name (1–128 of A–Z a–z 0–9 _ - .)`,
      "rename the tool using only letters, digits, '_', '-' and '.'",
    );
  }
}

function checkSchema(tool: ToolSpec, side: SchemaSide, patterns: PatternOptions, diagnostics: DiagnosticBag): boolean {
  const schema = tool[side]!;
  const at = (path: ReadonlyArray<string | number>) => locateInSchema(tool, side, path);
  const label = side === "inputSchema" ? "input schema" : "output schema";
  let ok = true;
  const { dialect, supported, source } = schemaDialect(schema);
  for (const e of mostSpecificPerPath(metaSchemaErrors(schema, dialect))) {
    ok = false;
    diagnostics.error(
      "SPEC_SCHEMA_INVALID",
      at(pointerPath(e.instancePath)),
      `${label} of "${tool.name}" is not a valid JSON Schema: ${describeMetaError(e)}`,
      "fix the schema so it validates against the JSON Schema meta-schema",
    );
  }
  if (side === "inputSchema" && schema.type !== "object") {
    ok = false;
    diagnostics.error(
      "SPEC_INPUT_NOT_OBJECT",
      at(["type"]),
      `input schema of "${tool.name}" must have "type": "object" at its root (MCP requires it)`,
      'wrap the parameters in {"type": "object", "properties": {…}}',
    );
  }
  if (side === "inputSchema") {
    const allowed = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const!] : [];
    const keyword = Array.isArray(schema.enum) ? "enum" : "const";
    allowed.forEach((value, i) => {
      if (isObject(value)) return;
      ok = false;
      diagnostics.error(
        "SPEC_INPUT_NOT_OBJECT",
        at(keyword === "enum" ? ["enum", i] : ["const"]),
        `input schema of "${tool.name}": ${keyword} allows ${JSON.stringify(value)?.slice(0, 60)}, but arguments are always an object`,
        `list only objects under "${keyword}" at the root of an input schema`,
      );
    });
    // A root branch that only allows non-objects can never match arguments (and would give
    // the arguments a non-object TypeScript type that no client can send).
    for (const keyword of ["anyOf", "oneOf", "allOf"]) {
      const branches = schema[keyword];
      if (!Array.isArray(branches)) continue;
      branches.forEach((branch, i) => {
        const type = isObject(branch) ? branch.type : undefined;
        const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
        if (!types || types.includes("object")) return;
        ok = false;
        diagnostics.error(
          "SPEC_INPUT_NOT_OBJECT",
          at([keyword, i, "type"]),
          `input schema of "${tool.name}": ${keyword} branch ${i} allows only ${types.map((t) => JSON.stringify(t)).join(", ")}, but arguments are always an object`,
          'give the branch "type": "object" (or remove its "type")',
        );
      });
    }
  }
  // Only for a schema the author wrote: a tuple inferred from prose has no `$schema` to add.
  if (source === "draft7-forms" && schemaProvenance(tool, side) === "explicit") {
    // Said once per side, at the first array `items`: the whole schema is read as draft-07.
    const first = draft7FormPaths(schema)[0]!;
    diagnostics.info(
      "SPEC_SCHEMA_DIALECT_INFERRED",
      at(first),
      `${label} of "${tool.name}" has no "$schema" and uses "items" as an array (at /${first.join("/")}), a draft-07 tuple: the schema is read as draft-07, not as MCP's default 2020-12`,
      'add "$schema": "http://json-schema.org/draft-07/schema#", or write the tuple with "prefixItems" (2020-12)',
    );
  }
  if (!supported) {
    diagnostics.warning(
      "SPEC_SCHEMA_DIALECT",
      at(["$schema"]),
      `${label} of "${tool.name}" declares "${String(schema.$schema)}", which is not supported; it is read with draft-07 rules`,
      'use draft-07 ("http://json-schema.org/draft-07/schema#"), 2019-09 or 2020-12',
    );
  }
  walkSchema(schema, (sub, path) => {
    if (sub.nullable !== undefined) {
      diagnostics.warning(
        "SPEC_KEYWORD_IGNORED",
        at([...path, "nullable"]),
        `${label} of "${tool.name}": "nullable" is an OpenAPI keyword, not JSON Schema, so validators ignore it`,
        'allow null with "type": ["string", "null"] (or anyOf with {"type": "null"})',
      );
    }
    if (typeof sub.format === "string" && !KNOWN_FORMATS.has(sub.format)) {
      const shown = JSON.stringify(sub.format.length > 60 ? `${sub.format.slice(0, 57)}…` : sub.format);
      diagnostics.warning(
        "SPEC_FORMAT_UNKNOWN",
        at([...path, "format"]),
        `${label} of "${tool.name}": format ${shown} is not one validators know, so it is not checked`,
        `use a known format (${[...KNOWN_FORMATS].slice(0, 6).join(", ")}, …) or a "pattern"`,
      );
    }
  });
  for (const p of checkPatterns(schema, patterns)) {
    if (p.severity === "warning") {
      diagnostics.warning(p.code, at(p.path), `${label} of "${tool.name}": ${p.message}`, p.help);
      continue;
    }
    ok = false;
    diagnostics.error(p.code, at(p.path), `${label} of "${tool.name}": ${p.message}`, p.help);
  }
  for (const path of unboundedDeepUniqueItems(schema)) {
    ok = false;
    diagnostics.error(
      "SPEC_UNIQUE_ITEMS_UNBOUNDED",
      at(path),
      `${label} of "${tool.name}": "uniqueItems" on items that may be objects or arrays compares every pair of items, so one long array in a request could stall a server`,
      `give the items a scalar "type", or bound the array with "maxItems" ≤ ${MAX_ITEMS_FOR_DEEP_UNIQUE}`,
    );
  }
  for (const path of findRefCycles(schema)) {
    ok = false;
    diagnostics.error(
      "SPEC_REF_CYCLE",
      at(path),
      `${label} of "${tool.name}": this $ref leads back to itself without descending into a property or item, so validating any value would never end`,
      'make the recursion go through "properties" or "items", or remove the $ref',
    );
  }
  return ok;
}

/**
 * One meta-schema error per schema location: a single typo in `type` makes ajv report
 * `type`, `enum` and `anyOf` failures; the enum one (listing the allowed values) says most.
 */
function mostSpecificPerPath(errors: ErrorObject[]): ErrorObject[] {
  const best = new Map<string, ErrorObject>();
  const rank = (e: ErrorObject) => (e.keyword === "enum" ? 0 : e.keyword === "anyOf" || e.keyword === "oneOf" ? 2 : 1);
  for (const e of errors) {
    const cur = best.get(e.instancePath);
    if (!cur || rank(e) < rank(cur)) best.set(e.instancePath, e);
  }
  return [...best.values()];
}

function describeMetaError(e: ErrorObject): string {
  const at = e.instancePath || "(root)";
  if (e.keyword === "enum" && Array.isArray((e.params as { allowedValues?: unknown[] }).allowedValues)) {
    return `${at} ${e.message}: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return `${at} ${e.message ?? e.keyword}`;
}

function checkExamples(
  tool: ToolSpec,
  inputOk: boolean,
  outputOk: boolean,
  patterns: PatternOptions,
  diagnostics: DiagnosticBag,
): void {
  for (const ex of tool.examples) {
    if (ex.placeholder) continue;
    if (ex.kind === "call") {
      if (
        ex.toolName &&
        ex.toolName !== tool.name &&
        !tool.name.endsWith(`.${ex.toolName}`) &&
        !(tool.format === "markdown" && ex.toolName.split(".").pop() === tool.name.split(".").pop())
      ) {
        diagnostics.warning(
          "SPEC_EXAMPLE_TOOL_MISMATCH",
          ex.loc,
          `usage example calls "${ex.toolName}" but sits in the spec of "${tool.name}"`,
          "use the tool's invocation name in its examples",
        );
        continue;
      }
      if (inputOk) reportInvalid(tool, "inputSchema", ex.value, ex.loc, "arguments", patterns, diagnostics);
    } else if (
      outputOk &&
      tool.outputSchema &&
      isObject(ex.value) &&
      ex.value.status === "success" &&
      ex.value.data !== undefined &&
      ex.value.data !== null
    ) {
      reportInvalid(tool, "outputSchema", ex.value.data, ex.loc, "result data", patterns, diagnostics);
    }
  }
}

/**
 * Checks one example against a schema. The severity follows how exact the schema is:
 * against a JSON Schema the author wrote (or a JSON spec), a mismatch is an error
 * (SPEC_EXAMPLE_INVALID); against a schema inferred from a table, bullets or signatures it
 * is a warning (SPEC_EXAMPLE_MISMATCH), since prose is the less exact of the two. Tools
 * whose parameters are undocumented accept anything, so their examples cannot mismatch.
 */
function reportInvalid(
  tool: ToolSpec,
  side: SchemaSide,
  value: JsonValue,
  loc: SourceLocation,
  what: string,
  patterns: PatternOptions,
  diagnostics: DiagnosticBag,
): void {
  const provenance = schemaProvenance(tool, side);
  if (provenance === "undocumented") return;
  // Patterns meet spec text here as in validators: on the linear-time engine.
  const validate = patterns.examples.compile(tool[side]!, patterns.backtracking);
  if (validate instanceof Error) {
    diagnostics.error(
      "SPEC_SCHEMA_INVALID",
      loc,
      `schema of "${tool.name}" cannot be compiled: ${validate.message}`,
      "fix the schema",
    );
    return;
  }
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(
    (e) =>
      `${e.instancePath || "(root)"} ${e.message}${e.keyword === "additionalProperties" ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : ""}`,
  );
  if (provenance === "inferred") {
    diagnostics.warning(
      "SPEC_EXAMPLE_MISMATCH",
      loc,
      `usage example ${what} do not match the schema inferred for "${tool.name}" from its prose: ${problems.join("; ")}`,
      "fix the example or the parameter table/list (or give a JSON Schema, which is checked strictly)",
    );
    return;
  }
  diagnostics.error(
    "SPEC_EXAMPLE_INVALID",
    loc,
    `usage example ${what} do not match the schema of "${tool.name}": ${problems.join("; ")}`,
    "fix the example, or the schema if the example is right",
  );
}
