import fc from "fast-check";
import { CANARY_PAYLOADS } from "./canaries.js";

// Random specs as an attacker or a careless author would write them: valid shapes mixed
// with hostile text, broken syntax and every JSON Schema feature that has bitten before
// (nested $id/$ref, patterns, deep nesting, YAML aliases, odd property names).

const LONE_SURROGATES = ["\uD800", "a\uDC00b", "\uDBFF\uDFFF\uD800"];
const ODD_NAMES = [
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "toString",
  "prototype",
  "then",
  "",
  " ",
  "a.b",
  "a/b",
  "../x",
  "$ref",
  "$id",
  "type",
  "default",
  "x".repeat(300),
];

/** Any text, with a bias towards payloads, odd names and broken Unicode. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...CANARY_PAYLOADS) },
  { weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES, ...ODD_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
);

/** Names that are usually valid tool or module names, and sometimes anything at all. */
export const identifier: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/) },
  { weight: 1, arbitrary: text },
);

const PATTERNS = [
  "^[a-z]+$",
  "^(a+)+$",
  "([a-",
  "\\p{L}+",
  "^\\d{4}$",
  "(a|a)*$",
  "\\s*#?\\s*$",
  ".*.*=.*",
  "[",
  "(?<n>x)\\k<n>",
  "^x{1,3}{2}$",
  "\\",
  "a{99999}",
];
const REFS = [
  "#",
  "#/",
  "#/properties/a",
  "#/$defs/a",
  "#/definitions/a",
  "#anchor",
  "a.json",
  "a.json#/$defs/b",
  "http://example.invalid/s.json",
  "file:///etc/passwd",
  "#/%ZZ",
  "#/properties/__proto__",
  ...CANARY_PAYLOADS.slice(0, 3),
];
const FORMATS = [
  "email",
  "date",
  "date-time",
  "uri",
  "regex",
  "uuid",
  "no-such-format",
  ...CANARY_PAYLOADS.slice(0, 2),
];

/** A JSON value of any shape, small. */
export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.oneof(
      text,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
  },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(identifier, text, { maxKeys: 3 }) },
);

// Depth-bounded (fc.memo): each level has several optional subschema keywords, so an
// unbounded recursion would grow without limit.
const schemaOfDepth: (depth: number) => fc.Arbitrary<Record<string, unknown>> = fc.memo((depth) => {
  const sub = depth <= 1 ? fc.constant({ type: "string" } as Record<string, unknown>) : schemaOfDepth(depth - 1);
  // Mostly plain keywords (a spec that generates, with hostile text in its strings), and
  // now and then the keywords that have caused trouble (about half the specs have some).
  const plain = fc.record(
    {
      type: fc.constantFrom("object", "string", "number", "integer", "boolean", "array"),
      description: text,
      title: text,
      enum: fc.array(text, { minLength: 1, maxLength: 4 }),
      default: jsonValue,
      format: fc.constantFrom("email", "date", "uri", "uuid"),
      minLength: fc.nat(5),
      maxLength: fc.nat(300),
      $comment: text,
    },
    { requiredKeys: [] },
  );
  const troublesome = fc.record(
    {
      type: fc.oneof(fc.constantFrom("nope", "null"), fc.constant(["string", "null"])),
      required: fc.array(identifier, { maxLength: 3 }),
      enum: fc.array(jsonValue, { minLength: 1, maxLength: 4 }),
      const: jsonValue,
      pattern: fc.oneof(fc.constantFrom(...PATTERNS), text),
      format: fc.constantFrom(...FORMATS),
      $id: fc.oneof(fc.constantFrom("a.json", "b.json", "http://[bad", "#frag", "urn:x:y"), text),
      $ref: fc.constantFrom(...REFS),
      $anchor: fc.oneof(fc.constantFrom("anchor", "1bad"), text),
      minLength: fc.oneof(fc.constant(-1), fc.constant(1.5)),
      maxLength: fc.constant(1e300),
      "x-extra": fc.dictionary(fc.constantFrom("$id", "$ref", "tsType", "title"), text, { maxKeys: 2 }),
    },
    { requiredKeys: [] },
  );
  const keywords = fc
    .tuple(plain, fc.oneof({ weight: 15, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: troublesome }))
    .map(([a, b]) => ({ ...a, ...b }));
  // At most two keywords with subschemas per level keeps a schema at a few dozen nodes.
  const nested = fc.array(
    fc.oneof(
      fc.tuple(fc.constant("properties"), fc.dictionary(identifier, sub, { maxKeys: 3 })),
      fc.tuple(fc.constant("items"), sub),
      fc.tuple(fc.constant("anyOf"), fc.array(sub, { minLength: 1, maxLength: 2 })),
      fc.tuple(fc.constant("allOf"), fc.array(sub, { minLength: 1, maxLength: 2 })),
      fc.tuple(
        fc.constant("$defs"),
        fc.dictionary(fc.constantFrom("a", "b", "__proto__", CANARY_PAYLOADS[0]!), sub, { maxKeys: 2 }),
      ),
      fc.tuple(fc.constant("patternProperties"), fc.dictionary(fc.constantFrom(...PATTERNS), sub, { maxKeys: 1 })),
      fc.tuple(fc.constant("additionalProperties"), fc.oneof(fc.boolean(), sub)),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(keywords, nested).map(([k, n]) => {
    const out: Record<string, unknown> = { ...k };
    for (const [key, value] of n)
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
});

/** A JSON Schema-like object: mostly well-formed, with every keyword that has caused trouble. */
export const schema: fc.Arbitrary<Record<string, unknown>> = schemaOfDepth(3);

/** An input schema: an object root most of the time, sometimes anything. */
export const inputSchema: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: schema.map((s) => ({ ...s, type: "object" })) },
  { weight: 1, arbitrary: schema },
  { weight: 1, arbitrary: jsonValue },
);

/** One MCP tool definition as a server would list it. */
export const tool: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    name: fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/))
          .map(([m, t]) => `${m}.${t}`),
      },
      { weight: 1, arbitrary: identifier },
    ),
    description: text,
    title: text,
    version: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom("1.0.0", "2.1.3-beta.1") },
      { weight: 1, arbitrary: fc.oneof(fc.constant("v1"), text) },
    ),
    module: fc.oneof(
      { weight: 5, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/) },
      { weight: 1, arbitrary: identifier },
    ),
    inputSchema,
    outputSchema: schema,
    annotations: fc.record(
      { title: text, readOnlyHint: fc.boolean(), destructiveHint: jsonValue },
      { requiredKeys: [] },
    ),
    errors: fc.array(fc.oneof(text, fc.record({ type: text, description: text })), { maxLength: 2 }),
    examples: fc.oneof(
      { weight: 4, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary: fc.array(fc.record({ arguments: fc.dictionary(identifier, jsonValue, { maxKeys: 2 }) }), {
          maxLength: 1,
        }),
      },
    ),
  },
  { requiredKeys: ["name", "inputSchema", "description"] },
);

