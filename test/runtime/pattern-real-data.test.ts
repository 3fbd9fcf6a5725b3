import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { translatePattern } from "../../packages/runtime/src/patterns/translate.js";
import { resolveConfig } from "../../src/config/load.js";
import { readSpecs } from "../../src/inputs/read-specs.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { REPO } from "../helpers/project.js";
import { CORPUS_ROOT, hasCorpus } from "../helpers/corpus.js";

// The patterns of the project's real data — the 20 real servers' tool lists, the specs and
// examples of this repository and the codomyrmex corpus beside it — translated for the
// linear-time engine, with re2js's verdict compared to JavaScript's on the strings each tool
// gives itself (defaults, examples, enum and const values) and on random strings.

const SEED = 26;
const CORPUS = CORPUS_ROOT;
const HAS_CORPUS = hasCorpus("test/runtime/pattern-real-data.test.ts", "the corpus patterns");

interface Found {
  pattern: string;
  /** Every string the tool holds (defaults, examples, enum values…): what it expects to see. */
  own: Set<string>;
  where: string;
}

function collect(found: Map<string, Found>, value: unknown, where: string): void {
  const strings = new Set<string>();
  const patterns: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") strings.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.pattern === "string") patterns.push(o.pattern);
      if (o.patternProperties && typeof o.patternProperties === "object") {
        patterns.push(...Object.keys(o.patternProperties));
        for (const key of Object.keys(o.patternProperties)) strings.add(key);
      }
      for (const [k, x] of Object.entries(o)) {
        strings.add(k);
        walk(x);
      }
    }
  };
  walk(value);
  for (const pattern of patterns) {
    const entry = found.get(pattern) ?? { pattern, own: new Set(), where };
    for (const s of strings) entry.own.add(s);
    found.set(pattern, entry);
  }
}

async function realPatterns(): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  const fixtures = path.join(REPO, "test/fixtures/real-tools");
  for (const file of readdirSync(fixtures).filter((f) => f.endsWith(".json"))) {
    const data = JSON.parse(readFileSync(path.join(fixtures, file), "utf8")) as { tools?: unknown[] } | unknown[];
    const tools = Array.isArray(data) ? data : (data.tools ?? []);
    for (const tool of tools) collect(found, tool, `test/fixtures/real-tools/${file}`);
  }
  for (const [cwd, input] of [
    [REPO, "specs"],
    [REPO, "examples"],
    ...(HAS_CORPUS ? ([[CORPUS, "codomyrmex"]] as const) : []),
  ] as const) {
    const { tools } = await readSpecs(resolveConfig(cwd, { inputs: [input] }), new DiagnosticBag());
    for (const tool of tools) collect(found, tool, tool.locations.tool.file);
  }
  return found;
}

describe("translatePattern on the project's real data", () => {
  it("translates every real pattern, with JavaScript's verdicts on the tools' own strings and random ones", async () => {
    const found = await realPatterns();
    // The 20 real servers, the specs and the corpus hold six distinct patterns today.
    expect(found.size).toBeGreaterThanOrEqual(6);
    const refused = [...found.values()].flatMap((f) => {
      const t = translatePattern(f.pattern);
      return t.ok ? [] : [`${f.where}: ${f.pattern}: ${t.reason}`];
    });
    // Every real pattern runs on the linear-time engine; a refused one would be listed here.
    expect(refused).toEqual([]);
    for (const f of found.values()) {
      const translated = translatePattern(f.pattern);
      if (!translated.ok) continue;
      const js = new RegExp(f.pattern, "u");
      const check = (s: string): void => {
        expect(translated.regexp.test(s), `${JSON.stringify(f.pattern)} on ${JSON.stringify(s)}`).toBe(js.test(s));
      };
      for (const s of f.own) check(s);
      const chars = [...new Set([...f.pattern, ..."aZ09-_.@ \n\u2028\ufeff\u00a0😀é"])];
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (parts) => check(parts.join(""))),
        { seed: SEED, numRuns: 300 },
      );
      // Strings that match: the tools' own matching values, grown and cut at each end.
      for (const s of [...f.own].filter((x) => js.test(x)))
        for (const variant of [`${s}x`, `x${s}`, s.slice(1), s.slice(0, -1), `${s}\n`, s.toUpperCase()]) check(variant);
    }
  });
});
