import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../src/ir/types.js";
import {
  coerceDefault,
  extractDefault,
  interpretDefaultCell,
  type CoercedDefault,
  type DefaultCell,
  type ExtractedDefault,
} from "../../../src/parse/primitives/defaults.js";

const S: JsonSchema = { type: "string" };
const I: JsonSchema = { type: "integer" };
const N: JsonSchema = { type: "number" };
const B: JsonSchema = { type: "boolean" };
const A: JsonSchema = { type: "array" };
const O: JsonSchema = { type: "object" };

type ExtractCase = [name: string, { given: string; schema?: JsonSchema; want: ExtractedDefault }];

const extractCases: ExtractCase[] = [
  // Real phrasings from the corpus.
  [
    '(default: `"."`)',
    {
      given: 'Directory to scan (default: `"."`)',
      schema: S,
      want: { found: true, raw: '"."', value: ".", parsed: true },
    },
  ],
  [
    "(default 7)",
    {
      given: "Number of days to look ahead (default 7)",
      schema: I,
      want: { found: true, raw: "7", value: 7, parsed: true },
    },
  ],
  [
    "Default: `false`.",
    {
      given: "Save output to file. Default: `false`.",
      schema: B,
      want: { found: true, raw: "false", value: false, parsed: true },
    },
  ],
  [
    "Defaults to 10",
    { given: "Maximum results. Defaults to 10", schema: I, want: { found: true, raw: "10", value: 10, parsed: true } },
  ],
  [
    'defaults to `"auto"`',
    {
      given: 'Mode, defaults to `"auto"`',
      schema: S,
      want: { found: true, raw: '"auto"', value: "auto", parsed: true },
    },
  ],
  [
    "bullet head without parentheses",
    {
      given: "integer, optional, default 30000: Maximum solving time in milliseconds.",
      schema: I,
      want: { found: true, raw: "30000", value: 30000, parsed: true },
    },
  ],
  [
    "URL default keeps its colon",
    {
      given: "Endpoint. Default: http://localhost:8080/api",
      schema: S,
      want: { found: true, raw: "http://localhost:8080/api", value: "http://localhost:8080/api", parsed: true },
    },
  ],
  ["default=3", { given: "default=3", schema: I, want: { found: true, raw: "3", value: 3, parsed: true } }],
  [
    "(optional, default: None)",
    {
      given: "Minimum score (optional, default: None)",
      schema: N,
      want: { found: true, raw: "None", value: null, parsed: true, required: false },
    },
  ],
  [
    "Default: 0.9 (number with a dot)",
    { given: "Top-p sampling. Default: 0.9", schema: N, want: { found: true, raw: "0.9", value: 0.9, parsed: true } },
  ],
  [
    "(default: 1.0) edge weight",
    { given: "Edge weight (default: 1.0)", schema: N, want: { found: true, raw: "1.0", value: 1, parsed: true } },
  ],
  [
    "bullet parenthetical: (integer, optional, default 30000)",
    {
      given: "(integer, optional, default 30000)",
      schema: I,
      want: { found: true, raw: "30000", value: 30000, parsed: true, required: false },
    },
  ],
  [
    'bullet parenthetical: (str, default `"json_schema"`)',
    {
      given: '(str, default `"json_schema"`)',
      schema: S,
      want: { found: true, raw: '"json_schema"', value: "json_schema", parsed: true },
    },
  ],
  [
    "quoted value followed by a remark",
    {
      given: 'Export format (default: "json", only "json" supported)',
      schema: S,
      want: { found: true, raw: '"json"', value: "json", parsed: true },
    },
  ],
  [
    "value then sentence with more code spans",
    {
      given: 'Key type (default: `"aes256"`). One of: `"aes128"`, `"aes256"`',
      schema: S,
      want: { found: true, raw: '"aes256"', value: "aes256", parsed: true },
    },
  ],
  [
    "(default empty) for a string",
    {
      given: "Replacement location (default empty)",
      schema: S,
      want: { found: true, raw: "empty", value: "", parsed: true },
    },
  ],
  [
    "Default: none (lowercase) is no default, kept as text",
    {
      given: "Minimum similarity score (0-1). Default: none",
      schema: N,
      want: { found: true, raw: "none", parsed: false },
    },
  ],
  [
    "Default: None (Python) → null",
    {
      given: "Minimum similarity score (0-1). Default: None",
      schema: N,
      want: { found: true, raw: "None", value: null, parsed: true },
    },
  ],
  [
    "bold label",
    { given: "**Default**: `1024`", schema: I, want: { found: true, raw: "1024", value: 1024, parsed: true } },
  ],
  ["default is", { given: "The default is 42.", schema: I, want: { found: true, raw: "42", value: 42, parsed: true } }],
  [
    "remark in parentheses after value",
    { given: "Timeout. Default: 5 (max 10)", schema: I, want: { found: true, raw: "5", value: 5, parsed: true } },
  ],
  [
    "JSON array default",
    {
      given: "Tags. Default: `[\"a\", 'b']`",
      schema: A,
      want: { found: true, raw: "[\"a\", 'b']", value: ["a", "b"], parsed: true },
    },
  ],
  [
    "Python dict default",
    {
      given: "Options. Default: {'x': None}",
      schema: O,
      want: { found: true, raw: "{'x': None}", value: { x: null }, parsed: true },
    },
  ],
  [
    "unquoted word for a string",
    {
      given: 'Memory limit. Default: "256m"',
      schema: S,
      want: { found: true, raw: '"256m"', value: "256m", parsed: true },
    },
  ],

  // Stated but not a usable value: keep the text only.
  [
    "prose default",
    {
      given: "Specific model. Default: provider default",
      schema: S,
      want: { found: true, raw: "provider default", parsed: false },
    },
  ],
  [
    "prose for an integer",
    {
      given: "Working dir (default: current directory)",
      schema: I,
      want: { found: true, raw: "current directory", parsed: false },
    },
  ],
  [
    "word for an array",
    {
      given: "Types of analysis to perform. Default: all",
      schema: A,
      want: { found: true, raw: "all", parsed: false },
    },
  ],
  [
    "defaults to a phrase",
    {
      given: "Editor model (defaults to architect model)",
      schema: S,
      want: { found: true, raw: "architect model", parsed: false },
    },
  ],

  // Not defaults.
  ["by default", { given: "Network disabled by default.", schema: B, want: { found: false, parsed: false } }],
  [
    "no network by default, in parentheses",
    {
      given: "Runs in Docker (no network by default, limited filesystem access).",
      want: { found: false, parsed: false },
    },
  ],
  ["a default model", { given: "Creates a default 2-state generative model", want: { found: false, parsed: false } }],
  [
    "uses defaults if",
    { given: "Quality gate thresholds (uses defaults if not specified)", want: { found: false, parsed: false } },
  ],
  ["default_provider identifier", { given: "Value of `default_provider`", want: { found: false, parsed: false } }],
  [
    "sentence starting with Default and no literal",
    { given: "Default settings apply.", want: { found: false, parsed: false } },
  ],

  // Required / optional hints.
  ["(required)", { given: "Path to the file (required)", want: { found: false, parsed: false, required: true } }],
  ["(string, required)", { given: "(string, required)", want: { found: false, parsed: false, required: true } }],
  [
    "leading Required",
    { given: "Required non-empty text prompt", want: { found: false, parsed: false, required: true } },
  ],
  [
    "conditional required says nothing",
    { given: "Data to sync (required for `push`)", want: { found: false, parsed: false } },
  ],
  ["(not required) is not required", { given: "Token (not required)", want: { found: false, parsed: false } }],
  ["leading Optional", { given: "Optional. Filter by status", want: { found: false, parsed: false, required: false } }],
];

