import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileSchema, fromOpenAIToolCall, type VendorToolIndex } from "../../packages/runtime/src/index.js";
import type { JsonSchema } from "../../src/ir/types.js";
import { nullableOptionals } from "../../src/vendors/openai-null-ambiguity.js";
import { openaiForm } from "../../src/vendors/forms.js";
import { toStrictSchema } from "../../src/vendors/openai-strict.js";
import { pruneUnreachableDefs } from "../../src/schema/prune-defs.js";
import { makeTool } from "../helpers/make-tool.js";
import { REPO } from "../helpers/project.js";

// OpenAI strict mode makes optional properties required and nullable; where an optional
// property's own schema accepts null, "left out" and "null" would arrive alike. Such tools
// are sent without strict mode by default (docs/vendors.md).

const FIXTURES = path.join(REPO, "test/fixtures/real-tools");

interface RealTool {
  file: string;
  name: string;
  inputSchema: JsonSchema;
}

function realTools(): RealTool[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".json"))
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as { tools: RealTool[] }).tools.map((t) => ({
        ...t,
        file,
      })),
    );
}

/** The subschema at an RFC 6901 pointer (plain tokens only, as the fixtures need). */
function at(schema: JsonSchema, pointer: string): JsonSchema {
  let node: unknown = schema;
  for (const token of pointer.split("/").slice(1))
    node = (node as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node as JsonSchema;
}

describe("nullableOptionals", () => {
  it("finds optional properties whose schema accepts null (through types, enums, const, anyOf and $ref) and that do not default to null", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { anyOf: [{ type: "string" }, { type: "null" }] },
        c: { enum: ["x", null] },
        d: { $ref: "#/$defs/Maybe" },
        e: { type: "string" },
        f: { type: ["string", "null"] },
        g: { type: "object", properties: { inner: { const: null } } },
        h: { anyOf: [{ type: "string" }, { type: "integer" }] },
        i: { type: ["string", "null"], enum: ["x"] },
        // Left out means null, as its default says: nothing to tell apart.
        j: { type: ["string", "null"], default: null },
        loop: { $ref: "#/$defs/Loop" },
      },
      required: ["f"],
      $defs: { Maybe: { type: ["integer", "null"] }, Loop: { anyOf: [{ $ref: "#/$defs/Loop" }] } },
    };
    expect(nullableOptionals(schema)).toEqual([
      { name: "a", pointer: "/properties/a" },
      { name: "b", pointer: "/properties/b" },
      { name: "c", pointer: "/properties/c" },
      { name: "d", pointer: "/properties/d" },
      { name: "inner", pointer: "/properties/g/properties/inner" },
    ]);
  });
});

describe("OpenAI strict mode and nullable optionals", () => {
  const emulate = realTools().find((t) => t.name === "browser_emulate_media")!;
  const tool = makeTool({ name: emulate.name, module: "playwright", inputSchema: emulate.inputSchema });

  it("sends a tool whose optional properties accept null without strict mode, saying why", () => {
    // Strict mode itself could take this schema: only the ambiguity keeps it out.
    expect(toStrictSchema(emulate.inputSchema).strict).toBe(true);
    const form = openaiForm(tool, { strict: true });
    expect(form.strict).toBe(false);
    expect(form.optionalsAsNull).toBe(false);
    if (form.strict) return;
    expect(form.pointer).toBe("/properties/colorScheme");
    expect(form.reason).toMatch(/optional property "colorScheme" \(and 4 more\) already accepts null/);
    expect(form.help).toMatch(/"default": null/);
    expect(form.help).toMatch(/strictNullableOptionals/);
    const opted = openaiForm(tool, { strict: true, strictNullableOptionals: true });
    expect(opted).toMatchObject({ strict: true, optionalsAsNull: true });
  });

  it("keeps left out and null apart on the way back (the description: omitted = unchanged, null = cleared)", () => {
    const index = (optionalsAsNull: boolean): VendorToolIndex => ({
      vendor: "openai",
      tools: { [tool.name]: { name: tool.name, inputSchema: emulate.inputSchema, optionalsAsNull } },
    });
    const call = (args: object, optionalsAsNull: boolean) =>
      fromOpenAIToolCall(
        { id: "c", type: "function", function: { name: tool.name, arguments: JSON.stringify(args) } },
        index(optionalsAsNull),
      ).arguments;
    const nulls = { colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null, media: null };
    // Strict: a model that leaves everything out must send five nulls, and they stay nulls.
    expect(call(nulls, true)).toEqual(nulls);
    // As sent now (not strict): leaving out and clearing arrive as they were meant.
    const { optionalsAsNull } = openaiForm(tool, { strict: true });
    expect(call({}, optionalsAsNull)).toEqual({});
    expect(call({ colorScheme: null }, optionalsAsNull)).toEqual({ colorScheme: null });
  });

  it("over the real servers' tools: each tool sent non-strict for this reason names properties that do accept null", () => {
    let tools = 0;
    let properties = 0;
    for (const real of realTools()) {
      if (!toStrictSchema(real.inputSchema).strict) continue;
      const form = openaiForm(makeTool({ name: real.name, module: "m", inputSchema: real.inputSchema }), {
        strict: true,
      });
      const found = nullableOptionals(pruneUnreachableDefs(real.inputSchema).schema);
      expect(form.strict, `${real.file} ${real.name}`).toBe(found.length === 0);
      if (found.length === 0) continue;
      tools++;
      properties += found.length;
      // An independent check of each: the property's own schema, compiled, accepts null.
      const defs = { $defs: real.inputSchema.$defs, definitions: real.inputSchema.definitions };
      for (const { pointer } of found) {
        const validate = compileSchema({ ...defs, ...at(real.inputSchema, pointer) } as Record<string, unknown>);
        expect(validate(null), `${real.name} ${pointer}`).toBe(true);
      }
    }
    expect(tools).toBeGreaterThanOrEqual(1);
    expect(properties).toBeGreaterThanOrEqual(5);
  });
});
