import type { Severity } from "./types.js";

/** Every diagnostic code mcp-specgen reports, with its severity and what it means. Documented in the README. */
export const DIAGNOSTIC_CODES: Record<string, { severity: Severity; summary: string }> = {
  INPUT_NOT_FOUND: { severity: "error", summary: "An input file or directory does not exist." },
  SPEC_JSON_SYNTAX: { severity: "error", summary: "A JSON spec file is not valid JSON." },
  SPEC_JSON_SHAPE: { severity: "error", summary: "A JSON tool definition lacks `name` or an `inputSchema` object." },
  SPEC_NAME_INVALID: { severity: "error", summary: "An invocation name breaks `module_name.tool_name` (Markdown) or the MCP tool-name rule (JSON)." },
  SPEC_MODULE_INVALID: { severity: "error", summary: "A module name has characters that cannot be used in file names." },
  SPEC_DUPLICATE_NAME: { severity: "error", summary: "Two tools share an invocation name." },
  SPEC_IDENTIFIER_COLLISION: { severity: "error", summary: "Two tools would generate the same TypeScript identifier." },
  SPEC_VERSION_INVALID: { severity: "error", summary: "A tool version is not semantic versioning." },
  SPEC_SCHEMA_INVALID: { severity: "error", summary: "A JSON Schema fails its meta-schema or cannot be compiled." },
  SPEC_INPUT_NOT_OBJECT: { severity: "error", summary: 'An input schema\'s root is not `"type": "object"`.' },
  SPEC_REF_UNSUPPORTED: { severity: "error", summary: "A `$ref` points outside the schema (a file or URL); specs may not read other resources." },
  SPEC_REF_UNRESOLVED: { severity: "error", summary: "A local `$ref` points at nothing." },
  SPEC_EXAMPLE_INVALID: { severity: "error", summary: "A usage example's arguments (or result data) do not validate against the tool's schema." },
  SPEC_MISSING_DESCRIPTION: { severity: "warning", summary: "A tool has no description." },
  SPEC_MISSING_IDEMPOTENCY: { severity: "warning", summary: "A Markdown tool does not state whether it is idempotent." },
  SPEC_TABLE_SCHEMA_MISMATCH: { severity: "warning", summary: "A parameter table disagrees with the JSON Schema given beside it (the schema is used)." },
  SPEC_UNKNOWN_TYPE: { severity: "warning", summary: "A type in a table is not understood; the field accepts any value." },
  SPEC_JSON_LENIENT: { severity: "warning", summary: "A JSON Schema block is not strict JSON and was read leniently." },
  SPEC_EXAMPLE_UNREADABLE: { severity: "warning", summary: "A usage example is not valid JSON and could not be checked." },
  SPEC_EXAMPLE_TOOL_MISMATCH: { severity: "warning", summary: "A usage example calls a different tool than the one it documents." },
  SPEC_NO_TOOLS: { severity: "info", summary: "A spec file defines no tools." },
  SPEC_TEMPLATE_SKIPPED: { severity: "info", summary: "A template placeholder such as `[YourToolName]` was skipped." },
};
