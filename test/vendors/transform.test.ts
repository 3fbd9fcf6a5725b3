import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/ir/types.js";
import { toAnthropicStrictSchema } from "../../src/vendors/anthropic-strict.js";
import { toGeminiSchema } from "../../src/vendors/gemini-schema.js";
import { toStrictSchema } from "../../src/vendors/openai-strict.js";
import {
  convertOrRefuse,
  LooseningList,
  refuse,
  refuseKeyword,
  SchemaRefusal,
} from "../../src/vendors/transform/findings.js";
import { findRecursiveRef, MAX_INLINED_NODES, RefInlining, resolveLocalRef } from "../../src/vendors/transform/refs.js";
import { lastToken, mapNamedSubschemas, mapSubschemaList, pointerTo } from "../../src/vendors/transform/walk.js";

// The shared kit the vendor converters are built on (src/vendors/transform/).

describe("pointers", () => {
  it("escapes each token below a base, and reads the last one back", () => {
    expect(pointerTo("", "properties", "a/b", "t~x")).toBe("/properties/a~1b/t~0x");
    expect(pointerTo("/$defs")).toBe("/$defs");
    expect(lastToken("/properties/a~1b~0")).toBe("a/b~");
    expect(lastToken("")).toBe("");
  });

  it("maps subschemas with their pointers, keeping a name such as __proto__ a name", () => {
    const named = mapNamedSubschemas(JSON.parse('{"__proto__": 1, "a/b": 2}'), "/properties", (_s, at) => at);
    expect(Object.getPrototypeOf(named)).toBe(Object.prototype);
    expect(Object.entries(named)).toEqual([
      ["__proto__", "/properties/__proto__"],
      ["a/b", "/properties/a~1b"],
    ]);
    expect(mapSubschemaList([true, false], "/anyOf", (_s, at) => at)).toEqual(["/anyOf/0", "/anyOf/1"]);
  });
});

describe("resolveLocalRef", () => {
  const root: JsonSchema = {
    type: "object",
    properties: { list: { type: "array", items: [{ type: "string" }] } },
    $defs: { A: { type: "string" }, "a/b": { type: "integer" }, "%41": { type: "null" } },
    definitions: { C: { type: "boolean" } },
  };

  it("follows # and one root definition in the definitions scope, with the target's pointer", () => {
    expect(resolveLocalRef(root, "#", "definitions")).toEqual({ ok: true, value: root, pointer: "" });
    expect(resolveLocalRef(root, "#/$defs/A", "definitions")).toEqual({
      ok: true,
      value: { type: "string" },
      pointer: "/$defs/A",
    });
    expect(resolveLocalRef(root, "#/definitions/C", "definitions")).toMatchObject({ pointer: "/definitions/C" });
    // Each token is percent-decoded, then unescaped.
    expect(resolveLocalRef(root, "#/$defs/a~1b", "definitions")).toMatchObject({ pointer: "/$defs/a~1b" });
    expect(resolveLocalRef(root, "#/$defs/a%2Fb", "definitions")).toMatchObject({ pointer: "/$defs/a~1b" });
    expect(resolveLocalRef(root, "#/$defs/%2541", "definitions")).toMatchObject({ value: { type: "null" } });
  });

  it.each([
    ["#/properties/list", "unsupported"],
    ["#/$defs/A/type", "unsupported"],
    ["https://example.com/s.json#/$defs/A", "unsupported"],
    ["#anchor", "unsupported"],
    ["#/$defs/%zz", "malformed"],
    ["#/$defs/Missing", "missing"],
    ["#/$defs/toString", "missing"],
  ])("in the definitions scope, %s is %s", (ref, problem) => {
    expect(resolveLocalRef(root, ref, "definitions")).toEqual({ ok: false, problem });
  });

  it("follows any pointer into the document in the document scope, array items included", () => {
    expect(resolveLocalRef(root, "#/properties/list/items/0", "document")).toEqual({
      ok: true,
      value: { type: "string" },
      pointer: "/properties/list/items/0",
    });
    expect(resolveLocalRef(root, "#/properties/list/items/1", "document")).toEqual({ ok: false, problem: "missing" });
    expect(resolveLocalRef(root, "#/properties/list/items/01", "document")).toEqual({ ok: false, problem: "missing" });
    expect(resolveLocalRef(root, "#/%zz", "document")).toEqual({ ok: false, problem: "malformed" });
    expect(resolveLocalRef(root, "other.json#/a", "document")).toEqual({ ok: false, problem: "unsupported" });
  });
});

describe("findRecursiveRef", () => {
  it("finds the $ref that leads back into itself, at the $ref inside the definition", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { tree: { $ref: "#/$defs/Node" } },
      $defs: { Node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/Node" } } } } },
    };
    expect(findRecursiveRef(schema)).toEqual({
      ref: "#/$defs/Node",
      pointer: "/$defs/Node/properties/kids/items/$ref",
    });
  });

  it("reads property names as names, not keywords: a property called enum or default is walked", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { enum: { $ref: "#/$defs/A" }, const: { const: { $ref: "#" } } },
      $defs: { A: { type: "object", properties: { default: { $ref: "#/$defs/A" } } } },
    };
    expect(findRecursiveRef(schema)).toEqual({ ref: "#/$defs/A", pointer: "/$defs/A/properties/default/$ref" });
  });

  it("finds a $ref to the root, passes over definitions nothing refers to and $refs that do not resolve", () => {
    expect(findRecursiveRef({ type: "object", properties: { self: { $ref: "#" } } })).toEqual({
      ref: "#",
      pointer: "/properties/self/$ref",
    });
    expect(
      findRecursiveRef({
        type: "object",
        properties: { a: { $ref: "#/$defs/Missing" }, b: { $ref: "#/$defs/A" }, c: { $ref: "#/$defs/A" } },
        $defs: { A: { type: "string" }, Unused: { $ref: "#/$defs/Unused" } },
      }),
    ).toBeUndefined();
  });
});

