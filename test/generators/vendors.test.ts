import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import type { JsonSchema } from "../../src/ir/types.js";
import { runPipeline } from "../../src/build/pipeline.js";
import {
  ANTHROPIC_STRICT_LIMITS,
  applyAnthropicStrictBudget,
  toAnthropicStrictSchema,
} from "../../src/vendors/anthropic-strict.js";
import { anthropicForm, anthropicForms, openaiForm, strictCoverage, toolStrictness } from "../../src/vendors/forms.js";
import { makeTool } from "../helpers/make-tool.js";
import { deepFreeze } from "../../src/memo/deep-freeze.js";
import type { ToolSpec } from "../../src/ir/types.js";
import { toGeminiSchema } from "../../src/vendors/gemini-schema.js";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";
import { fileText } from "../../src/generator-kit/contract.js";

const projects: TempProject[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.dispose();
});

/** A project with one JSON spec of the given tools (module `demo`). */
function project(tools: Array<{ name: string; inputSchema: JsonSchema; description?: string }>, config = "") {
  const p = tempProject({
    "specs/demo/tools.json": `${JSON.stringify(
      tools.map((t) => ({ description: `The ${t.name} tool.`, ...t })),
      null,
      2,
    )}\n`,
    ...(config ? { "mcp-specgen.config.json": config } : {}),
  });
  projects.push(p);
  return p;
}

async function pipeline(p: TempProject, user: Record<string, unknown> = {}) {
  const result = await runPipeline(
    resolveConfig(p.dir, { inputs: ["specs"], server: { name: "t", version: "1.0.0" }, ...user }),
  );
  const file = (name: string) => {
    const found = result.files.find((f) => f.path === name);
    return found ? fileText(found) : "";
  };
  return { result, file, json: (name: string) => JSON.parse(file(name)) };
}

