import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { mapSchema, SCHEMA_LIST, SCHEMA_MAPS, SCHEMA_ONE, someSubschema, walkSchema } from "../../src/schema/walk.js";
import { schemaDialect } from "../../src/schema/ajv.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

// Schema-like values: subschema keywords (maps, single schemas, lists, and `items` as
// either) mixed with other keys, booleans in subschema places, and own `__proto__` keys.
const KEYS = ["properties", "$defs", "items", "prefixItems", "anyOf", "not", "if", "type", "title", "__proto__"];
const schemaLike = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>(true, false, null, 1, "x"),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4 }).map(
      // Through JSON.parse, as specs arrive: `__proto__` is then an own key.
      (o) => JSON.parse(JSON.stringify(o)) as JsonValue,
    ),
  ),
})).value;

/** Every subschema walkSchema visits. */
function visited(schema: JsonValue): object[] {
  const out: object[] = [];
  walkSchema(schema, (sub) => {
    out.push(sub);
  });
  return out;
}

describe("someSubschema", () => {
  it("tests exactly the subschemas walkSchema visits", () => {
    fc.assert(
      fc.property(schemaLike, (schema) => {
        const seen: object[] = [];
        expect(
          someSubschema(schema, (sub) => {
            seen.push(sub);
            return false;
          }),
        ).toBe(false);
        expect(new Set(seen)).toEqual(new Set(visited(schema)));
        expect(seen.length).toBe(visited(schema).length);
      }),
      { seed: 20261127, numRuns: RUNS },
    );
  });

  it("finds a draft-07 tuple (an array `items`) anywhere, as the dialect decision needs", () => {
    fc.assert(
      fc.property(schemaLike, (schema) => {
        const any = visited(schema).some((sub) => Array.isArray((sub as { items?: unknown }).items));
        expect(someSubschema(schema, (sub) => Array.isArray(sub.items))).toBe(any);
        if (schema !== null && typeof schema === "object" && !Array.isArray(schema) && !("$schema" in schema))
          expect(schemaDialect(schema).dialect).toBe(any ? "draft7" : "2020");
      }),
      { seed: 20261127, numRuns: RUNS },
    );
  });

  it("looks below a property named __proto__ (an own key, as JSON.parse makes it)", () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"items":[{"type":"string"}]}}}') as JsonValue;
    expect(someSubschema(schema, (sub) => Array.isArray(sub.items))).toBe(true);
    expect(visited(schema)).toHaveLength(3);
  });

  it("stops at the first subschema that passes", () => {
    const schema = { anyOf: [{ title: "a" }, { title: "b" }], properties: { x: { title: "c" } } };
    const seen: unknown[] = [];
    expect(
      someSubschema(schema, (sub) => {
        seen.push(sub.title);
        return sub.title === "c";
      }),
    ).toBe(true);
    expect(seen).toEqual([undefined, "c"]);
  });
});

describe("someSubschema's cost", () => {
  /** The schema with every object in it behind a proxy that counts the properties read. */
  function counted(value: JsonValue, reads: { n: number }): JsonValue {
    if (value === null || typeof value !== "object") return value;
    const inner = Array.isArray(value)
      ? value.map((v) => counted(v, reads))
      : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, counted(v, reads)]));
    if (Array.isArray(inner)) return inner;
    return new Proxy(inner, {
      get(target, key, receiver) {
        reads.n++;
        return Reflect.get(target, key, receiver);
      },
    });
  }

  // A property per node, each a plain `{ "type": "string" }`: nothing below it to visit.
  const wide = (n: number): JsonValue => ({
    type: "object",
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }])),
  });

  it("reads a node's keyword values only, not every keyword it might have", () => {
    // It runs several times per schema on every build (the dialect check): a node without
    // subschemas should cost no reads at all, not one per known keyword.
    const reads = { n: 0 };
    expect(someSubschema(counted(wide(100), reads), () => false)).toBe(false);
    // The root's `properties`, and each of the 100 members once (by name).
    expect(reads.n).toBeLessThanOrEqual(1 + 100);
  });

  it("walkSchema and mapSchema read no keyword of a leaf: a few reads per node, not one per known keyword", () => {
    // Every build walks each schema several times (checks, vendors, types): a node without
    // subschema keywords should cost no reads of keywords it does not have.
    const walkReads = { n: 0 };
    walkSchema(counted(wide(100), walkReads), () => {});
    const mapReads = { n: 0 };
    mapSchema(counted(wide(100), mapReads) as JsonSchema, (s) => s);
    // The root reads each keyword once (two dozen); each member is read once by name (and its
    // one key once, by the copy mapSchema makes).
    expect(walkReads.n).toBeLessThanOrEqual(30 + 100);
    expect(mapReads.n).toBeLessThanOrEqual(30 + 2 * 100);
  });
});

