import { describe, expect, it } from "vitest";
import { type JsonSchemaObject, stripStrictNulls, ValidationError } from "../../packages/runtime/src/index.js";

const str = { type: "string" };

describe("stripStrictNulls", () => {
  it("removes the null of an optional property whose schema refuses null", () => {
    const schema = { type: "object", properties: { count: { type: "number" }, name: str }, required: ["name"] };
    expect(stripStrictNulls({ count: null, name: "x" }, schema)).toEqual({ name: "x" });
  });

  it("keeps a null the original schema accepts, even for an optional property", () => {
    const schema = {
      type: "object",
      properties: {
        note: { type: ["string", "null"] },
        mode: { enum: ["a", null] },
        c: { const: null },
        u: { anyOf: [str, { type: "null" }] },
        any: {},
        t: true,
      },
    };
    const args = { note: null, mode: null, c: null, u: null, any: null, t: null };
    expect(stripStrictNulls(args, schema)).toEqual(args);
  });

  it("an enum listing null under type string does not accept null: removed", () => {
    const schema = { type: "object", properties: { s: { type: "string", enum: ["on", null] } } };
    expect(stripStrictNulls({ s: null }, schema)).toEqual({});
  });

  it("never removes a null of a required property, or of a key the schema does not declare", () => {
    const schema = { type: "object", properties: { a: str }, required: ["a"] };
    expect(stripStrictNulls({ a: null, extra: null }, schema)).toEqual({ a: null, extra: null });
  });

  it("recurses through nested objects, arrays, and local $refs with escaped names", () => {
    const schema = {
      type: "object",
      properties: {
        opts: { type: "object", properties: { deep: { type: "boolean" }, keep: { type: "integer" } } },
        rows: { type: "array", items: { $ref: "#/$defs/a~1b%20c" } },
      },
      $defs: { "a/b c": { type: "object", properties: { id: { type: "integer" }, tag: str }, required: ["id"] } },
    };
    const args = {
      opts: { deep: null, keep: 1 },
      rows: [
        { id: 1, tag: null },
        { id: 2, tag: "t" },
      ],
    };
    expect(stripStrictNulls(args, schema)).toEqual({ opts: { keep: 1 }, rows: [{ id: 1 }, { id: 2, tag: "t" }] });
  });

  it("an optional object or array left out (null) is removed; a nullable one is kept", () => {
    const schema = {
      type: "object",
      properties: {
        o: { type: "object", properties: { x: str } },
        l: { type: "array", items: str },
        n: { type: ["object", "null"], properties: { x: str } },
        r: { $ref: "#/$defs/Nullable" },
      },
      $defs: { Nullable: { type: ["string", "null"] } },
    };
    expect(stripStrictNulls({ o: null, l: null, n: null, r: null }, schema)).toEqual({ n: null, r: null });
  });

  it("follows recursive definitions", () => {
    const schema = {
      type: "object",
      properties: { tree: { $ref: "#/$defs/Node" } },
      required: ["tree"],
      $defs: {
        Node: {
          type: "object",
          properties: { value: str, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
          required: ["value"],
        },
      },
    };
    const args = { tree: { value: "a", children: [{ value: "b", children: null }] } };
    expect(stripStrictNulls(args, schema)).toEqual({ tree: { value: "a", children: [{ value: "b" }] } });
  });

  describe("anyOf: the branch the value belongs to decides", () => {
    const schema = {
      type: "object",
      properties: {
        shape: {
          anyOf: [
            { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } }, required: ["kind"] },
            {
              type: "object",
              properties: { kind: { const: "label" }, r: { type: ["number", "null"] } },
              required: ["kind"],
            },
            str,
          ],
        },
      },
    };

    it("by const: the same key set, different null rules", () => {
      expect(stripStrictNulls({ shape: { kind: "circle", r: null } }, schema)).toEqual({ shape: { kind: "circle" } });
      expect(stripStrictNulls({ shape: { kind: "label", r: null } }, schema)).toEqual({
        shape: { kind: "label", r: null },
      });
    });

    it("by type: a string is left alone", () => {
      expect(stripStrictNulls({ shape: "square" }, schema)).toEqual({ shape: "square" });
    });

    it("by key set: a strict-form object carries all of its branch's properties", () => {
      const byKeys = {
        type: "object",
        properties: {
          v: {
            anyOf: [
              { type: "object", properties: { a: str, b: str } },
              { type: "object", properties: { c: { type: ["string", "null"] }, d: str } },
            ],
          },
        },
      };
      expect(stripStrictNulls({ v: { a: "x", b: null } }, byKeys)).toEqual({ v: { a: "x" } });
      expect(stripStrictNulls({ v: { c: null, d: null } }, byKeys)).toEqual({ v: { c: null } });
    });

    it("when several branches fit, the one removing fewer nulls: a null some branch accepts is kept", () => {
      const ambiguous = {
        type: "object",
        properties: {
          v: {
            anyOf: [
              { type: "object", properties: { x: str } },
              { type: "object", properties: { x: { type: ["string", "null"] } } },
            ],
          },
        },
      };
      expect(stripStrictNulls({ v: { x: null } }, ambiguous)).toEqual({ v: { x: null } });
    });

    it("no branch fits: nothing below is touched", () => {
      expect(stripStrictNulls({ shape: { kind: "other", r: null } }, schema)).toEqual({
        shape: { kind: "other", r: null },
      });
    });
  });

  it("allOf members all apply: one refusing null is enough", () => {
    const schema = {
      type: "object",
      allOf: [{ properties: { a: {} } }, { properties: { a: str } }, { properties: { b: {} } }],
    };
    expect(stripStrictNulls({ a: null, b: null }, schema)).toEqual({ b: null });
    const required = { type: "object", properties: { a: str }, allOf: [{ required: ["a"] }] };
    expect(stripStrictNulls({ a: null }, required)).toEqual({ a: null });
  });

  it("unresolvable or remote $refs are not analysed: their nulls are kept", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/Missing" }, b: { $ref: "https://example.com/s.json" } },
    };
    expect(stripStrictNulls({ a: null, b: null }, schema)).toEqual({ a: null, b: null });
  });

  it("a ref cycle that consumes no input ends", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: { A: { anyOf: [{ $ref: "#/$defs/B" }, str] }, B: { allOf: [{ $ref: "#/$defs/A" }] } },
    };
    expect(stripStrictNulls({ a: "x" }, schema)).toEqual({ a: "x" });
    // Whether the cycle accepts null cannot be decided: the null is kept.
    expect(stripStrictNulls({ a: null }, schema)).toEqual({ a: null });
  });

  it("returns a copy, never mutates, keeps __proto__ and inherited names as own data", () => {
    const schema: JsonSchemaObject = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"},"toString":{"type":"object","properties":{"x":{"type":"string"}}}}}',
    );
    const args = JSON.parse('{"__proto__":null,"constructor":null,"toString":{"x":null,"keep":[1]}}');
    const frozen = structuredClone(args);
    const out = stripStrictNulls(args, schema);
    expect(args).toEqual(frozen);
    expect(Object.keys(out)).toEqual(["toString"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    const inner = out.toString as unknown as { keep: number[] };
    expect(inner).toEqual({ keep: [1] });
    expect(inner).not.toBe(args.toString);
    expect(inner.keep).not.toBe(args.toString.keep);

    const proto = stripStrictNulls(JSON.parse('{"__proto__":"a"}'), schema);
    expect(Object.hasOwn(proto, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it("a schema without properties leaves everything", () => {
    expect(stripStrictNulls({ a: null }, { type: "object" })).toEqual({ a: null });
  });
});

describe("stripStrictNulls: branches told apart by constraints, and bounded work (review cases)", () => {
  it("picks the anyOf branch the stripped value is valid under, not the one keeping most nulls", () => {
    const schema = {
      type: "object",
      properties: {
        q: {
          anyOf: [
            {
              type: "object",
              properties: { kind: { type: "string", pattern: "^a$" }, v: { type: "string" } },
              required: ["kind"],
            },
            {
              type: "object",
              properties: { kind: { type: "string", pattern: "^b$" }, v: { type: ["string", "null"] } },
              required: ["kind"],
            },
          ],
        },
      },
      required: ["q"],
    };
    expect(stripStrictNulls({ q: { kind: "a", v: null } }, schema)).toEqual({ q: { kind: "a" } });
    expect(stripStrictNulls({ q: { kind: "b", v: null } }, schema)).toEqual({ q: { kind: "b", v: null } });
  });

  it("walks a deep recursive anyOf tree in linear work (model-written arguments cannot stall it)", () => {
    const schema = {
      type: "object",
      properties: { tree: { $ref: "#/$defs/Node" } },
      required: ["tree"],
      $defs: {
        Node: {
          anyOf: [
            { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/Node" } } } },
            {
              type: "object",
              properties: { kids: { type: "array", items: { $ref: "#/$defs/Node" } }, tag: { type: "string" } },
            },
          ],
        },
      },
    };
    // Without memoization this is about 2^100 steps: each level tried both branches in full.
    let node: Record<string, unknown> = { kids: null, tag: null };
    let expected: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      node = { kids: [node], tag: null };
      expected = { kids: [expected] };
    }
    expect(stripStrictNulls({ tree: node }, schema)).toEqual({ tree: expected });
  });

  it("refuses nesting deeper than it walks with a ValidationError, not a stack overflow", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(() => stripStrictNulls({ a: deep }, { type: "object", properties: { a: { type: "array" } } })).toThrow(
      ValidationError,
    );
  });
});