type CellCase = [name: string, { given: string; schema?: JsonSchema; want: DefaultCell }];

const cellCases: CellCase[] = [
  ["empty cell", { given: "", want: {} }],
  ["dash", { given: "-", want: { required: true } }],
  ["double dash (corpus)", { given: "--", want: { required: true } }],
  ["em dash (corpus)", { given: "—", want: { required: true } }],
  ["required", { given: "required", want: { required: true } }],
  ["*required*", { given: "*required*", want: { required: true } }],
  ["(required)", { given: "(required)", want: { required: true } }],
  ["**Required**", { given: "**Required**", want: { required: true } }],
  ["optional", { given: "optional", want: { required: false } }],
  ["n/a", { given: "N/A", want: {} }],
  ["`1.0` (corpus)", { given: "`1.0`", schema: N, want: { raw: "1.0", parsed: true, default: 1 } }],
  ["`None` (corpus)", { given: "`None`", schema: S, want: { raw: "None", parsed: true, default: null } }],
  [
    '`"standard"` (corpus)',
    { given: '`"standard"`', schema: S, want: { raw: '"standard"', parsed: true, default: "standard" } },
  ],
  ["`42` (corpus)", { given: "`42`", schema: I, want: { raw: "42", parsed: true, default: 42 } }],
  ["bare number", { given: "10", schema: I, want: { raw: "10", parsed: true, default: 10 } }],
  [
    "model id in code (corpus)",
    {
      given: "`imagen-4.0-generate-001`",
      schema: S,
      want: { raw: "imagen-4.0-generate-001", parsed: true, default: "imagen-4.0-generate-001" },
    },
  ],
  [
    "enum member",
    {
      given: "`MONTHLY`",
      schema: { type: "string", enum: ["DAILY", "MONTHLY"] },
      want: { raw: "MONTHLY", parsed: true, default: "MONTHLY" },
    },
  ],
  ["prose cell", { given: "Imagen model id", schema: S, want: { raw: "Imagen model id", parsed: false } }],
  [
    "prose that says required (corpus)",
    {
      given: "Required non-empty text prompt",
      schema: S,
      want: { raw: "Required non-empty text prompt", parsed: false, required: true },
    },
  ],
  [
    "several code spans are not one value (corpus)",
    {
      given: "`DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`, or `ALL`",
      schema: S,
      want: { raw: "`DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`, or `ALL`", parsed: false },
    },
  ],
  ["sentence with a default", { given: "Auto (default: 5)", schema: I, want: { raw: "5", parsed: true, default: 5 } }],
  ["(none) means no default", { given: "(none)", schema: S, want: {} }],
];

