import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../../src/ir/types.js";
import { parseLenientJson } from "../../../src/parse/primitives/lenient-json.js";
import { offsetToLineCol } from "../../../src/parse/primitives/position.js";

interface Want {
  /** Values in order. */
  values: JsonValue[];
  /** Offsets of the values; omitted = not checked. */
  offsets?: number[];
  /** Placeholder flags; omitted = all false. */
  placeholder?: boolean[];
  /** Elided flags; omitted = all false. */
  elided?: boolean[];
  /** Number of problems; omitted = 0. */
  problems?: number;
  /** Substrings expected in problem messages, in order. */
  messages?: string[];
  /** Offsets of the problems; omitted = not checked. */
  problemOffsets?: number[];
}

type Case = [name: string, { given: string; want: Want }];

const AIDER_BLOCK = `// Request
{"tool": "aider_check"}

// Response (installed)
{"status": "success", "installed": true, "version": "0.77.0", "model": "claude-sonnet-4-6"}

// Response (not installed)
{"status": "success", "installed": false, "version": "", "model": "claude-sonnet-4-6", "install_hint": "uv tool install aider-chat"}
`;

const TEMPLATE_BLOCK = `{
  "tool_name": "[your_tool_invocation_name]",
  "arguments": {
    "[Parameter1Name]": "[ExampleValue1]",
    "[Parameter2Name]": "[ExampleValue2]"
    // Add other necessary arguments for a comprehensive example
  }
}
`;

const ERROR_BLOCK = `{
  "status": "failure", // Or a more specific failure status if applicable
  "error_type": "UniqueErrorCodeOrType", // e.g., "ValidationError", "FileNotFound"
  "error_details": { // Optional: for more structured error information
    "parameter_name": "target_file", // Example if it's a validation error
    "issue": "File does not exist at the specified path."
  }
}`;

const TERMINAL_BLOCK = `{
  "command": "ls -la",
  "return_code": 0,
  "stdout": "total 48
drwxr-xr-x  12 user  staff   384 Jan 18 13:46 .
-rw-r--r--   1 user  staff  1073 Jan 18 13:46 README.md
",
  "stderr": "",
  "execution_time": 0.023
}`;

const GIT_BLOCK = `{
  "status": "success",
  "symbol": "GitHistoryAnalyzer",
  "context": { "incoming": [...], "outgoing": [...] }
}`;

