import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pointerTokens } from "../../packages/runtime/src/index.js";
import type { JsonSchema, JsonValue } from "../../src/ir/types.js";
import { walkSchema } from "../../src/schema/walk.js";
import { toAnthropicStrictSchema } from "../../src/vendors/anthropic-strict.js";
import { toGeminiSchema } from "../../src/vendors/gemini-schema.js";
import { toStrictSchema } from "../../src/vendors/openai-strict.js";
import type { SchemaFinding } from "../../src/vendors/transform/findings.js";
import { inputSchema } from "./random-schemas.js";

// What holds for every vendor conversion of any input schema: it neither throws nor
// mutates its input, gives the same result each time, and each refusal or loss it reports
// points at a place that exists in the input schema (where the diagnostic is shown).
//
// CI runs a fixed seed; FUZZ_SEED / FUZZ_RUNS run others.
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20270127;
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

type Converted = {
  strict?: boolean;
  schema: JsonSchema;
  reason?: string;
  issues?: SchemaFinding[];
} & Partial<SchemaFinding>;

const converters: Array<[string, (schema: JsonSchema) => Converted]> = [
  ["openai", toStrictSchema],
  ["anthropic", toAnthropicStrictSchema],
  ["gemini", toGeminiSchema],
];

/** Whether `pointer` designates a value inside `root`. */
function exists(root: JsonValue, pointer: string): boolean {
  let value: JsonValue | undefined = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, token)) return false;
    value = (value as Record<string, JsonValue>)[token];
  }
  return true;
}

/** The findings of a result: its refusal, or its losses. */
function findingsOf(result: Converted): SchemaFinding[] {
  if (result.issues) return result.issues;
  if (result.strict !== false) return [];
  return [
    { pointer: result.pointer!, message: result.reason!, ...(result.keyword ? { keyword: result.keyword } : {}) },
  ];
}

/** Every object and array reachable from `value`. */
function containers(value: unknown, into = new Set<object>()): Set<object> {
  if (value === null || typeof value !== "object" || into.has(value)) return into;
  into.add(value);
  for (const v of Object.values(value)) containers(v, into);
  return into;
}

describe("vendor conversions of random input schemas", () => {
  it.each(converters)(`%s: the result shares no object or array with the input (seed ${SEED})`, (_v, convert) => {
    // What a generator keeps is frozen (generate --watch): a part shared with the IR would freeze the IR.
    fc.assert(
      fc.property(inputSchema, (schema) => {
        const input = containers(schema);
        for (const part of containers(convert(schema).schema)) expect(input.has(part)).toBe(false);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it.each(converters)(
    `%s: pure, and every finding points into the input (seed ${SEED}, ${RUNS} runs)`,
    (_v, convert) => {
      fc.assert(
        fc.property(inputSchema, (schema) => {
          const copy = structuredClone(schema);
          const result = convert(schema);
          expect(schema).toEqual(copy);
          expect(JSON.stringify(convert(schema))).toBe(JSON.stringify(result));
          for (const finding of findingsOf(result)) {
            expect(exists(schema, finding.pointer), `${finding.pointer}: ${finding.message}`).toBe(true);
          }
          if (result.strict === false) expect(result.reason!.endsWith(`(at #${result.pointer})`)).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
  );

  it("OpenAI's strict form closes every object and requires all its properties", () => {
    let strict = 0;
    fc.assert(
      fc.property(inputSchema, (schema) => {
        const result = toStrictSchema(schema);
        if (!result.strict) return;
        strict++;
        walkSchema(result.schema, (node) => {
          if (node.type !== "object") return;
          expect(node.additionalProperties).toBe(false);
          expect(node.required).toEqual(Object.keys(node.properties as object));
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(strict).toBeGreaterThan(RUNS / 20);
  });

  it("Gemini's form has no keyword outside its subset", () => {
    const outside = ["$ref", "$defs", "definitions", "oneOf", "allOf", "not", "if", "patternProperties", "prefixItems"];
    fc.assert(
      fc.property(inputSchema, (schema) => {
        walkSchema(toGeminiSchema(schema).schema, (node) => {
          for (const keyword of outside) expect(node).not.toHaveProperty([keyword]);
          if (Object.hasOwn(node, "additionalProperties")) expect(node.additionalProperties).toBe(false);
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