describe("typed vendor modules", () => {
  it("type-check as the OpenAI, Anthropic and Gemini SDKs' own tool types, without a cast", () => {
    const fixture = path.join(REPO, "test/fixtures/types/vendor-sdks.ts");
    expect(typeCheck([fixture]).output).toBe("");
  });

  it("reference toolDefinitions when the server generator runs, and repeat the schemas when it does not", async () => {
    const p = project([{ name: "echo", inputSchema: { type: "object", properties: { a: { type: "string" } } } }]);
    const all = await pipeline(p);
    for (const vendor of ["openai", "anthropic", "gemini"])
      expect(all.file(`vendors/${vendor}.ts`)).toContain('import { toolDefinitions } from "../tools.js";');
    expect(all.file("vendors/openai.ts")).toContain("inputSchema: toolDefinitions.demo.echo.inputSchema,");
    const alone = await pipeline(p, { generators: ["openai", "anthropic", "gemini"] });
    expect(alone.result.failed).toBe(false);
    expect(alone.file("vendors/gemini.ts")).not.toContain("toolDefinitions");
    expect(alone.file("vendors/gemini.ts")).toMatch(/inputSchema: \{\n\s+type: "object",/);
  });

  it("mark optionalsAsNull only for OpenAI's strict tools", async () => {
    const p = project([
      { name: "strict_one", inputSchema: { type: "object", properties: { a: { type: "string" } } } },
      { name: "loose_one", inputSchema: { type: "object", properties: { a: { oneOf: [{ type: "string" }] } } } },
    ]);
    const { file } = await pipeline(p);
    const openai = file("vendors/openai.ts");
    expect(openai).toMatch(/strict_one: \{\n\s+name: "strict_one",\n[^}]*\n\s+optionalsAsNull: true,/);
    expect(openai).toMatch(/loose_one: \{\n\s+name: "loose_one",\n[^}]*\n\s+optionalsAsNull: false,/);
    expect(file("vendors/anthropic.ts")).not.toContain("optionalsAsNull: true");
    expect(file("vendors/gemini.ts")).not.toContain("optionalsAsNull: true");
  });
});

describe("Gemini conversion", () => {
  const cases: Array<[string, JsonSchema, string, RegExp]> = [
    ["oneOf", { oneOf: [{ type: "string" }, { type: "integer" }] }, "/properties/p/oneOf", /rewritten as anyOf/],
    ["allOf", { allOf: [{ type: "object" }, { required: ["x"] }] }, "/properties/p/allOf", /merged/],
    ["not", { type: "string", not: { const: "x" } }, "/properties/p/not", /not is not supported; dropped/],
    [
      "a map",
      { type: "object", additionalProperties: { type: "string" } },
      "/properties/p/additionalProperties",
      /maps .* dropped/,
    ],
    [
      "patternProperties",
      { type: "object", patternProperties: { "^x": { type: "string" } } },
      "/properties/p/patternProperties",
      /patternProperties is not supported/,
    ],
    ["a tuple", { type: "array", items: [{ type: "string" }] }, "/properties/p/items", /tuples/],
    ["prefixItems", { type: "array", prefixItems: [{ type: "string" }] }, "/properties/p/prefixItems", /tuples/],
    ["if/then/else", { type: "string", if: { minLength: 2 } }, "/properties/p/if", /if\/then\/else/],
    ["an object enum", { enum: [{ a: 1 }] }, "/properties/p/enum", /enum values that are objects/],
    ["exclusiveMinimum", { type: "number", exclusiveMinimum: 0 }, "/properties/p/exclusiveMinimum", /as minimum/],
  ];

  it.each(cases)("reports %s with its pointer and what was done", (_what, sub, pointer, message) => {
    const { issues } = toGeminiSchema({ type: "object", properties: { p: sub } });
    expect(issues.map((i) => i.pointer)).toContain(pointer);
    expect(issues.find((i) => i.pointer === pointer)!.message).toMatch(message);
  });

  it("inlines $refs, reports a recursive one once at the $ref, and never mutates its input", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { tree: { $ref: "#/$defs/Node" }, other: { $ref: "#/$defs/Node" } },
      $defs: {
        Node: {
          type: "object",
          properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
        },
      },
    };
    const copy = structuredClone(schema);
    const { schema: out, issues } = toGeminiSchema(schema);
    expect(schema).toEqual(copy);
    expect(JSON.stringify(out)).not.toContain("$ref");
    expect(JSON.stringify(out)).not.toContain("$defs");
    expect(out).toMatchObject({
      properties: { tree: { type: "object", properties: { label: { type: "string" }, children: { items: {} } } } },
    });
    expect(issues).toEqual([
      {
        pointer: "/$defs/Node/properties/children/items/$ref",
        keyword: "$ref",
        message: expect.stringMatching(/recursive \$ref "#\/\$defs\/Node" cannot be inlined/),
        impact: "major",
      },
    ]);
  });

  it("keeps what the subset has: nullable types, anyOf for unions, const as enum", () => {
    const { schema, issues } = toGeminiSchema({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        a: { type: ["string", "null"], minLength: 1, format: "email" },
        b: { type: ["string", "integer"] },
        c: { const: "x", description: "C." },
      },
      required: ["a"],
      additionalProperties: false,
    });
    expect(issues).toEqual([]);
    expect(schema).toEqual({
      type: "object",
      properties: {
        a: { type: ["string", "null"], minLength: 1, format: "email" },
        b: { anyOf: [{ type: "string" }, { type: "integer" }] },
        c: { enum: ["x"], description: "C." },
      },
      required: ["a"],
      additionalProperties: false,
    });
  });

  it("reports each loss at the keyword, naming the tool: GEMINI_SCHEMA_LOSSY, or an info for a value constraint", async () => {
    const p = project([
      {
        name: "pick",
        inputSchema: {
          type: "object",
          properties: {
            choice: { oneOf: [{ type: "string" }, { type: "integer" }] },
            tags: { type: "array", items: { type: "string" }, uniqueItems: true },
          },
        },
      },
    ]);
    const { result, json } = await pipeline(p);
    const lossy = result.diagnostics.filter((d) => d.code.startsWith("GEMINI_"));
    expect(lossy.map((d) => [d.severity, d.code, d.loc.file])).toEqual([
      ["warning", "GEMINI_SCHEMA_LOSSY", "specs/demo/tools.json"],
      ["info", "GEMINI_CONSTRAINT_DROPPED", "specs/demo/tools.json"],
    ]);
    expect(lossy[0]!.message).toBe(
      'Gemini: input schema of "pick" at #/properties/choice/oneOf: oneOf is not supported; rewritten as anyOf (loosened: a value matching several branches is accepted)',
    );
    // The position of the keyword in the spec file.
    expect(lossy[0]!.loc.line).toBeGreaterThan(1);
    expect(json("gemini.json").lossy).toEqual([
      { tool: "pick", at: "#/properties/choice/oneOf", change: expect.stringMatching(/rewritten as anyOf/) },
      { tool: "pick", at: "#/properties/tags/uniqueItems", change: expect.stringMatching(/uniqueItems/) },
    ]);
    expect(json("gemini.json").functionDeclarations[0].parametersJsonSchema.properties.choice).toEqual({
      anyOf: [{ type: "string" }, { type: "integer" }],
    });
  });
});