const cases: Case[] = [
  ["plain JSON", { given: '{"a": 1, "b": [true, null]}', want: { values: [{ a: 1, b: [true, null] }], offsets: [0] } }],
  ["scalar value", { given: "  42  ", want: { values: [42], offsets: [2] } }],
  ["top-level string", { given: '"hi"', want: { values: ["hi"] } }],
  ["empty input", { given: "", want: { values: [] } }],
  ["only comments", { given: "// nothing here\n# nor here\n/* or here */", want: { values: [] } }],

  // Comments.
  ["line comment after a member", { given: '{\n  "a": 1, // one\n  "b": 2\n}', want: { values: [{ a: 1, b: 2 }] } }],
  ["block comment", { given: '{"a": /* the answer */ 42}', want: { values: [{ a: 42 }] } }],
  ["hash comment", { given: '# Request\n{"a": 1} # trailing', want: { values: [{ a: 1 }], offsets: [10] } }],
  [
    "// inside a string is kept",
    { given: '{"url": "http://x.org/a//b"}', want: { values: [{ url: "http://x.org/a//b" }] } },
  ],
  [
    "/* and # inside strings are kept",
    { given: '{"s": "/* not */ # not"}', want: { values: [{ s: "/* not */ # not" }] } },
  ],
  [
    "comments with quotes in them (corpus)",
    {
      given: ERROR_BLOCK,
      want: {
        values: [
          {
            status: "failure",
            error_type: "UniqueErrorCodeOrType",
            error_details: { parameter_name: "target_file", issue: "File does not exist at the specified path." },
          },
        ],
      },
    },
  ],
  [
    "unterminated block comment",
    {
      given: '{"a": 1} /* open',
      want: { values: [{ a: 1 }], problems: 1, messages: ["unterminated /* comment"], problemOffsets: [9] },
    },
  ],

  // Commas.
  ["trailing commas", { given: '{"a": [1, 2,], "b": 3,}', want: { values: [{ a: [1, 2], b: 3 }] } }],
  [
    "missing comma between lines is repaired",
    {
      given: '{\n  "a": 1\n  "b": 2\n}',
      want: { values: [{ a: 1, b: 2 }], problems: 1, messages: ["missing ','"], problemOffsets: [13] },
    },
  ],

  // Several values.
  [
    "blocks separated by // labels (corpus aider)",
    {
      given: AIDER_BLOCK,
      want: {
        values: [
          { tool: "aider_check" },
          { status: "success", installed: true, version: "0.77.0", model: "claude-sonnet-4-6" },
          {
            status: "success",
            installed: false,
            version: "",
            model: "claude-sonnet-4-6",
            install_hint: "uv tool install aider-chat",
          },
        ],
        offsets: [
          AIDER_BLOCK.indexOf('{"tool"'),
          AIDER_BLOCK.indexOf('{"status"'),
          AIDER_BLOCK.lastIndexOf('{"status"'),
        ],
      },
    },
  ],
  [
    "concatenated values",
    { given: '{"a":1}{"b":2}[3]', want: { values: [{ a: 1 }, { b: 2 }, [3]], offsets: [0, 7, 14] } },
  ],
  [
    "values separated by blank lines",
    { given: '{"a": 1}\n\n{"b": 2}\n', want: { values: [{ a: 1 }, { b: 2 }], offsets: [0, 10] } },
  ],
  ["comma-separated top-level values", { given: '{"a": 1},\n{"b": 2}', want: { values: [{ a: 1 }, { b: 2 }] } }],

  // Ellipses.
  [
    "ellipsis as array elements (corpus git_analysis)",
    {
      given: GIT_BLOCK,
      want: {
        values: [{ status: "success", symbol: "GitHistoryAnalyzer", context: { incoming: [], outgoing: [] } }],
        elided: [true],
      },
    },
  ],
  ["ellipsis after real elements", { given: "[1, 2, ...]", want: { values: [[1, 2]], elided: [true] } }],
  [
    "ellipsis as an object body",
    { given: '{"results": { ... }}', want: { values: [{ results: {} }], elided: [true] } },
  ],
  ["ellipsis member line", { given: '{\n  "a": 1,\n  ...\n}', want: { values: [{ a: 1 }], elided: [true] } }],
  [
    "key: ... drops the member",
    { given: '{"a": 1, "b": ..., "c": 3}', want: { values: [{ a: 1, c: 3 }], elided: [true] } },
  ],
  ["unicode ellipsis", { given: '{"a": [1, …], "b": …}', want: { values: [{ a: [1] }], elided: [true] } }],
  ["top-level ellipsis line", { given: '{"a": 1}\n...\n{"b": 2}', want: { values: [{ a: 1 }, { b: 2 }] } }],
  [
    '"..." string is a placeholder, not elided',
    { given: '{"sha": "..."}', want: { values: [{ sha: "..." }], placeholder: [true] } },
  ],

  // Strings.
  [
    "raw newlines inside a string (corpus terminal_interface)",
    {
      given: TERMINAL_BLOCK,
      want: {
        values: [
          {
            command: "ls -la",
            return_code: 0,
            stdout:
              "total 48\ndrwxr-xr-x  12 user  staff   384 Jan 18 13:46 .\n-rw-r--r--   1 user  staff  1073 Jan 18 13:46 README.md\n",
            stderr: "",
            execution_time: 0.023,
          },
        ],
      },
    },
  ],
  ["raw tab inside a string", { given: '"a\tb"', want: { values: ["a\tb"] } }],
  ["escapes", { given: '"q\\"\\\\\\n\\u00e9\\/"', want: { values: ['q"\\\n\u00e9/'] } }],
  [
    "single-quoted strings",
    { given: "{'a': 'it\\'s', \"b\": 'say \"hi\"'}", want: { values: [{ a: "it's", b: 'say "hi"' }] } },
  ],
  ["unknown escape kept as written", { given: '{"re": "\\d+"}', want: { values: [{ re: "\\d+" }] } }],

  // Python and JS literals.
  [
    "Python None/True/False",
    { given: "{'a': None, 'b': True, 'c': False}", want: { values: [{ a: null, b: true, c: false }] } },
  ],
  [
    "unquoted keys",
    { given: "{name: 'x', max_items: 5, $ref: '#/a'}", want: { values: [{ name: "x", max_items: 5, $ref: "#/a" }] } },
  ],
  ["Python tuple inside", { given: '{"shape": (2, 3)}', want: { values: [{ shape: [2, 3] }] } }],
  ["number forms", { given: "[-1, +2, .5, 1e3, 1_000]", want: { values: [[-1, 2, 0.5, 1000, 1000]] } }],
  [
    "__proto__ key is an ordinary member",
    { given: '{"__proto__": {"x": 1}}', want: { values: [JSON.parse('{"__proto__": {"x": 1}}') as JsonValue] } },
  ],

  // Placeholders.
  [
    "template block (corpus module_template)",
    {
      given: TEMPLATE_BLOCK,
      want: {
        values: [
          {
            tool_name: "[your_tool_invocation_name]",
            arguments: { "[Parameter1Name]": "[ExampleValue1]", "[Parameter2Name]": "[ExampleValue2]" },
          },
        ],
        placeholder: [true],
      },
    },
  ],
  [
    "angle placeholder (corpus ml_pipeline)",
    {
      given: '{"status": "success", "pipeline": {"name": "<name>", "steps": []}}',
      want: { values: [{ status: "success", pipeline: { name: "<name>", steps: [] } }], placeholder: [true] },
    },
  ],
  ["placeholder key only", { given: '{"<param>": 1}', want: { values: [{ "<param>": 1 }], placeholder: [true] } }],
  [
    "type word value (corpus terminal_interface)",
    {
      given: '{"tool": "tool_name", "parameters": {"param1": "value", "param2": 42}}',
      want: { values: [{ tool: "tool_name", parameters: { param1: "value", param2: 42 } }], placeholder: [true] },
    },
  ],
  [
    '"type": "string" in a schema is not a placeholder',
    {
      given: '{"type": "object", "properties": {"p": {"type": ["string", "null"]}}}',
      want: { values: [{ type: "object", properties: { p: { type: ["string", "null"] } } }] },
    },
  ],
  [
    "html value is not a placeholder",
    { given: '{"tag": "<b>", "pair": "[1,2]"}', want: { values: [{ tag: "<b>", pair: "[1,2]" }] } },
  ],
  [
    "only the value with a placeholder is flagged",
    {
      given: '{"a": "ok"}\n{"b": "YOUR_API_KEY"}',
      want: { values: [{ a: "ok" }, { b: "YOUR_API_KEY" }], placeholder: [false, true] },
    },
  ],
  [
    "unquoted placeholder value is kept and flagged",
    {
      given: '{"path": <path>, "n": 1}',
      want: { values: [{ path: "<path>", n: 1 }], placeholder: [true], problems: 1, messages: ["unquoted value"] },
    },
  ],
  [
    "unquoted template value",
    {
      given: '{"text": {{previous.text}}}',
      want: {
        values: [{ text: "{{previous.text}}" }],
        placeholder: [true],
        problems: 1,
        messages: ["unquoted template"],
      },
    },
  ],

  // Recovery.
  [
    "prose label line is skipped",
    {
      given: 'Request:\n{"a": 1}',
      want: {
        values: [{ a: 1 }],
        offsets: [9],
        problems: 1,
        messages: ["unexpected text outside a JSON value"],
        problemOffsets: [0],
      },
    },
  ],
  [
    "unterminated value is skipped, next one kept",
    {
      given: '{"a": [1, 2\n\n{"b": 2}',
      want: {
        values: [{ b: 2 }],
        offsets: [13],
        problems: 1,
        messages: ["unterminated array (missing ']'); value skipped"],
        problemOffsets: [6],
      },
    },
  ],
  [
    "unterminated string",
    {
      given: '{"a": "open\n}\n',
      want: { values: [], problems: 1, messages: ["unterminated string"], problemOffsets: [6] },
    },
  ],
  [
    "missing value drops the member",
    {
      given: '{"a": , "b": 2}',
      want: { values: [{ b: 2 }], problems: 1, messages: ["expected a value"], problemOffsets: [6] },
    },
  ],
  [
    "missing colon drops the member",
    {
      given: '{"a" 1, "b": 2}',
      want: { values: [{ b: 2 }], problems: 1, messages: ["expected ':'"], problemOffsets: [5] },
    },
  ],
  [
    "stray closer at top level",
    { given: '}{"a": 1}', want: { values: [{ a: 1 }], offsets: [1], problems: 1, messages: ["unexpected '}'"] } },
  ],
];

