import type { Severity } from "./severity.js";
import { CONTRACT_CODES } from "./contract-codes.js";
import type { DiagnosticCodeInfo } from "./codes-info.js";
import { SLIP_CODES } from "./codes-slips.js";

export type { DiagnosticCodeInfo } from "./codes-info.js";

/**
 * Every diagnostic code mcp-specgen reports. `DiagnosticBag` accepts a code only with a
 * severity listed here, and the table of codes in docs/diagnostics.md is generated from it
 * (`npm run docs`).
 */
const CATALOGUE = {
  INPUT_NOT_FOUND: {
    severity: "error",
    summary: "An input file or directory does not exist.",
    cause: "A path on the command line or in the config's `inputs` is mistyped, was moved, or does not exist yet.",
    fix: 'pass an existing spec file or directory, or fix `inputs` in the config; in a new project, "npx mcp-specgen init" writes a config and a first spec',
  },
  INPUT_NO_TOOLS: {
    severity: "warning",
    summary: "The inputs define no tools.",
    cause:
      "The inputs hold no spec files, or only files without tools (a new project before its first spec, or `inputs` pointing at the wrong place); the output is still written, as an empty registry, so code importing it compiles and `check` agrees with it.",
    fix: 'add a tool to a spec under the inputs (in a new project, "npx mcp-specgen init" writes a first one), or fix `inputs` in the config',
  },
  SPEC_JSON_SYNTAX: {
    severity: "error",
    summary: "A JSON spec file is not valid JSON.",
    cause:
      "JSON spec files are read as strict JSON, so a comment, a trailing comma or an unquoted key stops the parser.",
    fix: "fix the JSON syntax (JSON spec files must be strict JSON)",
  },
  SPEC_JSON_SHAPE: {
    severity: "error",
    summary: "A JSON tool definition lacks `name` or an `inputSchema` object.",
    cause:
      "A JSON spec holds one tool definition or a list of them, and this entry is not an object with a `name` and an `inputSchema`.",
    fix: 'write each tool as `{"name": …, "description": …, "inputSchema": {"type": "object", …}}`',
  },
  SPEC_NAME_INVALID: {
    severity: "error",
    summary: "A tool name breaks the MCP tool-name rule (for Markdown: or has no `module_name.` prefix).",
    cause:
      "MCP allows 1–128 letters, digits, `_`, `-` and `.` in a tool name, and a Markdown tool's `module_name.` prefix tells which module it belongs to.",
    fix: "rename the tool with letters, digits and underscores and a module prefix, such as `file_utility.read_file`",
  },
  SPEC_MODULE_INVALID: {
    severity: "error",
    summary: "A module name has characters that cannot be used in file names.",
    cause:
      "Generated files are named after their module, so it may only use letters, digits, `_`, `-` and single dots, and may not end in `.d`.",
    fix: "use a module name such as `file_utility`",
  },
  SPEC_MODULE_CASE: {
    severity: "error",
    summary: "Two module names differ only in case; their files would collide on case-insensitive file systems.",
    cause:
      "Generated files are named after modules, and macOS and Windows treat `Files.ts` and `files.ts` as one file.",
    fix: "spell the module the same way everywhere",
  },
  SPEC_DUPLICATE_NAME: {
    severity: "error",
    summary: "Two tools of one module share a name.",
    cause: "The same tool is defined twice: a copied section, or one tool in two spec files of the same module.",
    fix: "give each tool of a module a unique name",
  },
  SPEC_IDENTIFIER_COLLISION: {
    severity: "error",
    summary: "Two tools of one module, or two modules, would generate the same TypeScript identifier.",
    cause:
      "Names become camelCase and PascalCase identifiers, so names that differ only in separators or case (`get-user`, `get_user`) map to one identifier.",
    fix: 'rename one of them, or set `naming: "module-tool"` in the config to keep the module prefix in identifiers',
  },
  SPEC_SHARED_WIRE_NAME: {
    severity: "info",
    summary:
      "Several modules have a tool of the same name (e.g. several servers' `read_file`): each module is served on its own (`createModuleRegistry`), and vendor names are prefixed with the module.",
    cause:
      "Specs of several MCP servers are generated together, and more than one of them defines a tool of that name.",
    fix: "nothing to do while each module is served on its own; rename one of the tools to serve both modules from one server",
  },
  SPEC_VERSION_INVALID: {
    severity: "error",
    summary: "A tool version is not semantic versioning.",
    cause: "Tool versions are semantic versions, `MAJOR.MINOR.PATCH` such as `1.2.0`, not `v1` or `1.2`.",
    fix: 'write the version as e.g. "**Version**: 1.2.0"',
  },
  SPEC_SCHEMA_INVALID: {
    severity: "error",
    summary: "A JSON Schema fails its meta-schema or cannot be compiled.",
    cause:
      'A keyword has a value of the wrong kind (such as `"required": true`), a type name is misspelled, or the validator cannot compile a construct.',
    fix: "fix the schema so it validates against the JSON Schema meta-schema",
  },
  SPEC_INPUT_NOT_OBJECT: {
    severity: "error",
    summary: 'An input schema\'s root is not `"type": "object"`.',
    cause:
      "MCP passes a tool's arguments as one JSON object, so an input schema, each branch at its root, and its root `enum` and `const` values must describe an object.",
    fix: 'wrap the parameters in {"type": "object", "properties": {…}}',
  },
  SPEC_REF_UNSUPPORTED: {
    severity: "error",
    summary: "A `$ref` points outside the schema (a file or URL); specs may not read other resources.",
    cause:
      "Specs are untrusted input, so a schema may only refer to its own parts; a reference to another file or URL (or a dynamic reference mcp-specgen cannot rewrite) would read other resources.",
    fix: "move the referenced schema under `$defs` and refer to it as `#/$defs/Name`",
  },
  SPEC_REF_UNRESOLVED: {
    severity: "error",
    summary: "A local `$ref` points at nothing, or at data that is not a subschema.",
    cause:
      "The pointer is misspelled, names a definition that was renamed or removed, or lands inside a value that is not a schema (such as an `enum` entry).",
    fix: "point the `$ref` at the root (`#`), a definition (`#/$defs/Name`) or another subschema",
  },
  SPEC_SCHEMA_ID_INVALID: {
    severity: "error",
    summary: "A nested `$id`, `$anchor` or `$dynamicAnchor` is not a valid URI reference or plain name.",
    cause:
      "References to a subschema are resolved through its `$id` (a URI reference) or anchor (a plain name), so a malformed one cannot be resolved.",
    fix: 'use a URI reference such as "item.json" for `$id` and a plain name such as "item" for anchors, or remove them',
  },
  SPEC_SCHEMA_ID_DUPLICATE: {
    severity: "error",
    summary: "Two subschemas declare the same `$id` or anchor.",
    cause: "A subschema was copied together with its `$id` or anchor, so a reference to it would be ambiguous.",
    fix: "give each `$id` and anchor a unique value",
  },
  SPEC_REF_CYCLE: {
    severity: "error",
    summary: "A `$ref` leads back to itself without descending into a property or item; validation would never end.",
    cause:
      "A chain of `$ref`s (possibly through `allOf`, `anyOf` or `oneOf`) returns to its start at the same value, so a validator would follow it forever.",
    fix: 'make the recursion go through "properties" or "items", or remove the $ref',
  },
  SPEC_PATTERN_INVALID: {
    severity: "error",
    summary: "A `pattern` or `patternProperties` key is not a valid JavaScript (Unicode) regular expression.",
    cause:
      "Patterns mean what they mean as JavaScript regular expressions in Unicode mode (validators translate them for a linear-time engine from that meaning), which rejects syntax of other engines such as `\\Z`, possessive quantifiers or a lone `{`.",
    fix: "JSON Schema patterns are ECMA-262 regular expressions (Unicode mode); fix the syntax",
  },
  SPEC_PATTERN_UNSUPPORTED: {
    severity: "error",
    summary:
      "A `pattern` or `patternProperties` key uses what the linear-time pattern engine cannot run: a backreference, lookahead or lookbehind, a counted repetition beyond 1,000, a program too large for it (more than 5,000 states) or groups nested more than 100 deep, or a Unicode property it has no table for.",
    cause:
      "Validators run patterns on a linear-time engine (RE2 semantics, via re2js) so that no string can make one take long, where JavaScript's backtracking engine can take seconds to hours on a few dozen characters; the message names the construct.",
    fix: 'rewrite the pattern (the help shows an equivalent when there is an obvious one, such as "allOf" of one pattern per lookahead, or "maxLength" for a long repetition), or let the input\'s patterns run on JavaScript\'s RegExp under a length cap with "backtrackingPatterns" in the config',
  },
  SPEC_PATTERN_BACKTRACKING: {
    severity: "warning",
    summary:
      "A pattern of an input that opts in to backtracking patterns runs on JavaScript's RegExp and has a shape that can take time exponential in the length of the string: a repetition without bound holding another one (`(a+)+`), or holding alternatives that can start with the same character (`(\\w|\\d)+`).",
    cause:
      "The length cap of `backtrackingPatterns` bounds polynomial shapes but not exponential ones, and the check is a heuristic on the pattern's syntax, so it may flag a pattern that is in fact fast, and miss other slow shapes.",
    fix: 'use the equivalent pattern the help gives when there is one (it accepts the same strings), or rewrite the pattern without the ambiguity (e.g. (a+)+ as a+), or lower the input\'s "maxLength" in "backtrackingPatterns" to a few dozen characters',
  },
  SPEC_UNIQUE_ITEMS_UNBOUNDED: {
    severity: "error",
    summary:
      "`uniqueItems` on items that may be objects or arrays, without a `maxItems` ≤ 1,000: validators compare every pair, so one long array could stall a server.",
    cause:
      "Validators check `uniqueItems` by deep comparison of every pair of items, which takes time growing with the square of the array's length.",
    fix: 'give the items a scalar "type", or bound the array with "maxItems" ≤ 1000',
  },
  SPEC_INTERNAL: {
    severity: "error",
    summary:
      "An input tripped an unexpected failure inside mcp-specgen; reported at the nearest location instead of crashing.",
    cause: "This input triggers a bug in mcp-specgen.",
    fix: "this input trips a bug in mcp-specgen; simplify the spec around this location, and please report it with the spec",
  },
  INPUT_UNREADABLE: {
    severity: "error",
    summary: "An input cannot be read: not a regular file, no permission, or an I/O error.",
    cause:
      "The input is not a regular file (a socket or a device), lacks read permission, or the file system failed while it was read.",
    fix: "check that the file exists and is readable, and pass spec files (`*.md`, `*.json`) or directories",
  },
  SPEC_FILE_TOO_LARGE: {
    severity: "error",
    summary: "A spec file is larger than `limits.maxMarkdownBytes` or `limits.maxJsonBytes`; it is not read.",
    cause:
      "Spec files are untrusted input, so their size is checked before they are read; generated or concatenated specs can exceed the default.",
    fix: "split it into several files, or raise `limits.maxMarkdownBytes` or `limits.maxJsonBytes` in the config",
  },
  SPEC_TOO_DEEP: {
    severity: "error",
    summary:
      "A schema, example, JSON/YAML block or Markdown list/quote nests deeper than `limits.maxDepth` or `limits.maxMarkdownNesting`.",
    cause:
      "Deep nesting, usually generated or hostile, would exhaust the stack of parsers and validators, so it is refused beyond the limit.",
    fix: "flatten it (a recursive shape can use `$defs` and `$ref`), or raise `limits.maxDepth` or `limits.maxMarkdownNesting` in the config",
  },
  SPEC_SCHEMA_TOO_LARGE: {
    severity: "error",
    summary: "A schema exceeds `limits.maxProperties`, `limits.maxEnumValues` or `limits.maxSchemaBytes`.",
    cause:
      "Huge schemas, often dumped from a database or an API, make parsing, validation and the generated code slow and large, so they are refused beyond the limits.",
    fix: "split the schema (or the tool), describe long value lists another way than `enum`, or raise the limit in the config",
  },
  SPEC_MARKDOWN_TOO_COMPLEX: {
    severity: "error",
    summary:
      "A Markdown file would take the Markdown parser minutes: a paragraph with more emphasis and link delimiters than `limits.maxInlineDelimiters`, or more ending block quotes and lists than `limits.maxContainerClosing` allows; the file is not read.",
    cause:
      "The Markdown parser's time grows with the square of the emphasis and link delimiters in one paragraph, and of the block quotes and lists a long file ends.",
    fix: "split the paragraph or the file, put literal text in `code spans`, or raise `limits.maxInlineDelimiters` or `limits.maxContainerClosing` in the config",
  },
  SPEC_YAML_INVALID: {
    severity: "error",
    summary:
      "A YAML block cannot be read as JSON: an undefined alias (an unquoted `*`, as in `*.txt`), an alias inside its own value or expanding too much, or a value with no JSON form (`.inf`, `!!binary`).",
    cause:
      "YAML reads an unquoted `*word` as an alias and has values JSON has not, so the block has no JSON form for a schema.",
    fix: "quote values that start with `*` or `&`, write repeated parts out instead of `*alias`, or write the block as JSON",
  },
  SPEC_TEXT_INVALID: {
    severity: "error",
    summary:
      "Text is not valid Unicode: a file that is not UTF-8 (binary, UTF-16, NUL characters), or a lone surrogate escape such as `\\uD800`.",
    cause:
      "The file was saved as UTF-16 or another encoding or is binary, or a JSON string escapes half of a surrogate pair, which UTF-8 output cannot hold.",
    fix: "save the file as UTF-8 text, and escape characters beyond U+FFFF as a whole surrogate pair",
  },
  SPEC_SCHEMA_DIALECT: {
    severity: "warning",
    summary:
      "A schema's `$schema` names a dialect ajv does not support (e.g. draft-04); it is read with draft-07 rules.",
    cause:
      "The schema was written for an old draft, often draft-04 from OpenAPI-era tools, which ajv no longer supports.",
    fix: 'use draft-07 ("http://json-schema.org/draft-07/schema#"), 2019-09 or 2020-12',
  },
  SPEC_TOOL_NESTED: {
    severity: "error",
    alsoReportedAs: ["warning"],
    summary:
      "A heading named like a tool, with parameters or results under it, sits a level deeper inside another tool and is read as part of that tool.",
    cause:
      "A tool heading has one `#` too many (or the tool above it one too few), so Markdown nests one tool inside the other and the two merge: the nested tool would not be generated (an error at its heading; a warning at the tool that holds it).",
    fix: "give every tool heading the same level",
  },
  SPEC_SCHEMA_DIALECT_INFERRED: {
    severity: "info",
    summary:
      "A schema without `$schema` uses an array-valued `items` (a draft-07 tuple), so it is read as draft-07 instead of MCP's default 2020-12.",
    cause:
      "In 2020-12 a tuple is written with `prefixItems` and `items` must be a schema; an array under `items` only means something in draft-07.",
    fix: 'add "$schema": "http://json-schema.org/draft-07/schema#", or write the tuple with "prefixItems"',
  },
  SPEC_KEYWORD_IGNORED: {
    severity: "warning",
    summary: "A keyword that is not JSON Schema (such as OpenAPI's `nullable`) is ignored by validators.",
    cause: "The schema was copied from OpenAPI 3.0, whose `nullable: true` JSON Schema does not define.",
    fix: 'allow null with "type": ["string", "null"] (or anyOf with {"type": "null"})',
  },
  SPEC_FORMAT_UNKNOWN: {
    severity: "warning",
    summary: "A `format` is not one validators know (ajv-formats' full set), so values are not checked against it.",
    cause:
      "The format is misspelled or belongs to another tool (OpenAPI's `int32`, `binary`), and validators skip formats they do not know.",
    fix: 'use a known format (date-time, email, uri, uuid, …) or a "pattern"',
  },
  SPEC_EXAMPLE_INVALID: {
    severity: "error",
    summary: "A usage example's arguments (or result data) do not validate against the tool's schema.",
    cause:
      "The example and the schema disagree: one of them is out of date, a required argument is missing, or a value has the wrong type.",
    fix: "fix the example, or the schema if the example is right",
  },
  SPEC_EXAMPLE_MISMATCH: {
    severity: "warning",
    summary:
      "A usage example does not match a schema inferred from a table, bullets or signatures (prose is less exact than a JSON Schema).",
    cause:
      "A schema inferred from prose is a reading of the author's intent, so either the example or the prose is wrong, or the prose was read differently than meant.",
    fix: "fix the example or the parameter table/list (or give a JSON Schema, which is checked strictly)",
  },
  SPEC_TABLE_REPAIRED: {
    severity: "warning",
    summary:
      "A malformed table row (a pipe escape broken by a space, a missing cell separator) was repaired; check the result.",
    cause:
      "A pipe inside a cell was escaped with a space after the backslash, or a row lacks a cell separator, so the row would split into the wrong cells.",
    fix: "escape a pipe inside a cell with a backslash right before it, and give every row one cell per column",
  },
  SPEC_SCHEMA_UNREADABLE: {
    severity: "error",
    summary: "A JSON or YAML block where a schema is expected (under Input or Output Schema) cannot be read.",
    cause:
      "A brace, bracket, quote or comma is missing or extra, so the block is not JSON (or YAML) even when read leniently; using no schema instead would accept any input or drop the output schema.",
    fix: "fix the block's syntax (a JSON formatter shows where it breaks)",
  },
  SPEC_TABLE_ROW_CELLS: {
    severity: "warning",
    summary:
      "A table row has more or fewer cells than the header; the missing cells are read as empty and extra ones dropped.",
    cause: "A `|` is missing or extra in the row, or a pipe inside a cell is not escaped as `\\|`.",
    fix: "give every row one cell per header column, and escape a pipe inside a cell as `\\|`",
  },
  SPEC_TABLE_CELL_CONTINUED: {
    severity: "warning",
    summary:
      "A table row was continued on an indented next line; the line was joined to the row's last cell, as a person reads it.",
    cause:
      "A long cell was wrapped onto a new line, which Markdown does not allow in a table: the line would end the table (as code or text) and drop the rows after it.",
    fix: "write each table row on one line (use `<br>` for a line break inside a cell)",
  },
  SPEC_SUMMARY_PARAMS_DIFFER: {
    severity: "info",
    summary: "A tool's parameters in a summary table differ from its own parameter section; the section is used.",
    cause: "The summary table was not updated when the tool's parameters changed, or the other way round.",
    fix: "make the summary table list the same parameters as the tool's section",
  },
  SPEC_OUTPUT_INFERRED: {
    severity: "info",
    summary:
      "A tool's output schema was inferred from keys named in prose, a Returns list or an example result; the message lists each field with the type it was given (shown with `generate --verbose`).",
    cause:
      'The spec names the result\'s fields ("Dictionary with `a` and `b`", "**Returns:** `a`, `b`", a `#### Response` JSON example) without an output table or JSON Schema; every inferred field is optional, example numbers are `number`, `null` constrains nothing, and a type stated in prose wins over an example value of another type (a SPEC_EXAMPLE_MISMATCH warning).',
    fix: "check the fields and types; to state them exactly (and which are required), write an output table or a JSON Schema",
  },
  SPEC_SUMMARY_PARAMS_UNREADABLE: {
    severity: "warning",
    summary: "A tool's only parameter list is a summary-table cell that cannot be read, so its input is left open.",
    cause:
      "The tool (often one of two under a combined heading) has no parameter section; its row in a `Tool | Key parameters` table lists them in a form that is not `name` (type) items.",
    fix: "write each parameter as `name` (type) separated by commas, e.g. `id` (string), `limit` (int, optional), or give the tool a parameter table",
  },
  SPEC_TABLE_NO_SEPARATOR: {
    severity: "warning",
    summary: "Lines that look like a table have no separator row (`|---|---|`), so Markdown reads them as text.",
    cause:
      "The separator row under the header is missing or broken, so the rows are one paragraph and their parameters are not read.",
    fix: "add a separator row such as `|---|---|---|` right under the header row",
  },
  SPEC_REQUIRED_UNCLEAR: {
    severity: "warning",
    summary: "A Required cell is not yes/no-like; the field is taken as optional.",
    cause: "The cell says something such as `Maybe` or `sometimes` that is neither required nor optional.",
    fix: "write Yes or No in the Required column, and state conditions in the description",
  },
  SPEC_DEFAULT_INVALID: {
    severity: "error",
    summary: "A default in a written JSON Schema does not validate against its own property.",
    cause:
      'The default has another type than the property (`"default": "twenty"` on an integer) or breaks its enum or bounds.',
    fix: "give a default of the property's type, or fix the property's type",
  },
  SPEC_DEFAULT_MISMATCH: {
    severity: "warning",
    summary:
      "A default read from prose (a table, a bullet) does not validate against the type read with it; it is kept as written.",
    cause:
      'The Default cell or the description\'s "(default: …)" gives a value of another type, or outside the enum, than the Type cell.',
    fix: "give a default of the parameter's type, or fix the type",
  },
  SPEC_ENUM_CONFLICT: {
    severity: "warning",
    summary:
      "A description lists the allowed values of a field, but the field's default or example is not one of them; no enum is applied.",
    cause:
      'The description says "one of `a`, `b`" (or "`a` or `b`") while the Default or Example cell gives another value, so either the list or the value is out of date.',
    fix: "add the default or example to the listed values, or correct it, so the values can be checked",
  },
  SPEC_ENUM_FROM_PROSE: {
    severity: "info",
    summary:
      'A field\'s allowed values were read from its description ("one of `a`, `b`", "Mode: fast, exact") and applied as an enum (shown with `generate --verbose`).',
    cause:
      "The description states a closed list of values in prose rather than in the type; mcp-specgen reads such a list as the field's enum when the wording leaves no doubt that the list is closed.",
    fix: 'check that the values are the only ones allowed, and state them exactly: `enum["a","b"]` in the type cell, or a JSON Schema with "enum"',
  },
  SPEC_CONTENT_IGNORED: {
    severity: "warning",
    summary: "A part of a tool's section, or a heading that looks like a tool, was not understood and is ignored.",
    cause:
      "A label or section under a tool has a title mcp-specgen does not know, or a heading named like a tool has no content it can read as one.",
    fix: "use the template's sections (Parameters / Input Schema, Returns / Output Schema, …), or reword the heading so it does not look like a tool",
  },
  ...SLIP_CODES,
  SPEC_CODE_FENCE: {
    severity: "warning",
    summary:
      "A code fence is unclosed, closed where a new block was meant to open, or has two backticks; text around it is read wrongly.",
    cause:
      "A fence line lost or gained a backtick, or a block's closing line is missing, so the following content (tools, schemas) is read as code or a code block as text.",
    fix: "open and close every code block with a line of three backticks (the closing line has no language)",
  },
  SPEC_NAME_STYLE: {
    severity: "warning",
    summary: "A Markdown tool name is a valid MCP name but not the template's lower-case `module_name.tool_name`.",
    cause:
      "The specification template names tools `module_name.tool_name` in lower case; other valid MCP names (camelCase, dashes) work but stray from it.",
    fix: "use lower-case letters, digits and underscores, such as `file_utility.read_file`",
  },
  GENERATION_FAILED: {
    severity: "error",
    summary:
      "A generator could not produce output for a schema (or refused output that was not pure type declarations).",
    cause:
      "A generator met a schema it cannot express or produced output that failed its own checks, or two generated files would get the same path.",
    fix: "simplify the schema at this location, or rename the modules or tools whose generated files collide",
  },
  GEMINI_SCHEMA_LOSSY: {
    severity: "warning",
    summary:
      "A part of a tool's input schema has no equivalent in Gemini's function declarations: gemini.json drops or loosens it, changing the shape the model is shown (arguments are still validated against the full schema).",
    cause:
      "Gemini accepts a subset of JSON Schema (OpenAPI's): no `oneOf`, `allOf`, `not`, conditionals, `patternProperties`, maps (`additionalProperties` with a schema), tuples or recursive `$ref`s.",
    fix: "express the constraint with the subset (anyOf, enum, properties, items, nullable types), or leave `gemini` out of `generators` if you do not use Gemini",
  },
  GEMINI_CONSTRAINT_DROPPED: {
    severity: "info",
    summary:
      "A value constraint of a tool's input schema (`uniqueItems`, `multipleOf`, an exclusive bound…) has no equivalent in Gemini's function declarations: gemini.json leaves it out or loosens it; validators still check it.",
    cause: "Gemini's schema subset has no such keyword; the shape of the arguments the model is shown stays the same.",
    fix: "nothing to do: the tool's validator still checks the value; say the constraint in the description if the model should know it",
  },
  VENDOR_STRICT_REFUSED: {
    severity: "info",
    summary:
      "A tool's schema cannot be sent in a vendor's strict mode (OpenAI structured outputs, Anthropic strict tool use); it is sent as it is, with `strict: false` (shown with `generate --verbose`, and in the manifest's `strict`).",
    cause:
      "Strict mode accepts a subset of JSON Schema, and the schema uses something outside it (`oneOf`, `allOf`, a map, a recursive `$ref`, an unsupported keyword) at the place named; or (OpenAI) an optional property already accepts `null`, so strict mode, which sends `null` for what the model leaves out, would make the two the same.",
    fix: "rewrite the part named with what strict mode supports if the tool should be strict, or set `strict: false` in the vendor's config options to stop asking",
  },
  SPEC_MISSING_DESCRIPTION: {
    severity: "warning",
    summary: "A tool has no description.",
    cause: "The tool has no Tool Purpose and Description section (or, in JSON, no `description`).",
    fix: "add a Tool Purpose and Description section: models choose tools by their descriptions",
  },
  SPEC_MISSING_IDEMPOTENCY: {
    severity: "warning",
    summary: "A Markdown tool does not state whether it is idempotent.",
    cause: "The tool has no Idempotency section, so clients cannot tell whether retrying a call is safe.",
    fix: 'add an Idempotency section ("**Idempotent**: Yes/No/Partially" and why)',
  },
  SPEC_TABLE_SCHEMA_MISMATCH: {
    severity: "warning",
    summary: "A parameter table disagrees with the JSON Schema given beside it (the schema is used).",
    cause:
      "The table and the schema were edited separately, and one is out of date: a field, a type or a required flag differs.",
    fix: "the JSON Schema is used; update the table (or the schema) so they agree",
  },
  SPEC_UNKNOWN_TYPE: {
    severity: "warning",
    summary: "A type in a table is not understood; the field accepts any value.",
    cause:
      "The type is misspelled or written in a programming language's terms that mcp-specgen has no JSON Schema equivalent for.",
    fix: "use a JSON Schema type (string, integer, number, boolean, object, array[T], enum[…]) or give a JSON Schema block",
  },
  SPEC_JSON_LENIENT: {
    severity: "warning",
    summary: "A JSON (or YAML) schema block is not strict JSON (YAML) and was read leniently.",
    cause:
      "A JSON block has comments, trailing commas or single quotes, or a YAML block has a value that only parses when read leniently.",
    fix: 'remove comments, trailing commas and other non-JSON syntax (in YAML, quote values that contain ": ")',
  },
  SPEC_EXAMPLE_UNREADABLE: {
    severity: "warning",
    summary: "A usage example is not valid JSON and could not be checked.",
    cause: "The example holds placeholders (`…`, `<path>`), comments or trailing commas, so it does not parse as JSON.",
    fix: "fix the JSON so the example can be checked against the schema",
  },
  SPEC_EXAMPLE_TOOL_MISMATCH: {
    severity: "warning",
    summary: "A usage example calls a different tool than the one it documents.",
    cause: "The example was copied from another tool's section, or the tool was renamed and its examples were not.",
    fix: "use the tool's invocation name in its examples",
  },
  SPEC_NO_TOOLS: {
    severity: "info",
    summary: "A spec file defines no tools.",
    cause:
      "The file is among the inputs but has no tool headings (Markdown) or tool definitions (JSON); often a README or another document beside the specs.",
    fix: 'define a tool with a heading such as "## Tool: `module.tool_name`", or leave the file out of the inputs',
  },
  SPEC_TOOL_PLANNED: {
    severity: "info",
    summary: "A tool marked as planned / not yet implemented was skipped.",
    cause: "The tool's section says it is planned or not implemented yet, so no code is generated for it.",
    fix: "remove the planned marker once the tool exists to generate code for it",
  },
  SPEC_TEMPLATE_SKIPPED: {
    severity: "info",
    summary: "A template placeholder such as `[YourToolName]` was skipped.",
    cause: "The spec still has a section of the specification template that was never filled in.",
    fix: "fill in the template with a real tool to generate code for it, or delete the section",
  },
  LINT_INPUT_UNDOCUMENTED: {
    severity: "warning",
    summary: "lint: a tool does not document its parameters at all (any arguments are accepted).",
    cause: "The tool has no Input Schema section, table or parameter list, and does not say that it takes none.",
    fix: 'add an Input Schema section: a JSON Schema, a parameter table, or "No parameters."',
  },
  LINT_PARAM_UNTYPED: {
    severity: "warning",
    summary: "lint: a parameter is listed without a type.",
    cause: "The parameter's table row or bullet gives a name and a description but no type.",
    fix: "give the parameter a type (string, integer, number, boolean, object, array[T]…)",
  },
  LINT_OUTPUT_MISSING: {
    severity: "warning",
    summary: "lint: a tool has no output schema.",
    cause: "The tool has no Output Schema section, so clients get untyped results.",
    fix: "add an Output Schema section with a JSON Schema or a field table for the result data",
  },
  LINT_ERRORS_MISSING: {
    severity: "warning",
    summary: "lint: a tool does not document its errors (no Error Handling section).",
    cause: "The tool has no Error Handling section saying what can go wrong.",
    fix: "add an Error Handling section listing error types and when they occur",
  },
  LINT_EXAMPLES_MISSING: {
    severity: "warning",
    summary: "lint: a tool has no usage example call.",
    cause: "The tool has no Usage Examples section with a JSON call, so nothing shows (or checks) how to call it.",
    fix: 'add a Usage Examples section with a JSON call such as {"tool_name": …, "arguments": {…}}',
  },
  LINT_SECURITY_MISSING: {
    severity: "warning",
    summary: "lint: a tool that changes state (marked destructive, or named for a change) has no security notes.",
    cause:
      "The tool is marked destructive or named with a verb that changes state (`delete`, `write`, `send`…), but has no Security Considerations section.",
    fix: "add a Security Considerations section: risks, input validation, permissions",
  },
  LINT_DESTRUCTIVE_BY_DEFAULT: {
    severity: "warning",
    summary:
      "lint: a tool states neither read-only nor destructive, so it is destructive by MCP's default, and a generated server refuses it at run time unless its registry has a trust policy.",
    cause:
      "MCP's default for an unstated `destructiveHint` is true; generated tools carry their annotations, and the registry refuses destructive tools without a `trustPolicy` that allows the call.",
    fix: 'label the tool "**Read-only**: Yes" or "**Destructive**: No" (annotations readOnlyHint / destructiveHint in JSON) when it destroys nothing; otherwise label it "**Destructive**: Yes" and allow it with the registry\'s trustPolicy',
  },
  LINT_INPUT_NOT_JSON_SCHEMA: {
    severity: "info",
    summary: "lint: parameters are described in prose only; their JSON Schema was inferred.",
    cause: "The parameters are given as a table or bullets without a JSON Schema block, so their schema is inferred.",
    fix: "add a JSON Schema for the arguments to state them exactly",
  },
  LINT_VERSION_MISSING: {
    severity: "info",
    summary: "lint: a tool does not declare a version.",
    cause: "The tool has no **Version** line (or, in JSON, no `version`).",
    fix: 'add "**Version**: 1.0.0" under the tool heading',
  },
  ...CONTRACT_CODES,
} as const satisfies Readonly<Record<string, DiagnosticCodeInfo>>;

