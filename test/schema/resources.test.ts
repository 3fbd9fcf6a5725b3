import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveSchemaResources } from "../../src/schema/resources.js";
import { findRefCycles } from "../../src/schema/ref-cycles.js";

const codes = (schema: Record<string, unknown>, dialect: "draft7" | "2019" | "2020" = "draft7") =>
  resolveSchemaResources(schema as never, dialect).problems.map((p) => p.code);

describe("resolveSchemaResources", () => {
  it("leaves schemas without identifiers untouched (same object)", () => {
    const schema = { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } };
    const r = resolveSchemaResources(schema);
    expect(r).toEqual({ schema, problems: [], changed: false });
    expect(r.schema).toBe(schema);
  });

  it("rewrites references through nested $ids into root pointers and removes the ids", () => {
    const schema = {
      $id: "https://example.com/root.json",
      type: "object",
      $defs: {
        n: {
          $id: "node.json",
          type: "object",
          properties: { next: { $ref: "#" }, v: { $ref: "#/$defs/leaf" } },
          $defs: { leaf: { type: "number" } },
        },
      },
      properties: { head: { $ref: "node.json" }, z: { $ref: "https://example.com/node.json#/$defs/leaf" } },
    };
    const r = resolveSchemaResources(schema);
    expect(r.problems).toEqual([]);
    expect(r.schema).toEqual({
      $id: "https://example.com/root.json",
      type: "object",
      $defs: {
        n: {
          type: "object",
          properties: { next: { $ref: "#/$defs/n" }, v: { $ref: "#/$defs/n/$defs/leaf" } },
          $defs: { leaf: { type: "number" } },
        },
      },
      properties: { head: { $ref: "#/$defs/n" }, z: { $ref: "#/$defs/n/$defs/leaf" } },
    });
    // The input is not modified.
    expect((schema.$defs.n as Record<string, unknown>).$id).toBe("node.json");
  });

  it("resolves $anchor, draft-07 fragment ids and (in 2020-12) $dynamicRef without dynamic anchors", () => {
    const r = resolveSchemaResources(
      {
        type: "object",
        $defs: { a: { $anchor: "item", type: "string" }, b: { $id: "#legacy", type: "number" } },
        properties: { x: { $ref: "#item" }, y: { $ref: "#legacy" }, z: { $dynamicRef: "#/$defs/a" } },
      },
      "2020",
    );
    expect(r.problems).toEqual([]);
    expect(r.schema).toEqual({
      type: "object",
      $defs: { a: { type: "string" }, b: { type: "number" } },
      properties: { x: { $ref: "#/$defs/a" }, y: { $ref: "#/$defs/b" }, z: { $ref: "#/$defs/a" } },
    });
  });

  it("turns a hostile $id into nothing but a resolved pointer", () => {
    const evil =
      '*/ (process.getBuiltinModule("fs").writeFileSync("PWNED","ran")) || function(){return true}; function z(){/*';
    const r = resolveSchemaResources({
      type: "object",
      properties: { a: { $id: evil, type: "string" }, b: { $ref: evil } },
    });
    expect(r.problems).toEqual([]);
    expect(JSON.stringify(r.schema)).not.toContain("PWNED");
    expect(r.schema).toEqual({ type: "object", properties: { a: { type: "string" }, b: { $ref: "#/properties/a" } } });
  });

  it("reports duplicate and malformed identifiers", () => {
    expect(codes({ type: "object", properties: { a: { $id: "x.json" }, b: { $id: "x.json" } } })).toEqual([
      "SPEC_SCHEMA_ID_DUPLICATE",
    ]);
    expect(codes({ type: "object", properties: { a: { $id: "http://[bad" } } })).toEqual(["SPEC_SCHEMA_ID_INVALID"]);
    expect(codes({ type: "object", properties: { a: { $id: 5 } } })).toEqual(["SPEC_SCHEMA_ID_INVALID"]);
    expect(codes({ type: "object", properties: { a: { $anchor: "1bad" } } })).toEqual(["SPEC_SCHEMA_ID_INVALID"]);
    expect(codes({ type: "object", $defs: { a: { $anchor: "x" }, b: { $anchor: "x" } } })).toEqual([
      "SPEC_SCHEMA_ID_DUPLICATE",
    ]);
  });

  it("refuses references outside the document and pointers at non-schemas", () => {
    expect(codes({ type: "object", properties: { a: { $ref: "https://example.com/other.json" } } })).toEqual([
      "SPEC_REF_UNSUPPORTED",
    ]);
    expect(codes({ type: "object", properties: { a: { $ref: "file:///etc/passwd" } } })).toEqual([
      "SPEC_REF_UNSUPPORTED",
    ]);
    expect(codes({ type: "object", properties: { a: { $ref: "#/x-lib/evil" } }, "x-lib": { evil: {} } })).toEqual([
      "SPEC_REF_UNRESOLVED",
    ]);
    expect(codes({ type: "object", properties: { a: { $ref: "#/properties/missing" } } })).toEqual([
      "SPEC_REF_UNRESOLVED",
    ]);
    expect(codes({ type: "object", properties: { a: { $ref: "#nowhere" } } })).toEqual(["SPEC_REF_UNRESOLVED"]);
    expect(codes({ type: "object", properties: { a: { $ref: "#/%E0%A4%A" } } })).toEqual(["SPEC_REF_UNRESOLVED"]);
    expect(
      codes(
        { type: "object", $defs: { d: { $dynamicAnchor: "m" } }, properties: { a: { $dynamicRef: "#m" } } },
        "2020",
      ),
    ).toEqual(["SPEC_REF_UNSUPPORTED"]);
  });

  it("treats dynamic references as references only in the dialect that defines them", () => {
    const draft7 = {
      type: "object",
      properties: { a: { $dynamicRef: "#/definitions/s" } },
      definitions: { s: { type: "string" } },
    };
    expect(resolveSchemaResources(draft7, "draft7")).toEqual({ schema: draft7, problems: [], changed: false });
    expect(
      resolveSchemaResources({ type: "object", properties: { a: { $recursiveRef: "#" } } }, "2019").schema,
    ).toEqual({ type: "object", properties: { a: { $ref: "#" } } });
    expect(
      codes({ type: "object", properties: { a: { $recursiveRef: "#/$defs/s" } }, $defs: { s: {} } }, "2019"),
    ).toEqual(["SPEC_REF_UNSUPPORTED"]);
    const r2020 = resolveSchemaResources(
      { type: "object", properties: { a: { $recursiveRef: "#/$defs/s" } }, $defs: { s: {} } },
      "2020",
    );
    expect(r2020.changed).toBe(false);
  });

  it("accepts references to boolean subschemas", () => {
    expect(
      codes({
        type: "object",
        properties: {
          a: true,
          b: { $ref: "#/properties/a" },
          c: { anyOf: [false] },
          d: { $ref: "#/properties/c/anyOf/0" },
        },
      }),
    ).toEqual([]);
  });

  it("keeps property names such as __proto__ as own properties", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"$id":"p.json","type":"string"},"b":{"$ref":"p.json"}}}',
    );
    const r = resolveSchemaResources(schema);
    expect(r.problems).toEqual([]);
    expect(Object.hasOwn(r.schema.properties as object, "__proto__")).toBe(true);
    expect((r.schema.properties as Record<string, unknown>).b).toEqual({ $ref: "#/properties/__proto__" });
  });
});