// The walk as the keyword lists define it, one keyword at a time: what walkSchema and
// mapSchema must do, however they skip work.
const MAPS = SCHEMA_MAPS;
const ONE = SCHEMA_ONE;
const LIST = SCHEMA_LIST;
const isObj = (v: unknown): v is { [k: string]: JsonValue } => !!v && typeof v === "object" && !Array.isArray(v);

function referenceVisits(schema: JsonValue, path: Array<string | number> = [], out: Array<[object, string]> = []) {
  if (!isObj(schema)) return out;
  out.push([schema, JSON.stringify(path)]);
  for (const k of MAPS) {
    const m = schema[k];
    if (isObj(m)) for (const [name, sub] of Object.entries(m)) referenceVisits(sub, [...path, k, name], out);
  }
  for (const k of ONE) referenceVisits(schema[k] as JsonValue, [...path, k], out);
  for (const k of LIST) {
    const l = schema[k];
    if (Array.isArray(l)) l.forEach((sub, i) => referenceVisits(sub, [...path, k, i], out));
  }
  return out;
}

function referenceMap(schema: JsonValue, path: Array<string | number> = []): JsonValue {
  const out: { [k: string]: JsonValue } = { ...(schema as object) };
  for (const k of MAPS) {
    const m = out[k];
    if (isObj(m))
      out[k] = Object.fromEntries(
        Object.entries(m).map(([name, sub]) => [name, isObj(sub) ? referenceMap(sub, [...path, k, name]) : sub]),
      );
  }
  for (const k of ONE) if (isObj(out[k])) out[k] = referenceMap(out[k], [...path, k]);
  for (const k of LIST) {
    const l = out[k];
    if (Array.isArray(l)) out[k] = l.map((sub, i) => (isObj(sub) ? referenceMap(sub, [...path, k, i]) : sub));
  }
  return { ...out, at: JSON.stringify(path) };
}

describe("walkSchema and mapSchema against the keyword-by-keyword walk", () => {
  it("visit the same subschemas, at the same paths, in the same order", () => {
    fc.assert(
      fc.property(schemaLike, (schema) => {
        const seen: Array<[object, string]> = [];
        walkSchema(schema, (sub, path) => {
          seen.push([sub, JSON.stringify(path)]);
        });
        const want = referenceVisits(schema);
        expect(seen.length).toBe(want.length);
        seen.forEach(([sub, path], i) => {
          expect(sub).toBe(want[i]![0]);
          expect(path).toBe(want[i]![1]);
        });
      }),
      { seed: 20261128, numRuns: RUNS },
    );
  });

  it("map to the same result, own `__proto__` members kept as members", () => {
    fc.assert(
      fc.property(schemaLike, (schema) => {
        if (!isObj(schema)) return;
        const mapped = mapSchema(schema, (s, path) => ({ ...s, at: JSON.stringify(path) }));
        expect(JSON.stringify(mapped)).toBe(JSON.stringify(referenceMap(schema)));
      }),
      { seed: 20261128, numRuns: RUNS },
    );
  });
});