describe("Anthropic strict tool use", () => {
  it("closes objects, keeps optional properties optional and moves unsupported constraints into the description", () => {
    const result = toAnthropicStrictSchema({
      type: "object",
      properties: {
        name: { type: "string", minLength: 1, description: "Name." },
        size: { type: "integer", minimum: 1, default: 3 },
        kind: { type: "string", enum: ["a", "b"] },
        when: { type: "string", format: "date-time" },
      },
      required: ["name"],
    });
    expect(result).toEqual({
      strict: true,
      schema: {
        type: "object",
        properties: {
          name: { type: "string", description: "Name.\n\n{minLength: 1}" },
          size: { type: "integer", description: "{minimum: 1, default: 3}" },
          kind: { enum: ["a", "b"] },
          when: { type: "string", format: "date-time" },
        },
        required: ["name"],
        additionalProperties: false,
      },
      usage: { optionalProperties: 3, unionProperties: 0 },
    });
  });

  it.each([
    [{ a: { oneOf: [{ type: "string" }] } }, "/properties/a/oneOf", /oneOf is not supported/],
    [{ a: { type: "object", additionalProperties: { type: "string" } } }, "/properties/a/additionalProperties", /maps/],
    [{ a: { type: "array", items: [{ type: "string" }] } }, "/properties/a/items", /tuple/],
    [{ a: { type: "object" } }, "/properties/a", /free-form object/],
    [{ a: { $ref: "#" } }, "/properties/a/$ref", /recursive/],
    // Property names are not keywords, even those that are elsewhere (`default`, `enum`).
    [{ default: { type: "array", items: { $ref: "#" } } }, "/properties/default/items/$ref", /recursive/],
  ])("refuses %j at %s", (properties, pointer, reason) => {
    const result = toAnthropicStrictSchema({ type: "object", properties });
    expect(result.strict).toBe(false);
    if (result.strict) return;
    expect(result.pointer).toBe(pointer);
    expect(result.reason).toMatch(reason);
    expect(result.schema).toEqual({ type: "object", properties });
  });

  it("refuses a tool that alone exceeds the 24 optional properties of a request", () => {
    const properties = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: "string" }]));
    const result = toAnthropicStrictSchema({ type: "object", properties });
    expect(result.strict === false && result.reason).toMatch(/25 optional properties exceed the limit of 24/);
  });

  it("tells the model of a $ref's sibling called __proto__ like any other it cannot send", () => {
    const result = toAnthropicStrictSchema(
      JSON.parse(
        '{"type":"object","properties":{"p":{"$ref":"#/$defs/A","__proto__":{"minimum":1}}},' +
          '"required":["p"],"$defs":{"A":{"type":"integer"}}}',
      ),
    );
    expect(result.strict && result.schema.properties).toEqual({
      p: { type: "integer", description: '{__proto__: {"minimum":1}}' },
    });
  });

  it("does not let an unused definition block the tool", () => {
    const result = toAnthropicStrictSchema({
      type: "object",
      properties: { a: { type: "string" } },
      $defs: { Unused: { oneOf: [{ type: "string" }] } },
    });
    expect(result.strict).toBe(true);
  });

  it.each<[string, JsonSchema, string, string]>([
    [
      "in a definition inlined for a $ref with siblings: at the definition",
      {
        type: "object",
        properties: { p: { $ref: "#/$defs/A", description: "x" } },
        $defs: { A: { type: "string", not: { const: "" } } },
      },
      "/$defs/A/not",
      "not",
    ],
    [
      "brought by a sibling of the inlined $ref: beside the $ref",
      {
        type: "object",
        properties: { p: { $ref: "#/$defs/A", description: "x", properties: { q: { oneOf: [] } } } },
        $defs: { A: { type: "object" } },
      },
      "/properties/p/properties/q/oneOf",
      "oneOf",
    ],
    ["of a root without type: at the root", { properties: {} }, "", "type"],
  ])("points a refusal %s", (_where, schema, pointer, keyword) => {
    const result = toAnthropicStrictSchema(schema);
    expect(result).toMatchObject({ strict: false, pointer, keyword });
    expect(result.strict === false && result.reason.endsWith(`(at #${pointer})`)).toBe(true);
  });
});

