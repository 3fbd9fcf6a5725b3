// Property tests of the diff (fast-check, fixed seed): a schema against itself has no
// changes; one mutation is classified by the rule that made it; the diff is deterministic;
// read in the other direction and the other way round, a symmetric change keeps its impact.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareSchemas } from "../../src/diff/compare-schema.js";
import { diffToolSets } from "../../src/diff/compare-tools.js";
import { RULES } from "../../src/contract-rules/rules.js";
import { SCHEMA_RULES, type SchemaChangeKind } from "../../src/diff/schema-rules.js";
import type { JsonSchema, JsonValue, ToolSpec } from "../../src/ir/types.js";

const SEED = 29;
const RUNS = 150;

type Schema = { [key: string]: JsonValue };

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.record(
    { type: fc.constant("string"), maxLength: fc.integer({ min: 2, max: 50 }), description: fc.constantFrom("a", "b") },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constant("number"), maximum: fc.integer({ min: 1, max: 99 }) }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: 0, max: 9 }) }, { requiredKeys: ["type"] }),
  fc.constant(null).map(() => ({ type: "boolean" })),
  fc
    .uniqueArray(fc.constantFrom("red", "green", "blue", "gray"), { minLength: 2, maxLength: 4 })
    .map((values) => ({ type: "string", enum: values })),
);

const objectSchema = (depth: number): fc.Arbitrary<Schema> =>
  fc
    .uniqueArray(fc.constantFrom("alpha", "beta", "gamma", "delta", "eps"), { minLength: 1, maxLength: 4 })
    .chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.array(depth > 0 ? fc.oneof(leaf, leaf, objectSchema(depth - 1), arrayOf(depth - 1)) : leaf, {
          minLength: names.length,
          maxLength: names.length,
        }),
        fc.subarray(names),
        fc.boolean(),
      ),
    )
    .map(([names, schemas, required, closed]) => ({
      type: "object",
      properties: Object.fromEntries(names.map((n, i) => [n, schemas[i]!])),
      ...(required.length ? { required } : {}),
      ...(closed ? { additionalProperties: false } : {}),
    }));

const arrayOf = (depth: number): fc.Arbitrary<Schema> =>
  fc.oneof(leaf, objectSchema(depth)).map((items) => ({ type: "array", items }));

const rootSchema = objectSchema(2);

/** One mutation of a root object schema, and the kind of change it is; undefined when it does not apply. */
type Mutation = (s: Schema) => { schema: Schema; kind: SchemaChangeKind } | undefined;

const props = (s: Schema) => s.properties as { [k: string]: Schema };
const required = (s: Schema) => (s.required as string[] | undefined) ?? [];
const clone = (s: Schema): Schema => structuredClone(s);

const MUTATIONS: Record<string, Mutation> = {
  "add a required property": (s) => {
    const out = clone(s);
    props(out).zeta = { type: "string" };
    out.required = [...required(out), "zeta"];
    return { schema: out, kind: "required-added" };
  },
  "add an optional property": (s) => {
    const out = clone(s);
    props(out).zeta = { type: "string" };
    return { schema: out, kind: "optional-added" };
  },
  "remove a property": (s) => {
    const name = Object.keys(props(s))[0]!;
    const out = clone(s);
    delete props(out)[name];
    const r = required(out).filter((x) => x !== name);
    if (r.length) out.required = r;
    else delete out.required;
    return { schema: out, kind: "property-removed" };
  },
  "make a property required": (s) => {
    const name = Object.keys(props(s)).find((n) => !required(s).includes(n));
    if (!name) return undefined;
    const out = clone(s);
    out.required = [...required(s), name];
    return { schema: out, kind: "made-required" };
  },
  "make a property optional": (s) => {
    const name = required(s)[0];
    if (!name) return undefined;
    const out = clone(s);
    const r = required(s).slice(1);
    if (r.length) out.required = r;
    else delete out.required;
    return { schema: out, kind: "made-optional" };
  },
  "lower a maxLength": (s) => {
    const name = Object.keys(props(s)).find((n) => typeof props(s)[n]!.maxLength === "number");
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.maxLength = (props(s)[name]!.maxLength as number) - 1;
    return { schema: out, kind: "constraint-tightened" };
  },
  "raise a maximum": (s) => {
    const name = Object.keys(props(s)).find((n) => typeof props(s)[n]!.maximum === "number");
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.maximum = (props(s)[name]!.maximum as number) + 10;
    return { schema: out, kind: "constraint-loosened" };
  },
  "number to integer": (s) => {
    const name = Object.keys(props(s)).find((n) => props(s)[n]!.type === "number");
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.type = "integer";
    return { schema: out, kind: "type-narrowed" };
  },
  "integer to number": (s) => {
    const name = Object.keys(props(s)).find((n) => props(s)[n]!.type === "integer");
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.type = "number";
    return { schema: out, kind: "type-widened" };
  },
  "boolean to string": (s) => {
    const name = Object.keys(props(s)).find((n) => props(s)[n]!.type === "boolean");
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.type = "string";
    return { schema: out, kind: "type-changed" };
  },
  "remove an enum value": (s) => {
    const name = Object.keys(props(s)).find((n) => Array.isArray(props(s)[n]!.enum));
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.enum = (props(s)[name]!.enum as string[]).slice(1);
    return { schema: out, kind: "enum-value-removed" };
  },
  "add an enum value": (s) => {
    const name = Object.keys(props(s)).find((n) => Array.isArray(props(s)[n]!.enum));
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.enum = [...(props(s)[name]!.enum as string[]), "violet"];
    return { schema: out, kind: "enum-value-added" };
  },
  "forbid additional properties": (s) => {
    if (s.additionalProperties === false) return undefined;
    return { schema: { ...clone(s), additionalProperties: false }, kind: "additional-forbidden" };
  },
  "change a description": (s) => {
    const name = Object.keys(props(s)).find((n) => props(s)[n]!.description !== undefined);
    if (!name) return undefined;
    const out = clone(s);
    props(out)[name]!.description = `${props(s)[name]!.description} (more)`;
    return { schema: out, kind: "doc-changed" };
  },
};