type CoerceCase = [name: string, { given: string; schema?: JsonSchema; want: CoercedDefault }];

const coerceCases: CoerceCase[] = [
  ["integer", { given: "5", schema: I, want: { value: 5, parsed: true } }],
  ["negative float", { given: "-0.25", schema: N, want: { value: -0.25, parsed: true } }],
  ["exponent", { given: "1e-3", schema: N, want: { value: 0.001, parsed: true } }],
  ["Python digit separators", { given: "1_000", schema: I, want: { value: 1000, parsed: true } }],
  ["number without schema", { given: "30", want: { value: 30, parsed: true } }],
  ["trailing sentence period", { given: "30.", schema: I, want: { value: 30, parsed: true } }],
  ["integral float for integer", { given: "2.0", schema: I, want: { value: 2, parsed: true } }],
  ["fraction for integer is rejected", { given: "1.5", schema: I, want: { parsed: false } }],
  ["number for a string schema becomes text", { given: "5", schema: S, want: { value: "5", parsed: true } }],
  ["double-quoted string", { given: '"."', schema: S, want: { value: ".", parsed: true } }],
  ["backticked quoted string", { given: '`"."`', schema: S, want: { value: ".", parsed: true } }],
  ["single-quoted string", { given: "'auto'", schema: S, want: { value: "auto", parsed: true } }],
  ["curly quotes", { given: "“auto”", schema: S, want: { value: "auto", parsed: true } }],
  ["escaped quote inside", { given: '"say \\"hi\\""', schema: S, want: { value: 'say "hi"', parsed: true } }],
  ["two quoted strings are not one", { given: '"a" or "b"', schema: S, want: { parsed: false } }],
  ["quoted number for an integer is a type mismatch", { given: '"5"', schema: I, want: { parsed: false } }],
  ["Python None", { given: "None", schema: S, want: { value: null, parsed: true } }],
  ["JSON null", { given: "null", want: { value: null, parsed: true } }],
  ["Python True", { given: "True", schema: B, want: { value: true, parsed: true } }],
  ["Python False", { given: "False", want: { value: false, parsed: true } }],
  ["yes for a boolean", { given: "yes", schema: B, want: { value: true, parsed: true } }],
  ["off for a boolean", { given: "off", schema: B, want: { value: false, parsed: true } }],
  ["true for a string schema is text", { given: "true", schema: S, want: { value: "true", parsed: true } }],
  ["empty JSON array", { given: "[]", schema: A, want: { value: [], parsed: true } }],
  ["empty JSON object", { given: "{}", want: { value: {}, parsed: true } }],
  ["JSON string array", { given: '["a"]', schema: A, want: { value: ["a"], parsed: true } }],
  ["Python list with single quotes", { given: "['a', 'b']", schema: A, want: { value: ["a", "b"], parsed: true } }],
  ["Python dict", { given: "{'k': True, 'n': None}", schema: O, want: { value: { k: true, n: null }, parsed: true } }],
  ["Python tuple", { given: "(1, 2)", schema: A, want: { value: [1, 2], parsed: true } }],
  ["dict()", { given: "dict()", schema: O, want: { value: {}, parsed: true } }],
  ["list()", { given: "list()", schema: A, want: { value: [], parsed: true } }],
  ["elided array is not a default", { given: "[...]", schema: A, want: { parsed: false } }],
  ["array for a string schema", { given: "[]", schema: S, want: { parsed: false } }],
  ["unquoted word for a string", { given: "auto", schema: S, want: { value: "auto", parsed: true } }],
  [
    "unquoted path for a nullable string",
    { given: "./out", schema: { type: ["string", "null"] }, want: { value: "./out", parsed: true } },
  ],
  ["unquoted word without schema", { given: "auto", want: { parsed: false } }],
  ["prose for an integer", { given: "current directory", schema: I, want: { parsed: false } }],
  ["multi-word for a string", { given: "provider default", schema: S, want: { parsed: false } }],
  ["empty for a string", { given: "empty", schema: S, want: { value: "", parsed: true } }],
  ["empty for an array", { given: "empty", schema: A, want: { value: [], parsed: true } }],
  ["empty list", { given: "empty list", want: { value: [], parsed: true } }],
  ["empty without schema", { given: "empty", want: { parsed: false } }],
  [
    "enum member wins over None keyword",
    { given: "none", schema: { type: "string", enum: ["none", "low"] }, want: { value: "none", parsed: true } },
  ],
  [
    "anyOf branches give the types",
    { given: "3", schema: { anyOf: [I, { type: "null" }] }, want: { value: 3, parsed: true } },
  ],
  ["blank", { given: "   ", schema: S, want: { parsed: false } }],
];