/** The text of a JSON spec file: a tool list in one of its accepted shapes, or broken JSON. */
export const jsonSpec: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.array(tool, { minLength: 1, maxLength: 3 }).map((tools) => JSON.stringify({ tools }, null, 2)),
  },
  { weight: 2, arbitrary: fc.array(tool, { minLength: 1, maxLength: 3 }).map((tools) => JSON.stringify(tools)) },
  { weight: 1, arbitrary: tool.map((t) => JSON.stringify(t)) },
  { weight: 1, arbitrary: fc.tuple(tool, fc.nat(200)).map(([t, cut]) => JSON.stringify({ tools: [t] }).slice(0, cut)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"tools": [',
      "\uFEFF[]",
      "\u0000\u0001",
      "null",
      "[1,2,3]",
      '{"name": "a.b", "inputSchema": ' + "[".repeat(2000) + "]".repeat(2000) + "}",
      '{"name": "a.b", "inputSchema": {"type": "object", "properties": {"x": ' +
        '{"items": '.repeat(1000) +
        "{}" +
        "}".repeat(1000) +
        "}}}",
    ),
  },
);

const yamlBlock = fc.oneof(
  fc.constantFrom(
    "type: object\nproperties:\n  a: {type: string, default: *.txt}\n",
    "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c]\ntype: object\n",
    "type: object\nproperties: !!binary aGVsbG8=\n",
    "type: object\n  bad: indentation\n - x",
  ),
  schema.map((s) => `type: object\nproperties:\n  p: ${JSON.stringify(s)}\n`),
);

/** A Markdown spec in the template's shape, with random content in every section. */
export const markdownSpec: fc.Arbitrary<string> = fc
  .record({
    title: text,
    name: fc.oneof(
      fc
        .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/))
        .map(([m, t]) => `${m}.${t}`),
      identifier,
    ),
    description: text,
    rows: fc.array(
      fc.tuple(
        identifier,
        fc.constantFrom(
          "string",
          "integer",
          "array[string]",
          "enum['a','b']",
          "object",
          "wat",
          text as unknown as string,
        ),
        fc.constantFrom("Yes", "No", "Maybe"),
        text,
      ),
      { maxLength: 4 },
    ),
    schemaBlock: fc.oneof(
      schema.map((s) => "```json\n" + JSON.stringify({ ...s, type: "object" }, null, 2) + "\n```"),
      yamlBlock.map((y) => "```yaml\n" + y + "```"),
      fc.constant('```json\n{"type": "object",\n```'),
    ),
    useTable: fc.boolean(),
    example: fc.oneof(
      { weight: 3, arbitrary: fc.constant("{}") },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(identifier, jsonValue, { maxKeys: 2 })
          .map((a) => JSON.stringify({ tool_name: "x", arguments: a })),
      },
      { weight: 1, arbitrary: text },
    ),
    nesting: fc.oneof(
      { weight: 6, arbitrary: fc.constant(0) },
      { weight: 3, arbitrary: fc.nat(8) },
      { weight: 1, arbitrary: fc.constant(300) },
    ),
    garbage: fc.array(text, { maxLength: 3 }),
  })
  .map(({ title, name, description, rows, schemaBlock, useTable, example, nesting, garbage }) => {
    const table = [
      "| Parameter Name | Type | Required | Description |",
      "| :--- | :--- | :--- | :--- |",
      ...rows.map(([n, t, r, d]) => `| \`${n}\` | \`${t}\` | ${r} | ${d} |`),
    ].join("\n");
    const nested = nesting
      ? Array.from({ length: nesting }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n") +
        "\n" +
        "> ".repeat(nesting) +
        "quote"
      : "";
    return [
      `# ${title} - MCP Tool Specification`,
      "",
      `## Tool: \`${name}\``,
      "",
      "### 1. Tool Purpose and Description",
      "",
      description,
      "",
      "### 3. Input Schema (Parameters)",
      "",
      useTable ? table : schemaBlock,
      "",
      "### 6. Idempotency",
      "",
      "- **Idempotent**: Yes",
      "",
      "### 7. Usage Examples",
      "",
      "```json",
      example,
      "```",
      "",
      nested,
      ...garbage,
    ].join("\n");
  });
