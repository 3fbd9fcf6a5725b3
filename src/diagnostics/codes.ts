import type { Severity } from "./types.js";

/** Every diagnostic code mcp-specgen reports, with its severity and what it means. Documented in the README. */
export const DIAGNOSTIC_CODES: Record<string, { severity: Severity; summary: string }> = {
  INPUT_NOT_FOUND: { severity: "error", summary: "An input file or directory does not exist." },
  SPEC_JSON_SYNTAX: { severity: "error", summary: "A JSON spec file is not valid JSON." },
  SPEC_JSON_SHAPE: { severity: "error", summary: "A JSON tool definition lacks `name` or an `inputSchema` object." },
  SPEC_NAME_INVALID: {
    severity: "error",
    summary: "A tool name breaks the MCP tool-name rule (for Markdown: or has no `module_name.` prefix).",
  },
  SPEC_MODULE_INVALID: {
    severity: "error",
    summary: "A module name has characters that cannot be used in file names.",
  },
  SPEC_MODULE_CASE: {
    severity: "error",
    summary: "Two module names differ only in case; their files would collide on case-insensitive file systems.",
  },
  SPEC_DUPLICATE_NAME: { severity: "error", summary: "Two tools of one module share a name." },
  SPEC_IDENTIFIER_COLLISION: {
    severity: "error",
    summary: "Two tools of one module, or two modules, would generate the same TypeScript identifier.",
  },
  SPEC_SHARED_WIRE_NAME: {
    severity: "info",
    summary:
      "Several modules have a tool of the same name (e.g. several servers' `read_file`): each module is served on its own (`createModuleRegistry`), and vendor names are prefixed with the module.",
  },
  SPEC_VERSION_INVALID: { severity: "error", summary: "A tool version is not semantic versioning." },
  SPEC_SCHEMA_INVALID: { severity: "error", summary: "A JSON Schema fails its meta-schema or cannot be compiled." },
  SPEC_INPUT_NOT_OBJECT: { severity: "error", summary: 'An input schema\'s root is not `"type": "object"`.' },
  SPEC_REF_UNSUPPORTED: {
    severity: "error",
    summary: "A `$ref` points outside the schema (a file or URL); specs may not read other resources.",
  },
  SPEC_REF_UNRESOLVED: {
    severity: "error",
    summary: "A local `$ref` points at nothing, or at data that is not a subschema.",
  },
  SPEC_SCHEMA_ID_INVALID: {
    severity: "error",
    summary: "A nested `$id`, `$anchor` or `$dynamicAnchor` is not a valid URI reference or plain name.",
  },
  SPEC_SCHEMA_ID_DUPLICATE: { severity: "error", summary: "Two subschemas declare the same `$id` or anchor." },
  SPEC_REF_CYCLE: {
    severity: "error",
    summary: "A `$ref` leads back to itself without descending into a property or item; validation would never end.",
  },
  SPEC_PATTERN_INVALID: {
    severity: "error",
    summary: "A `pattern` or `patternProperties` key is not a valid JavaScript (Unicode) regular expression.",
  },
  SPEC_PATTERN_UNSAFE: {
    severity: "error",
    summary: "A `pattern` backtracks exponentially or polynomially: one crafted string could stall a server (ReDoS).",
  },
  SPEC_UNIQUE_ITEMS_UNBOUNDED: {
    severity: "error",
    summary:
      "`uniqueItems` on items that may be objects or arrays, without a `maxItems` ≤ 1,000: validators compare every pair, so one long array could stall a server.",
  },
  SPEC_INTERNAL: {
    severity: "error",
    summary:
      "An input tripped an unexpected failure inside mcp-specgen; reported at the nearest location instead of crashing.",
  },
  INPUT_UNREADABLE: {
    severity: "error",
    summary: "An input cannot be read: not a regular file, no permission, or an I/O error.",
  },
  SPEC_FILE_TOO_LARGE: {
    severity: "error",
    summary: "A spec file is larger than `limits.maxMarkdownBytes` or `limits.maxJsonBytes`; it is not read.",
  },
  SPEC_TOO_DEEP: {
    severity: "error",
    summary:
      "A schema, example, JSON/YAML block or Markdown list/quote nests deeper than `limits.maxDepth` or `limits.maxMarkdownNesting`.",
  },
  SPEC_SCHEMA_TOO_LARGE: {
    severity: "error",
    summary: "A schema exceeds `limits.maxProperties`, `limits.maxEnumValues` or `limits.maxSchemaBytes`.",
  },
  SPEC_MARKDOWN_TOO_COMPLEX: {
    severity: "error",
    summary:
      "A Markdown file would take remark minutes: a paragraph with more emphasis and link delimiters than `limits.maxInlineDelimiters`, or more ending block quotes and lists than `limits.maxContainerClosing` allows; the file is not read.",
  },
  SPEC_YAML_INVALID: {
    severity: "error",
    summary:
      "A YAML block cannot be read as JSON: an undefined alias (an unquoted `*`, as in `*.txt`), an alias inside its own value or expanding too much, or a value with no JSON form (`.inf`, `!!binary`).",
  },
  SPEC_TEXT_INVALID: {
    severity: "error",
    summary:
      "Text is not valid Unicode: a file that is not UTF-8 (binary, UTF-16, NUL characters), or a lone surrogate escape such as `\\uD800`.",
  },
  SPEC_SCHEMA_DIALECT: {
    severity: "warning",
    summary:
      "A schema's `$schema` names a dialect ajv does not support (e.g. draft-04); it is read with draft-07 rules.",
  },
  SPEC_KEYWORD_IGNORED: {
    severity: "warning",
    summary: "A keyword that is not JSON Schema (such as OpenAPI's `nullable`) is ignored by validators.",
  },
  SPEC_FORMAT_UNKNOWN: {
    severity: "warning",
    summary: "A `format` is not one validators know (ajv-formats' full set), so values are not checked against it.",
  },
  SPEC_EXAMPLE_INVALID: {
    severity: "error",
    summary: "A usage example's arguments (or result data) do not validate against the tool's schema.",
  },
  SPEC_EXAMPLE_MISMATCH: {
    severity: "warning",
    summary:
      "A usage example does not match a schema inferred from a table, bullets or signatures (prose is less exact than a JSON Schema).",
  },
  SPEC_TABLE_REPAIRED: {
    severity: "warning",
    summary:
      "A malformed table row (a pipe escape broken by a space, a missing cell separator) was repaired; check the result.",
  },
  SPEC_NAME_STYLE: {
    severity: "warning",
    summary: "A Markdown tool name is a valid MCP name but not the template's lower-case `module_name.tool_name`.",
  },
  GENERATION_FAILED: {
    severity: "error",
    summary:
      "A generator could not produce output for a schema (or refused output that was not pure type declarations).",
  },
  SPEC_MISSING_DESCRIPTION: { severity: "warning", summary: "A tool has no description." },
  SPEC_MISSING_IDEMPOTENCY: {
    severity: "warning",
    summary: "A Markdown tool does not state whether it is idempotent.",
  },
  SPEC_TABLE_SCHEMA_MISMATCH: {
    severity: "warning",
    summary: "A parameter table disagrees with the JSON Schema given beside it (the schema is used).",
  },
  SPEC_UNKNOWN_TYPE: {
    severity: "warning",
    summary: "A type in a table is not understood; the field accepts any value.",
  },
  SPEC_JSON_LENIENT: {
    severity: "warning",
    summary: "A JSON (or YAML) schema block is not strict JSON (YAML) and was read leniently.",
  },
  SPEC_EXAMPLE_UNREADABLE: {
    severity: "warning",
    summary: "A usage example is not valid JSON and could not be checked.",
  },
  SPEC_EXAMPLE_TOOL_MISMATCH: {
    severity: "warning",
    summary: "A usage example calls a different tool than the one it documents.",
  },
  SPEC_NO_TOOLS: { severity: "info", summary: "A spec file defines no tools." },
  SPEC_TOOL_PLANNED: { severity: "info", summary: "A tool marked as planned / not yet implemented was skipped." },
  SPEC_TEMPLATE_SKIPPED: { severity: "info", summary: "A template placeholder such as `[YourToolName]` was skipped." },
  LINT_INPUT_UNDOCUMENTED: {
    severity: "warning",
    summary: "lint: a tool does not document its parameters at all (any arguments are accepted).",
  },
  LINT_PARAM_UNTYPED: { severity: "warning", summary: "lint: a parameter is listed without a type." },
  LINT_OUTPUT_MISSING: { severity: "warning", summary: "lint: a tool has no output schema." },
  LINT_ERRORS_MISSING: {
    severity: "warning",
    summary: "lint: a tool does not document its errors (no Error Handling section).",
  },
  LINT_EXAMPLES_MISSING: { severity: "warning", summary: "lint: a tool has no usage example call." },
  LINT_SECURITY_MISSING: {
    severity: "warning",
    summary: "lint: a tool that changes state (marked destructive, or named for a change) has no security notes.",
  },
  LINT_INPUT_NOT_JSON_SCHEMA: {
    severity: "info",
    summary: "lint: parameters are described in prose only; their JSON Schema was inferred.",
  },
  LINT_VERSION_MISSING: { severity: "info", summary: "lint: a tool does not declare a version." },
};