describe("extractDefault", () => {
  it.each(extractCases)("%s", (_name, { given, schema, want }) => {
    expect(extractDefault(given, schema)).toEqual(want);
  });
});

describe("interpretDefaultCell", () => {
  it.each(cellCases)("%s", (_name, { given, schema, want }) => {
    expect(interpretDefaultCell(given, schema)).toEqual(want);
  });
});

describe("coerceDefault", () => {
  it.each(coerceCases)("%s", (_name, { given, schema, want }) => {
    expect(coerceDefault(given, schema)).toEqual(want);
  });
});

describe("defaults never throw", () => {
  it("on arbitrary fragments", () => {
    const junk = "Default: (`\"[{,;.)]}'`)= to is required optional — 1.5 None";
    for (let i = 0; i < junk.length; i++) {
      for (let j = i; j < junk.length; j++) {
        const s = junk.slice(i, j + 1);
        expect(() => extractDefault(s, I)).not.toThrow();
        expect(() => interpretDefaultCell(s, S)).not.toThrow();
        expect(() => coerceDefault(s, A)).not.toThrow();
      }
    }
  });

  it("takes the first stated default", () => {
    expect(extractDefault("Default: 1. Previously the default was 2.", I)).toEqual({
      found: true,
      raw: "1",
      value: 1,
      parsed: true,
    });
  });
});