describe("the manifest and --verbose", () => {
  const tools: Array<{ name: string; inputSchema: JsonSchema }> = [
    { name: "plain", inputSchema: { type: "object", properties: { a: { type: "string" } } } },
    {
      name: "choosy",
      inputSchema: { type: "object", properties: { a: { oneOf: [{ type: "string" }, { type: "integer" }] } } },
    },
  ];

  it("records every vendor's name and, per vendor with a strict mode, whether the tool is strict and why not", async () => {
    const p = project(tools);
    const { json } = await pipeline(p);
    const manifest = json("manifest.json") as {
      tools: Array<{ name: string; vendorNames: Record<string, string>; strict: Record<string, unknown> }>;
    };
    const choosy = manifest.tools.find((t) => t.name === "choosy")!;
    expect(choosy.vendorNames).toEqual({ openai: "choosy", anthropic: "choosy", gemini: "choosy" });
    expect(choosy.strict).toEqual({
      openai: {
        strict: false,
        reason: expect.stringMatching(/^oneOf is not supported.*\(at #\/properties\/a\/oneOf\)$/),
        pointer: "/properties/a/oneOf",
      },
      anthropic: {
        strict: false,
        reason: expect.stringMatching(/^oneOf is not supported.*\(at #\/properties\/a\/oneOf\)$/),
        pointer: "/properties/a/oneOf",
      },
    });
    expect(manifest.tools.find((t) => t.name === "plain")!.strict).toEqual({
      openai: { strict: true },
      anthropic: { strict: true },
    });
    const off = await pipeline(p, { openai: { strict: false } });
    expect(
      (off.json("manifest.json").tools as typeof manifest.tools).find((t) => t.name === "plain")!.strict.openai,
    ).toEqual({ strict: false, reason: "strict mode disabled in config" });
  });

  it("prints why a tool is not strict under generate --verbose only", async () => {
    const p = project(tools);
    const quiet = await runCli(["generate"], p.dir);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain("VENDOR_STRICT_REFUSED");
    const verbose = await runCli(["generate", "--verbose"], p.dir);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toMatch(
      /specs\/demo\/tools\.json:\d+:\d+ info VENDOR_STRICT_REFUSED OpenAI: "choosy" is sent without strict mode: oneOf is not supported/,
    );
    expect(verbose.stderr).toMatch(/info VENDOR_STRICT_REFUSED Anthropic: "choosy"/);
    expect(verbose.stderr).not.toMatch(/VENDOR_STRICT_REFUSED .*"plain"/);
    expect((await runCli(["generate", "--help"], p.dir)).stdout).toMatch(/--verbose/);
  });

  it("uses each vendor's cap and rules for names, and records them all", async () => {
    const long = `${"very_long_module_segment_".repeat(3)}tool`;
    const p = project([
      { name: long, inputSchema: { type: "object" } },
      { name: "9lives", inputSchema: { type: "object" } },
      { name: "a.b", inputSchema: { type: "object" } },
    ]);
    const { json } = await pipeline(p, { openai: { nameMaxLength: 60 }, gemini: { nameMaxLength: 128 } });
    const names = Object.fromEntries(
      (json("manifest.json").tools as Array<{ name: string; vendorNames: Record<string, string> }>).map((t) => [
        t.name,
        t.vendorNames,
      ]),
    );
    expect(names[long]!.openai.length).toBeLessThanOrEqual(60);
    expect(names[long]!.anthropic.length).toBeGreaterThan(60);
    expect(names[long]!.anthropic.length).toBeLessThanOrEqual(64);
    expect(names[long]!.gemini).toBe(long);
    expect(names["9lives"]!.openai).toBe("9lives");
    expect(names["9lives"]!.gemini).toMatch(/^_9lives_[a-z2-7]{8}$/);
    expect(names["a.b"]).toEqual({ openai: "a__b", anthropic: "a__b", gemini: "a.b" });
    // Each vendor file uses its own names.
    expect(json("gemini.json").functionDeclarations.map((d: { name: string }) => d.name)).toContain("a.b");
    expect(json("anthropic.json").tools.map((d: { name: string }) => d.name)).toContain("a__b");
  });
});

describe("Gemini conversion merges", () => {
  it("joins properties and required of allOf branches with the schema's own, whatever the key order", () => {
    for (const schema of [
      {
        allOf: [{ properties: { a: { type: "string" } }, required: ["a"] }],
        properties: { b: { type: "integer" } },
        required: ["b"],
      },
      {
        properties: { b: { type: "integer" } },
        required: ["b"],
        allOf: [{ properties: { a: { type: "string" } }, required: ["a"] }],
      },
    ] as JsonSchema[]) {
      const { schema: out, issues } = toGeminiSchema({ type: "object", ...schema });
      expect(issues).toEqual([]);
      expect(out.properties).toEqual({ a: { type: "string" }, b: { type: "integer" } });
      expect([...(out.required as string[])].sort()).toEqual(["a", "b"]);
    }
  });

  it("reports a false schema as a major loss, whatever its key is called", () => {
    const { issues } = toGeminiSchema({ type: "object", properties: { uniqueItems: false, items: false } });
    expect(issues.map((i) => [i.pointer, i.keyword, i.impact])).toEqual([
      ["/properties/uniqueItems", "uniqueItems", "major"],
      ["/properties/items", "items", "major"],
    ]);
  });

  it("keeps a property called __proto__ through a merge, as a property", () => {
    const { schema: out, issues } = toGeminiSchema(
      JSON.parse(
        '{"type":"object","properties":{"p":{"properties":{"a":{"type":"string"}},"$ref":"#/$defs/C"}},' +
          '"$defs":{"C":{"type":"object","properties":{"__proto__":{"type":"integer"}}}}}',
      ),
    );
    expect(issues).toEqual([]);
    const merged = (out.properties as Record<string, JsonSchema>).p!.properties as object;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.entries(merged)).toEqual([
      ["a", { type: "string" }],
      ["__proto__", { type: "integer" }],
    ]);
  });

  it("merges $ref siblings like an allOf branch: the target's properties stay", () => {
    const { schema: out, issues } = toGeminiSchema({
      type: "object",
      properties: { p: { $ref: "#/$defs/A", properties: { extra: { type: "boolean" } }, required: ["extra"] } },
      $defs: { A: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
    });
    expect(issues).toEqual([]);
    expect((out.properties as Record<string, JsonSchema>).p).toEqual({
      type: "object",
      properties: { extra: { type: "boolean" }, a: { type: "string" } },
      required: ["extra", "a"],
    });
  });

  it("intersects enums and tightens bounds, exactly", () => {
    const { schema: out, issues } = toGeminiSchema({
      type: "object",
      properties: {
        e: { enum: ["x", "y"], const: "x" },
        n: { type: "number", allOf: [{ minimum: 5 }], minimum: 1, exclusiveMinimum: 3 },
      },
    });
    const props = out.properties as Record<string, JsonSchema>;
    expect(props.e).toEqual({ enum: ["x"] });
    expect(props.n).toEqual({ type: "number", minimum: 5 });
    expect(issues.map((i) => i.keyword)).toEqual(["exclusiveMinimum"]);
  });

  it("reports GEMINI_SCHEMA_LOSSY when a merge would still overwrite something", () => {
    const { issues } = toGeminiSchema({
      type: "object",
      properties: {
        p: { type: "string", allOf: [{ type: "integer" }] },
        q: { $ref: "#/$defs/S", format: "email" },
        r: { type: ["string", "integer"], anyOf: [{ minLength: 1 }, { minimum: 0 }] },
      },
      $defs: { S: { type: "string", format: "uri" } },
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        pointer: "/properties/p/allOf",
        impact: "major",
        message: expect.stringMatching(/a type/),
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        pointer: "/properties/q/$ref",
        impact: "major",
        message: expect.stringMatching(/a format/),
      }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ pointer: "/properties/r/anyOf", impact: "major" }));
  });

  it("reports draft 4's exclusiveMinimum: true as a dropped constraint", () => {
    const { schema: out, issues } = toGeminiSchema({
      type: "object",
      properties: { n: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false } },
    });
    expect((out.properties as Record<string, JsonSchema>).n).toEqual({ type: "number", minimum: 0, maximum: 9 });
    expect(issues).toEqual([
      expect.objectContaining({
        pointer: "/properties/n/exclusiveMinimum",
        impact: "minor",
        message: expect.stringMatching(/draft 4.*inclusive bound/),
      }),
    ]);
  });
});

describe("Anthropic's per-request strict budget", () => {
  const optionals = (n: number): JsonSchema => ({
    type: "object",
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }])),
  });
  const unions = (n: number): JsonSchema => ({
    type: "object",
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, { type: ["string", "integer"] }])),
    required: Array.from({ length: n }, (_, i) => `u${i}`),
  });

  it("documents Anthropic's limits", () => {
    expect(ANTHROPIC_STRICT_LIMITS).toEqual({ maxStrictTools: 20, maxOptionalProperties: 24, maxUnionProperties: 16 });
  });

  it("counts optional properties across tools, in sorted order, and says why a tool is left out", () => {
    const tools = [
      makeTool({ name: "c", module: "m", inputSchema: optionals(10) }),
      makeTool({ name: "a", module: "m", inputSchema: optionals(10) }),
      makeTool({ name: "b", module: "m", inputSchema: optionals(10) }),
      makeTool({ name: "d", module: "m", inputSchema: optionals(4) }),
    ];
    const forms = anthropicForms(tools, true);
    expect(forms.map((f) => f.strict)).toEqual([false, true, true, true]);
    const c = forms[0]!;
    expect(c.strict === false && c.reason).toBe(
      "over Anthropic's per-request strict budget (24 optional properties across strict tools)",
    );
    expect(c.strict === false && c.pointer).toBe("");
    expect(c.schema).toEqual(optionals(10));
    // On its own, each tool fits.
    expect(anthropicForm(tools[0]!, true).strict).toBe(true);
    // The order of the tools does not matter.
    expect(anthropicForms([...tools].reverse(), true).map((f) => f.strict)).toEqual([true, true, true, false]);
    // The manifest agrees with the generated tools.
    expect(strictCoverage(tools, { openai: { strict: true }, anthropic: { strict: true } })[0]!.anthropic).toEqual({
      strict: false,
      reason: "over Anthropic's per-request strict budget (24 optional properties across strict tools)",
      pointer: "",
    });
  });

  it("counts union-typed properties and strict tools across tools", () => {
    const byUnions = anthropicForms(
      [
        makeTool({ name: "a", module: "m", inputSchema: unions(9) }),
        makeTool({ name: "b", module: "m", inputSchema: unions(9) }),
      ],
      true,
    );
    expect(byUnions.map((f) => f.strict)).toEqual([true, false]);
    expect(byUnions[1]!.strict === false && byUnions[1]!.reason).toMatch(
      /16 union-typed properties across strict tools/,
    );

    const many = Array.from({ length: 22 }, (_, i) =>
      makeTool({ name: `t${String(i).padStart(2, "0")}`, module: "m", inputSchema: { type: "object" } }),
    );
    const forms = anthropicForms(many, true);
    expect(forms.filter((f) => f.strict)).toHaveLength(20);
    expect(forms.slice(20).map((f) => f.strict === false && f.reason)).toEqual([
      "over Anthropic's per-request strict budget (20 strict tools)",
      "over Anthropic's per-request strict budget (20 strict tools)",
    ]);
  });

  it("keeps packing smaller tools after one does not fit", () => {
    const result = applyAnthropicStrictBudget([
      { key: "a", usage: { optionalProperties: 20, unionProperties: 0 } },
      { key: "b", usage: { optionalProperties: 10, unionProperties: 0 } },
      { key: "c", usage: { optionalProperties: 4, unionProperties: 0 } },
      { key: "d", usage: undefined },
    ]);
    expect([...result]).toEqual([
      ["a", undefined],
      ["b", expect.stringMatching(/24 optional properties/)],
      ["c", undefined],
    ]);
  });
});

