/**
 * Which schemas the registry validates under the budget however small the value
 * (packages/runtime/src/validation-cost.ts). No test measures time: the analysis is checked
 * against ajv's own work, counted as the number of subschema applications (ajv calls its
 * `$comment` hook once per application), on values of growing depth.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { superLinearValidation } from "../../packages/runtime/src/validation-cost.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default as new (
  options: object,
) => {
  compile(schema: object): (data: unknown) => boolean;
};

const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);
const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/** `schema` with a `$comment` in every subschema, so that ajv reports each application. */
function tagged(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tagged);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (MAPS.has(key))
      out[key] = Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, tagged(sub)]));
    else out[key] = tagged(value);
  }
  out.$comment = "counted";
  return out;
}

const CAP = 200_000;

/**
 * A compiler of validators counting their subschema applications on a value (capped), with
 * ajv's options as the runtime compiles (allErrors).
 */
function applicationCounters(): (schema: object) => (data: unknown) => number {
  let count = 0;
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    $comment: () => {
      if (++count > CAP) throw new RangeError("cap");
    },
  });
  return (schema) => {
    const validate = ajv.compile(tagged(schema) as object);
    return (data) => {
      count = 0;
      try {
        validate(data);
      } catch (err) {
        if (!(err instanceof RangeError && err.message === "cap")) throw err;
      }
      return count;
    };
  };
}

type Step = string | number;
/** A value that follows `word` `times` times: `{a: [null, {a: …}]}` for `["a", 1]`. */
function chain(word: readonly Step[], times: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < times; i++)
    for (let j = word.length - 1; j >= 0; j--) {
      const step = word[j]!;
      value = typeof step === "number" ? [...Array(step).fill(null), value] : { [step]: value };
    }
  return value;
}

const node = {
  oneOf: ["folder", "group"].map((kind) => ({
    type: "object",
    properties: {
      type: { const: kind },
      name: { type: "string" },
      children: { type: "array", items: { $ref: "#/$defs/node" } },
    },
    required: ["type"],
  })),
};
const json = {
  anyOf: [
    { type: ["string", "number", "boolean", "null"] },
    { type: "array", items: { $ref: "#/$defs/json" } },
    { type: "object", additionalProperties: { $ref: "#/$defs/json" } },
  ],
};
const at = (defs: Record<string, unknown>, entry: string) => ({
  type: "object",
  properties: { v: { $ref: `#/$defs/${entry}` } },
  $defs: defs,
});

/** [name, schema, the path a deep value follows below `v`, flagged?] */
const CASES: Array<[string, object, Step[], boolean]> = [
  ["two oneOf branches sharing a recursive children list", at({ node }, "node"), ["children", 0], true],
  [
    "two array branches recursing into items (the benchmark's tree)",
    at({ n: { oneOf: [{ items: { $ref: "#/$defs/n" } }, { items: { $ref: "#/$defs/n" }, maxItems: 9 }] } }, "n"),
    [0],
    true,
  ],
  [
    "items and contains on the same recursive array",
    at({ n: { type: "array", items: { $ref: "#/$defs/n" }, contains: { $ref: "#/$defs/n" } } }, "n"),
    [0],
    true,
  ],
  [
    "if and then applying the same recursive subschema",
    at(
      {
        n: { if: { $ref: "#/$defs/m" }, then: { $ref: "#/$defs/m" } },
        m: { properties: { c: { $ref: "#/$defs/n" } } },
      },
      "n",
    ),
    ["c"],
    true,
  ],
  [
    "a property and a matching patternProperties entry, both recursive",
    at(
      { n: { properties: { "x-a": { $ref: "#/$defs/n" } }, patternProperties: { "^x-": { $ref: "#/$defs/n" } } } },
      "n",
    ),
    ["x-a"],
    true,
  ],
  [
    "one recursion entering a second one on the same path (polynomial)",
    at(
      {
        p: { properties: { x: { $ref: "#/$defs/p" } }, anyOf: [{ properties: { x: { $ref: "#/$defs/q" } } }] },
        q: { properties: { x: { $ref: "#/$defs/q" } } },
      },
      "p",
    ),
    ["x"],
    true,
  ],
  [
    "$id-relative references to a recursive node",
    {
      $id: "https://example.com/root.json",
      type: "object",
      properties: { v: { $ref: "node.json" } },
      $defs: {
        node: {
          $id: "node.json",
          oneOf: [{ properties: { c: { $ref: "#" } } }, { properties: { c: { $ref: "node.json" } } }],
        },
      },
    },
    ["c"],
    true,
  ],
  ["any JSON value (arrays and objects of itself)", at({ json }, "json"), [0, "k"], false],
  ["a linked list", { type: "object", properties: { v: { $ref: "#" } } }, ["v"], false],
  [
    "a binary tree",
    at({ t: { properties: { left: { $ref: "#/$defs/t" }, right: { $ref: "#/$defs/t" } } } }, "t"),
    ["left", "right"],
    false,
  ],
  [
    "a discriminated union where one branch recurses",
    at(
      {
        n: {
          oneOf: [
            { properties: { kind: { const: "dir" }, children: { items: { $ref: "#/$defs/n" } } } },
            { properties: { kind: { const: "file" }, size: { type: "integer" } } },
          ],
        },
      },
      "n",
    ),
    ["children", 0],
    false,
  ],
  [
    "additionalProperties beside a declared recursive property",
    at({ n: { properties: { meta: { $ref: "#/$defs/n" } }, additionalProperties: { $ref: "#/$defs/n" } } }, "n"),
    ["meta"],
    false,
  ],
  [
    "a tuple whose positions recurse",
    at({ n: { type: "array", prefixItems: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }] } }, "n"),
    [1],
    false,
  ],
  ["an $anchor reference", at({ n: { $anchor: "node", properties: { c: { $ref: "#node" } } } }, "n"), ["c"], false],
];