describe("findRefCycles", () => {
  it("finds references that never descend into the value", () => {
    expect(findRefCycles({ $ref: "#" })).toEqual([["$ref"]]);
    expect(findRefCycles({ type: "object", properties: { x: { allOf: [{ $ref: "#/properties/x" }] } } })).toEqual([
      ["properties", "x", "allOf", 0, "$ref"],
    ]);
    expect(
      findRefCycles({
        $defs: { a: { anyOf: [{ $ref: "#/$defs/b" }] }, b: { not: { $ref: "#/$defs/a" } } },
        $ref: "#/$defs/a",
      }).length,
    ).toBe(1);
  });

  it("accepts recursion through properties and items", () => {
    expect(
      findRefCycles({
        type: "object",
        properties: { next: { $ref: "#" }, list: { type: "array", items: { $ref: "#" } } },
      }),
    ).toEqual([]);
    expect(
      findRefCycles({
        $defs: { a: { type: "object", properties: { b: { $ref: "#/$defs/a" } } } },
        allOf: [{ $ref: "#/$defs/a" }],
      }),
    ).toEqual([]);
  });
});

describe("resolveSchemaResources and findRefCycles on schemas without references: cost", () => {
  afterEach(() => vi.restoreAllMocks());

  // n properties, each a small object schema with one nested property: 2n + 1 subschemas.
  const wide = (n: number) => ({
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `p${i}`,
        { type: "object", description: `Field ${i}.`, properties: { v: { type: "string", minLength: 1 } } },
      ]),
    ),
  });

  it("answer without building the pointer of every subschema", () => {
    // Building a pointer encodes each of its segments; the answer for a schema with no
    // reference or identifier needs none (the full walk encodes every subschema's path).
    const encode = vi.spyOn(globalThis, "encodeURIComponent");
    const schema = wide(200);
    const r = resolveSchemaResources(schema as never, "2020");
    expect(r).toEqual({ schema, problems: [], changed: false });
    expect(r.schema).toBe(schema);
    expect(findRefCycles(schema as never)).toEqual([]);
    expect(encode).not.toHaveBeenCalled();
  });

  it("still resolves and reports when one reference or nested $id is deep inside", () => {
    const withRef = wide(50) as Record<string, any>;
    withRef.properties.p49.properties.v = { $ref: "#/properties/p0" };
    expect(resolveSchemaResources(withRef as never).problems).toEqual([]);
    withRef.properties.p49.properties.v = { $ref: "other.json" };
    expect(codes(withRef)).toEqual(["SPEC_REF_UNSUPPORTED"]);
    const withId = wide(50) as Record<string, any>;
    withId.properties.p49.properties.v = { $id: "inner.json", type: "string" };
    const r = resolveSchemaResources({ $id: "https://example.com/root.json", ...withId } as never);
    expect(r.changed).toBe(true);
    expect(JSON.stringify(r.schema)).not.toContain("inner.json");
    const cyclic = { ...wide(3), $defs: { a: { allOf: [{ $ref: "#/$defs/a" }] } } } as Record<string, any>;
    expect(findRefCycles(cyclic as never)).toEqual([["$defs", "a", "allOf", 0, "$ref"]]);
  });
});
