import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { toStrictSchema } from "../../src/vendors/openai-strict.js";
import { toAnthropicStrictSchema } from "../../src/vendors/anthropic-strict.js";
import { toGeminiSchema } from "../../src/vendors/gemini-schema.js";
import type { JsonSchema } from "../../src/ir/types.js";
import { toStrictSchema as legacyOpenAI } from "../fixtures/vendor-legacy/openai-strict.js";
import { toAnthropicStrictSchema as legacyAnthropic } from "../fixtures/vendor-legacy/anthropic-strict.js";
import { toGeminiSchema as legacyGemini } from "../fixtures/vendor-legacy/gemini-schema.js";
import { inputSchema } from "./random-schemas.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadSpecs } from "../../src/parse/index.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { REPO } from "../helpers/project.js";

// The converters rebuilt on the shared kit against copies of them as they were: on random
// input schemas, each returns the same value (keys in the same order) or throws the same.
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20270127;
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

type Outcome = { value: unknown } | { thrown: string };

function run(convert: (schema: JsonSchema) => unknown, schema: JsonSchema): Outcome {
  try {
    return { value: convert(schema) };
  } catch (error) {
    return { thrown: String(error) };
  }
}

const pairs: Array<[string, (s: JsonSchema) => unknown, (s: JsonSchema) => unknown]> = [
  ["openai", toStrictSchema, legacyOpenAI],
  // Anthropic's refusals now name the keyword at fault, as OpenAI's do; nothing else changed.
  [
    "anthropic",
    (schema) => {
      const { keyword: _k, ...rest } = toAnthropicStrictSchema(schema) as { keyword?: string };
      return rest;
    },
    legacyAnthropic,
  ],
  ["gemini", toGeminiSchema, legacyGemini],
];

describe("vendor converters on the kit, against the converters as they were", () => {
  it.each(pairs)(`%s: same output on random schemas (seed ${SEED}, ${RUNS} runs)`, (_vendor, now, before) => {
    const outcomes = new Map<string, number>();
    fc.assert(
      fc.property(inputSchema, (schema) => {
        const copy = structuredClone(schema);
        const got = run(now, schema);
        expect(schema).toEqual(copy);
        const want = run(before, schema);
        expect(exactJson(got)).toBe(exactJson(want));
        const kind = summary(want);
        outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The schemas reach many different outcomes, not one refusal over and over.
    expect(outcomes.size).toBeGreaterThan(10);
    if (process.env.FUZZ_VERBOSE)
      console.log(
        [...outcomes]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${n}\t${k}`)
          .join("\n"),
      );
  });
});

/** JSON text of a value, keys in order, with properties set to `undefined` shown rather than left out. */
function exactJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v === undefined ? "<undefined>" : v));
}

/** What kind of result an outcome is: strict, the refusal's reason without its values, or the loss messages. */
function summary(outcome: Outcome): string {
  if ("thrown" in outcome) return `thrown: ${outcome.thrown}`;
  const value = outcome.value as { strict?: boolean; reason?: string; issues?: Array<{ message: string }> };
  if (value.issues)
    return `issues: ${[...new Set(value.issues.map((i) => i.message.replace(/".*"/g, "…")))].sort().join(" | ")}`;
  return value.strict ? "strict" : `refused: ${value.reason?.replace(/\(at #.*\)$/, "").replace(/".*"/g, "…")}`;
}

/** Input schemas of the recorded real servers, the corpus beside the repository and the repository's own specs. */
function knownSchemas(): JsonSchema[] {
  const dir = path.join(REPO, "test/fixtures/real-tools");
  const real = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap(
      (f) =>
        (JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { tools: Array<{ inputSchema: JsonSchema }> }).tools,
    )
    .map((t) => t.inputSchema);
  const inputs = ["../shared/corpus", "specs", "examples", "test/fixtures/golden"].map((p) => path.resolve(REPO, p));
  const specs = loadSpecs(inputs, new DiagnosticBag(), { cwd: REPO }).tools.map((t) => t.inputSchema);
  return [...real, ...specs, ...doubling(6), ...doubling(16)];
}

/** Definitions each referring twice to the next (with a description): inlined, they double at each step. */
function doubling(levels: number): JsonSchema[] {
  const defs: Record<string, JsonSchema> = {};
  for (let i = 0; i < levels; i++) {
    const next: JsonSchema = i + 1 < levels ? { $ref: `#/$defs/D${i + 1}`, description: `d${i}` } : { type: "string" };
    defs[`D${i}`] = { type: "object", properties: { a: next, b: next }, required: ["a"] };
  }
  const root = { type: "object", properties: { top: { $ref: "#/$defs/D0", description: "top" } }, $defs: defs };
  return [root, { ...root, properties: { top: { $ref: "#/$defs/D0" } } }];
}

describe("on known tool lists", () => {
  it.each(pairs)("%s: same output", (_vendor, now, before) => {
    const schemas = knownSchemas();
    expect(schemas.length).toBeGreaterThan(500);
    for (const schema of schemas) expect(exactJson(run(now, schema))).toBe(exactJson(run(before, schema)));
  });
});