/** Kinds whose inverse (the change the other way round) has the same impact read in the other direction. */
const SYMMETRIC = new Set<SchemaChangeKind>([
  "made-required",
  "made-optional",
  "constraint-tightened",
  "constraint-loosened",
  "type-narrowed",
  "type-widened",
  "enum-value-removed",
  "enum-value-added",
  "doc-changed",
]);

const tool = (inputSchema: Schema, outputSchema?: Schema): ToolSpec =>
  ({
    name: "m.t",
    module: "m",
    description: "",
    inputSchema: inputSchema as JsonSchema,
    ...(outputSchema ? { outputSchema: outputSchema as JsonSchema } : {}),
    errors: [],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    examples: [],
    security: [],
    format: "json",
    locations: { tool: { file: "t.json", line: 1, column: 1 } },
    contentHash: "",
  }) as ToolSpec;

const mutated = fc
  .tuple(rootSchema, fc.constantFrom(...Object.keys(MUTATIONS)))
  .map(([schema, name]) => ({ schema, name, result: MUTATIONS[name]!(schema) }))
  .filter((m) => m.result !== undefined);

describe("diff properties", () => {
  it("diff(x, x) is empty", () => {
    fc.assert(
      fc.property(rootSchema, rootSchema, (a, b) => {
        expect(diffToolSets([tool(a, b)], [tool(structuredClone(a), structuredClone(b))]).changes).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a single mutation is classified by the rule that made it, in both directions", () => {
    fc.assert(
      fc.property(mutated, ({ schema, result }) => {
        for (const direction of ["input", "output"] as const) {
          const kinds = compareSchemas(schema, result!.schema, direction).map((c) => c.kind);
          expect(kinds).toEqual([result!.kind]);
          const codes = diffToolSets([tool(schema)], [tool(result!.schema)]).changes.map((c) => c.code);
          if (direction === "input") expect(codes).toEqual([SCHEMA_RULES[result!.kind].input]);
        }
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
  });

  it("is deterministic, whatever the order of the tools", () => {
    fc.assert(
      fc.property(fc.array(mutated, { minLength: 2, maxLength: 5 }), (pairs) => {
        const base = pairs.map((p, i) => ({ ...tool(p.schema, p.schema), name: `m.t${i}` }));
        const head = pairs.map((p, i) => ({ ...tool(p.result!.schema, p.result!.schema), name: `m.t${i}` }));
        const once = JSON.stringify(diffToolSets(base, head));
        expect(JSON.stringify(diffToolSets(base, head))).toBe(once);
        expect(JSON.stringify(diffToolSets([...base].reverse(), [...head].reverse()))).toBe(once);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it("a symmetric change read as an input one way has the impact it has read as an output the other way", () => {
    fc.assert(
      fc.property(
        mutated.filter((m) => SYMMETRIC.has(m.result!.kind)),
        ({ schema, result }) => {
          const forward = compareSchemas(schema, result!.schema, "input").map(
            (c) => RULES[SCHEMA_RULES[c.kind].input].impact,
          );
          const backward = compareSchemas(result!.schema, schema, "output").map(
            (c) => RULES[SCHEMA_RULES[c.kind].output].impact,
          );
          expect(backward).toEqual(forward);
          // And the change read the other way in the same direction has the inverse impact.
          const inverse = compareSchemas(result!.schema, schema, "input").map(
            (c) => RULES[SCHEMA_RULES[c.kind].input].impact,
          );
          if (forward[0] === "major") expect(inverse).toEqual(["minor"]);
          if (forward[0] === "minor") expect(inverse).toEqual(["major"]);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