describe("superLinearValidation", () => {
  const applicationCounter = applicationCounters();

  it.each(CASES)("%s: flagged %#", (_name, schema, word, flagged) => {
    const why = superLinearValidation(schema);
    expect(why !== undefined).toBe(flagged);
    // ajv's work on values 4 and 16 levels deep: 4 times the size, and super-linear work
    // exactly for the flagged schemas.
    const count = applicationCounter(schema);
    const small = count({ v: chain(word, 4) });
    const large = count({ v: chain(word, 16) });
    if (flagged) expect(large / small).toBeGreaterThan(8);
    else expect(large / small).toBeLessThan(4.5);
  });

  it("names the subschemas that multiply", () => {
    expect(superLinearValidation(CASES[0]![1])).toMatch(/"#\/\$defs\/node\/oneOf\/[01]\/properties\/children"/);
  });

  it("flags a reference cycle that never descends, and references it cannot follow", () => {
    expect(superLinearValidation({ type: "object", allOf: [{ $ref: "#" }] })).toMatch(/reference cycle/);
    expect(superLinearValidation({ properties: { a: { $ref: "https://example.com/x.json" } } })).toMatch(
      /names no subschema/,
    );
    // A cycle in a definition nothing uses is never compiled.
    expect(superLinearValidation({ type: "object", $defs: { loop: { $ref: "#/$defs/loop" } } })).toBeUndefined();
  });

  it("flags backtracking patterns, and every pattern under an engine it does not know", () => {
    const backreference = { type: "object", properties: { a: { type: "string", pattern: "^(a+)\\1$" } } };
    expect(superLinearValidation(backreference)).toMatch(/backtracking RegExp/);
    const plain = { type: "object", properties: { a: { type: "string", pattern: "^[a-z]+$" } } };
    expect(superLinearValidation(plain)).toBeUndefined();
    expect(superLinearValidation(plain, { unknownPatternEngine: true })).toMatch(/compileSchema/);
  });

  it("treats a schema it cannot analyse as flagged", () => {
    const hostile = { type: "object", properties: {} as Record<string, unknown> };
    Object.defineProperty(hostile.properties, "a", {
      enumerable: true,
      get() {
        throw new Error("unreadable");
      },
    });
    expect(superLinearValidation(hostile)).toMatch(/could not be analysed/);
  });

  it("treats a schema too large to analyse as flagged", () => {
    let deep: object = { type: "string" };
    for (let i = 0; i < 1_000; i++) deep = { items: deep };
    expect(superLinearValidation(deep)).toMatch(/nests subschemas too deeply/);
    const properties = Object.fromEntries(Array.from({ length: 25_000 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(superLinearValidation({ type: "object", properties })).toMatch(/more than 20000 subschemas/);
  });

  it("flags no schema of 20 real servers' tool lists", () => {
    const dir = new URL("../fixtures/real-tools/", import.meta.url);
    const flagged: string[] = [];
    let schemas = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const { tools } = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as {
        tools: Array<{ name: string; inputSchema: object; outputSchema?: object }>;
      };
      for (const tool of tools)
        for (const schema of [tool.inputSchema, tool.outputSchema]) {
          if (schema === undefined) continue;
          schemas++;
          const why = superLinearValidation(schema);
          if (why !== undefined) flagged.push(`${file} ${tool.name}: ${why}`);
        }
    }
    expect(schemas).toBeGreaterThan(250);
    expect(flagged).toEqual([]);
  });

  it("never leaves unflagged a random recursive schema whose validation work outgrows the value", () => {
    const defs = ["d0", "d1", "d2"];
    const ref = fc.constantFrom(...defs).map((d) => ({ $ref: `#/$defs/${d}` }));
    const { schema } = fc.letrec<{ schema: object }>((tie) => ({
      schema: fc.oneof(
        { depthSize: "small" },
        ref,
        ref,
        fc.constantFrom({ type: "object" }, { type: "array" }, {}, { type: "string" }),
        fc.record({ properties: fc.dictionary(fc.constantFrom("a", "b", "c"), tie("schema"), { maxKeys: 2 }) }),
        fc.record({ items: tie("schema") }),
        fc.record({ prefixItems: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
        fc.record({ additionalProperties: tie("schema") }),
        fc.record({ properties: fc.record({ a: tie("schema") }), additionalProperties: tie("schema") }),
        fc.record({ patternProperties: fc.record({ "^b": tie("schema") }) }),
        fc.record({ contains: tie("schema") }),
        fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
        fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
        fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
        fc.record({ if: tie("schema"), then: tie("schema") }),
        fc.record({ not: tie("schema") }),
      ),
    }));
    const root = fc.record({ d0: schema, d1: schema, d2: schema }).map(($defs) => ({ $ref: "#/$defs/d0", $defs }));
    const word = fc.array(fc.constantFrom<Step>("a", "b", "c", 0, 1), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(root, fc.array(word, { minLength: 2, maxLength: 4 }), (schema, words) => {
        if (superLinearValidation(schema) !== undefined) return;
        let count: (data: unknown) => number;
        try {
          count = applicationCounter(schema);
          count({});
        } catch {
          return; // a schema ajv refuses
        }
        for (const w of words) {
          // Three times the depth: linear work is at most three times as much (plus a constant).
          expect(count(chain(w, 12)), JSON.stringify(w)).toBeLessThanOrEqual(3.2 * count(chain(w, 4)) + 10);
        }
      }),
      { seed: 26, numRuns: 300 },
    );
  });
});