describe("parseLenientJson", () => {
  it.each(cases)("%s", (_name, { given, want }) => {
    const got = parseLenientJson(given);
    expect(got.values.map((v) => v.value)).toEqual(want.values);
    if (want.offsets) expect(got.values.map((v) => v.offset)).toEqual(want.offsets);
    expect(got.values.map((v) => v.placeholder)).toEqual(want.placeholder ?? want.values.map(() => false));
    expect(got.values.map((v) => v.elided)).toEqual(want.elided ?? want.values.map(() => false));
    expect(got.problems.length, JSON.stringify(got.problems)).toBe(want.problems ?? 0);
    (want.messages ?? []).forEach((m, i) => expect(got.problems[i]?.message).toContain(m));
    if (want.problemOffsets) expect(got.problems.map((p) => p.offset)).toEqual(want.problemOffsets);
  });

  it("reports offsets that map to the right line and column", () => {
    const text = '// a\n{"a": 1}\n\n  {"b": 2}';
    const got = parseLenientJson(text);
    expect(got.values.map((v) => offsetToLineCol(text, v.offset))).toEqual([
      { line: 2, column: 1 },
      { line: 4, column: 3 },
    ]);
  });

  it("agrees with JSON.parse on strict JSON", () => {
    const samples = ['{"a":[1,2,{"b":null}],"c":"\\u0041"}', "[]", "{}", '"x"', "-0.5e-2", "true", '[[[["deep"]]]]'];
    for (const s of samples) expect(parseLenientJson(s).values.map((v) => v.value)).toEqual([JSON.parse(s)]);
  });

  it("never throws on junk or deep nesting", () => {
    const junk = "{[\"'`,:.…}])/*#\\ a1-";
    for (let i = 0; i < junk.length; i++) {
      for (let j = i; j < junk.length; j++) {
        expect(() => parseLenientJson(junk.slice(i, j + 1))).not.toThrow();
      }
    }
    expect(() => parseLenientJson("[".repeat(100000))).not.toThrow();
    const deep = parseLenientJson("[".repeat(10000) + "]".repeat(10000));
    expect(deep.problems.length).toBeGreaterThan(0);
  });
});