describe("strict coverage (what the manifest records)", () => {
  const schemas: JsonSchema[] = [
    { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
    {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`p${i}`, { type: "string" }])),
    },
    { type: "object", patternProperties: { x: {} } },
    // Two more with 10 optional properties each: 35 in all, over Anthropic's per-request budget.
    {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`q${i}`, { type: "string" }])),
    },
    {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`r${i}`, { type: "string" }])),
    },
    {
      type: "object",
      properties: { u: { type: ["string", "null"] }, v: { anyOf: [{ type: "string" }, { type: "integer" }] } },
    },
  ];
  // Fresh schema objects each time.
  const toolsOf = () =>
    schemas.map((inputSchema, i) =>
      makeTool({ name: `t${i}`, module: "m", inputSchema: structuredClone(inputSchema) }),
    );
  const outcomeOf = (form: ReturnType<typeof openaiForm>) =>
    form.strict
      ? { strict: true }
      : { strict: false, reason: form.reason, ...(form.pointer !== undefined ? { pointer: form.pointer } : {}) };
  const expected = (tools: ToolSpec[], strict: boolean) => {
    const anthropic = anthropicForms(tools, strict);
    return tools.map((tool, i) => ({
      openai: outcomeOf(openaiForm(tool, { strict })),
      anthropic: outcomeOf(anthropic[i]!),
    }));
  };

  it.each([true, false])(
    "agrees with the forms sent (strict %s), with each tool's part computed by the coverage or given to it",
    (strict) => {
      const options = { openai: { strict }, anthropic: { strict } };
      const truth = expected(toolsOf(), strict);
      if (strict)
        expect(truth.map((t) => ("reason" in t.anthropic ? t.anthropic.reason : ""))).toContainEqual(
          expect.stringMatching(/per-request/),
        );
      expect(strictCoverage(toolsOf(), options)).toEqual(truth);
      // Each tool's part taken from elsewhere (a generator's ctx.perTool), once per tool;
      // the per-request budget still applied across them.
      const tools = toolsOf();
      const asked: string[] = [];
      const given = strictCoverage(tools, options, (tool) => {
        asked.push(tool.name);
        return toolStrictness(structuredClone(tool), options);
      });
      expect(given).toEqual(truth);
      expect(asked).toEqual(tools.map((t) => t.name));
      // Pure: nothing is kept between calls, frozen tools or not.
      expect(
        strictCoverage(
          tools.map((t) => deepFreeze(t)),
          options,
        ),
      ).toEqual(truth);
    },
  );
});

describe("non-strict tools", () => {
  it("are sent without unreachable definitions, for OpenAI and Anthropic alike", () => {
    const tool = makeTool({
      inputSchema: {
        type: "object",
        properties: { a: { oneOf: [{ $ref: "#/$defs/Used" }, { type: "integer" }] } },
        $defs: { Used: { type: "string" }, Unused: { type: "object", patternProperties: { x: {} } } },
      },
    });
    for (const form of [
      openaiForm(tool, { strict: true }),
      anthropicForm(tool, true),
      openaiForm(tool, { strict: false }),
      anthropicForm(tool, false),
    ]) {
      expect(form.strict).toBe(false);
      expect(form.schema.$defs).toEqual({ Used: { type: "string" } });
    }
    // The tool itself is left as it was.
    expect(Object.keys(tool.inputSchema.$defs as object)).toEqual(["Used", "Unused"]);
  });
});