describe("RefInlining", () => {
  it("knows which $refs are being inlined, and when the node budget is spent", () => {
    const inlining = new RefInlining(2);
    const seen = inlining.inline("#/$defs/A", () => [
      inlining.isInlining("#/$defs/A"),
      inlining.isInlining("#/$defs/B"),
    ]);
    expect(seen).toEqual([true, false]);
    expect(inlining.isInlining("#/$defs/A")).toBe(false);
    expect(() => inlining.inline("#/$defs/A", () => refuse("", "stop"))).toThrow(SchemaRefusal);
    expect(inlining.isInlining("#/$defs/A")).toBe(false);
    for (let i = 0; i < 2; i++) inlining.countNode();
    expect(inlining.exhausted).toBe(false);
    inlining.countNode();
    expect(inlining.exhausted).toBe(true);
  });
});

/** Definitions each referring `width` times (with a description) to the next: inlined, they multiply at each level. */
function fanOut(levels: number, width: number): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  for (let i = 0; i < levels; i++) {
    const next: JsonSchema = i + 1 < levels ? { $ref: `#/$defs/D${i + 1}`, description: `d${i}` } : { type: "string" };
    const properties = Object.fromEntries(Array.from({ length: width }, (_, k) => [`p${k}`, next]));
    defs[`D${i}`] = { type: "object", properties, required: ["p0"] };
  }
  return { type: "object", properties: { top: { $ref: "#/$defs/D0", description: "top" } }, $defs: defs };
}

describe("the inlining budget", () => {
  // 8^7 copies of the last definition without the budget (nested 9 objects deep, within
  // OpenAI's depth limit): the conversion would not end in time.
  const schema = fanOut(8, 8);

  it.each([
    ["openai", toStrictSchema],
    ["anthropic", toAnthropicStrictSchema],
  ] as const)("%s: refuses once inlining would exceed MAX_INLINED_NODES, at the $ref", (_vendor, convert) => {
    const result = convert(schema);
    expect(result).toMatchObject({ strict: false, keyword: "$ref" });
    expect(result.strict === false && result.reason).toMatch(
      new RegExp(
        `^inlining \\$ref #/\\$defs/D\\d would exceed ${MAX_INLINED_NODES} schema nodes \\(at #/\\$defs/D\\d/properties/p\\d/\\$ref\\)$`,
      ),
    );
  });

  it("gemini: drops what it cannot inline within MAX_INLINED_NODES, and says so", () => {
    const { issues } = toGeminiSchema(schema);
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message).toMatch(`would exceed ${MAX_INLINED_NODES} schema nodes`);
  });
});

describe("findings", () => {
  it("turns a refusal into a StrictRefusal with its reason, pointer and keyword; other errors pass", () => {
    const fallback = () => ({ type: "object" });
    expect(convertOrRefuse(() => refuseKeyword("/properties/a", "allOf", "allOf is not supported"), fallback)).toEqual({
      strict: false,
      schema: { type: "object" },
      reason: "allOf is not supported (at #/properties/a/allOf)",
      pointer: "/properties/a/allOf",
      keyword: "allOf",
    });
    const limit = convertOrRefuse(() => refuse("", "too many properties"), fallback);
    expect(limit).toEqual({
      strict: false,
      schema: { type: "object" },
      reason: "too many properties (at #)",
      pointer: "",
    });
    expect(limit).not.toHaveProperty("keyword");
    expect(() => convertOrRefuse(() => JSON.parse("{"), fallback)).toThrow(SyntaxError);
  });

  it("records each loosening once per place and message, in the order met", () => {
    const losses = new LooseningList();
    losses.add("/properties/a", "oneOf", "rewritten", "major");
    losses.add("/properties/a", "oneOf", "rewritten", "major");
    losses.add("/properties/a", "oneOf", "other", "major");
    losses.addAt("/properties/b", "b", "false schema", "minor");
    expect(losses.items).toEqual([
      { pointer: "/properties/a/oneOf", keyword: "oneOf", message: "rewritten", impact: "major" },
      { pointer: "/properties/a/oneOf", keyword: "oneOf", message: "other", impact: "major" },
      { pointer: "/properties/b", keyword: "b", message: "false schema", impact: "minor" },
    ]);
  });

  it("has the three converters report the same thing the same way: pointer, keyword and message", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { a: { type: "string" }, b: { $ref: "https://example.com/b.json" } },
      required: ["a"],
    };
    const supported = { openai: "#, #/$defs/... or #/definitions/...", anthropic: "#, #/$defs/… or #/definitions/…" };
    for (const [vendor, result] of [
      ["openai", toStrictSchema(schema)],
      ["anthropic", toAnthropicStrictSchema(schema)],
    ] as const) {
      expect(result).toMatchObject({
        strict: false,
        pointer: "/properties/b/$ref",
        keyword: "$ref",
        reason: `only local $refs to ${supported[vendor]} are supported, got "https://example.com/b.json" (at #/properties/b/$ref)`,
      });
    }
    expect(toGeminiSchema(schema).issues).toEqual([
      {
        pointer: "/properties/b/$ref",
        keyword: "$ref",
        message: '$ref "https://example.com/b.json" cannot be resolved; dropped (loosened)',
        impact: "major",
      },
    ]);
  });
});