/** A catalogue shape, for the type helpers below. */
type Catalogue = Readonly<Record<string, DiagnosticCodeInfo>>;

/** Every severity `code` may be reported with in catalogue `C`. */
export type SeveritiesIn<C extends Catalogue, K extends keyof C> =
  | C[K]["severity"]
  | (C[K] extends { readonly alsoReportedAs: readonly (infer S)[] } ? S : never);

/** The codes of catalogue `C` that may be reported with severity `S`. */
export type CodesIn<C extends Catalogue, S extends Severity> = {
  [K in keyof C]: S extends SeveritiesIn<C, K> ? K : never;
}[keyof C] &
  string;

/** A catalogued diagnostic code, such as `"SPEC_SCHEMA_INVALID"`. */
export type DiagnosticCode = keyof typeof CATALOGUE;
/** Every severity `code` may be reported with. */
export type SeveritiesOf<K extends DiagnosticCode> = SeveritiesIn<typeof CATALOGUE, K>;
/** Codes that may be reported as errors. */
export type ErrorCode = CodesIn<typeof CATALOGUE, "error">;
/** Codes that may be reported as warnings. */
export type WarningCode = CodesIn<typeof CATALOGUE, "warning">;
/** Codes that may be reported as information. */
export type InfoCode = CodesIn<typeof CATALOGUE, "info">;

/**
 * The catalogue. Indexed by a `DiagnosticCode` it gives that code's exact entry; indexed by
 * any other string (a code read back from a cache or from `--json` output) it may give
 * `undefined`.
 */
export const DIAGNOSTIC_CODES: typeof CATALOGUE & { readonly [code: string]: DiagnosticCodeInfo | undefined } =
  CATALOGUE;

/** Every catalogued code, in catalogue order. */
export const ALL_DIAGNOSTIC_CODES = Object.keys(CATALOGUE) as DiagnosticCode[];

/** True for a string that is a catalogued code. */
export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(CATALOGUE, code);
}
