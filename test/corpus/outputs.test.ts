import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { CODOMYRMEX, hasCorpus, NEEDS_CORPUS } from "../helpers/corpus.js";
import { REPO } from "../helpers/project.js";

// Output fields of real specs that state them in prose, in Returns lists and in example
// results: the share a careful reader lists that the parser reads, measured on a
// hand-labelled sample (test/fixtures/corpus-expected/outputs.json).
const LABELS = JSON.parse(readFileSync(path.join(REPO, "test/fixtures/corpus-expected/outputs.json"), "utf8")) as {
  tools: Array<{ file: string; tool: string; fields: string[]; types?: Record<string, string> }>;
};

/** The schema at a path such as `commits[].sha` or `result.outputs`, if the output schema has it. */
function at(schema: JsonSchema | undefined, field: string): JsonSchema | undefined {
  let s = schema;
  for (const step of field.replace(/\[\]/g, ".[]").split(".")) {
    if (!s) return undefined;
    s =
      step === "[]"
        ? (s.items as JsonSchema | undefined)
        : Object.hasOwn((s.properties ?? {}) as object, step)
          ? ((s.properties as Record<string, JsonSchema>)[step] ?? undefined)
          : undefined;
  }
  return s;
}

function typeOf(s: JsonSchema): string {
  const t = Array.isArray(s.type) ? s.type.join("|") : typeof s.type === "string" ? s.type : "any";
  return t === "array" ? `array<${s.items ? typeOf(s.items as JsonSchema) : "any"}>` : t;
}

describe.skipIf(!hasCorpus("test/corpus/outputs.test.ts"))(`output fields of real specs ${NEEDS_CORPUS}`, () => {
  const byFile = new Map<string, { tools: ToolSpec[]; diagnostics: DiagnosticBag }>();
  const read = (file: string) => {
    let got = byFile.get(file);
    if (!got) {
      const diagnostics = new DiagnosticBag();
      const text = readFileSync(path.join(CODOMYRMEX, file), "utf8");
      got = { tools: parseMarkdownSpec(`codomyrmex/${file}`, text, diagnostics), diagnostics };
      byFile.set(file, got);
    }
    return got;
  };
  const toolOf = (file: string, name: string) => read(file).tools.find((t) => t.name.split(".").pop() === name);

  it("labels at least 15 tools from several files", () => {
    expect(LABELS.tools.length).toBeGreaterThanOrEqual(15);
    expect(new Set(LABELS.tools.map((t) => t.file)).size).toBeGreaterThanOrEqual(8);
  });

  it("reads at least 90% of the labelled output fields, with the labelled types, and no field that is not labelled", () => {
    let labelled = 0;
    let found = 0;
    const missed: string[] = [];
    const extra: string[] = [];
    const wrongTypes: string[] = [];
    for (const label of LABELS.tools) {
      const tool = toolOf(label.file, label.tool);
      expect(tool, label.tool).toBeDefined();
      for (const field of label.fields) {
        labelled++;
        if (at(tool!.outputSchema, field)) found++;
        else missed.push(`${label.tool}.${field}`);
      }
      for (const [field, type] of Object.entries(label.types ?? {})) {
        const s = at(tool!.outputSchema, field);
        if (!s || typeOf(s) !== type)
          wrongTypes.push(`${label.tool}.${field}: ${s ? typeOf(s) : "missing"}, want ${type}`);
      }
      // Top-level fields read that a reader does not list would be made up.
      for (const key of Object.keys(tool!.outputSchema?.properties ?? {}))
        if (!label.fields.includes(key)) extra.push(`${label.tool}.${key}`);
    }
    // REPORT_RECALL=1 prints the measured share, for bench/RESULTS.md.
    if (process.env.REPORT_RECALL)
      console.log(`output field recall ${found}/${labelled}; missed: ${missed.join(", ")}`);
    expect(wrongTypes).toEqual([]);
    expect(extra).toEqual([]);
    expect(found / labelled, `missed: ${missed.join(", ")}`).toBeGreaterThanOrEqual(0.9);
  });

  it("each inferred output schema is an info at the line it is read from, every field optional", () => {
    for (const label of LABELS.tools) {
      const tool = toolOf(label.file, label.tool)!;
      if (!tool.outputSchema?.properties) continue;
      const { diagnostics } = read(label.file);
      const info = diagnostics.items.find(
        (d) => d.code === "SPEC_OUTPUT_INFERRED" && d.loc.line === tool.locations.outputSchema?.line,
      );
      expect(info?.severity, label.tool).toBe("info");
      expect(tool.outputSchema.required, label.tool).toBeUndefined();
      expect(tool.schemaSources?.outputSchema?.provenance, label.tool).toBe("inferred");
    }
  });
});
