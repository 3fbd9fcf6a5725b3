import { describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline, type PipelineResult } from "../../src/build/pipeline.js";
import { DiagnosticBag, type Diagnostic } from "../../src/diagnostics/types.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import { validateTools } from "../../src/validate/index.js";
import { buildNameTable } from "../../src/naming/table.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { REPO } from "../helpers/project.js";
import { CODOMYRMEX, hasCorpus, NEEDS_CORPUS } from "../helpers/corpus.js";
import { typeCheck } from "../helpers/tsc.js";
import { fileText } from "../../src/generator-kit/contract.js";

// The real-world corpus: 78 MCP_TOOL_SPECIFICATION.md files of docxology/codomyrmex, kept
// beside the repository (CI has shared/ next to the clone; see test/helpers/corpus.ts). The
// expected tools are a hand-checked fixture built by reading every file
// (test/fixtures/corpus-expected/).
const CORPUS = CODOMYRMEX;
const BASE = path.dirname(CORPUS);
const EXPECTED = JSON.parse(readFileSync(path.join(REPO, "test/fixtures/corpus-expected/tools.json"), "utf8")) as {
  tools: Record<string, string[]>;
  planned: Record<string, string[]>;
};
const PARAMS = JSON.parse(readFileSync(path.join(REPO, "test/fixtures/corpus-expected/params.json"), "utf8")) as {
  tools: Array<{ file: string; tool: string; params: Record<string, Expected>; nested?: Record<string, Expected> }>;
};
interface Expected {
  type: string;
  required: boolean;
  default?: unknown;
  /** Absent when the parameter has no enum: a stray enum is a difference too. */
  enum?: unknown[];
}

/** `codomyrmex/<file>` as the pipeline reports it (paths relative to the corpus' parent). */
const rel = (file: string) => `codomyrmex/${file}`;
const bare = (name: string) => name.split(".").pop()!;

/** A schema's type as a short descriptor: `string`, `array<string>|null`, `any`. */
function describeType(s: JsonSchema | undefined): string {
  if (!s) return "missing";
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map(describeType).join("|");
  const one = (t: string) => (t === "array" ? `array<${s.items ? describeType(s.items as JsonSchema) : "any"}>` : t);
  if (Array.isArray(s.type)) return (s.type as string[]).map(one).join("|");
  return typeof s.type === "string" ? one(s.type) : "any";
}

/** The property schema and required flag at a path such as `messages[].role`. */
function lookup(schema: JsonSchema, name: string): { prop?: JsonSchema; required: boolean } {
  let parent: JsonSchema | undefined = schema;
  let prop: JsonSchema | undefined;
  let required = false;
  for (const step of name.replace(/\[\]/g, ".[]").split(".")) {
    if (step === "[]") {
      parent = prop?.items as JsonSchema | undefined;
      prop = undefined;
      continue;
    }
    if (prop) parent = prop;
    prop = (parent?.properties as Record<string, JsonSchema> | undefined)?.[step];
    required = Array.isArray(parent?.required) && (parent!.required as string[]).includes(step);
    if (!prop) break;
  }
  return { prop, required };
}

describe.skipIf(!hasCorpus("test/corpus/corpus.test.ts"))(`real-world corpus (codomyrmex) ${NEEDS_CORPUS}`, () => {
  // One pipeline run over the whole tree parses every file exactly once; the per-file
  // checks below reuse its tools (validation per file is cheap and needs no re-parse).
  let whole: PipelineResult | undefined;
  const run = async (): Promise<PipelineResult> => {
    whole ??= await runPipeline(
      resolveConfig(BASE, {
        inputs: ["codomyrmex"],
        outDir: "generated",
        server: { name: "codomyrmex", version: "1.0.0" },
      }),
    );
    return whole;
  };
  const toolsOf = (r: PipelineResult, file: string) => r.tools.filter((t) => t.locations.tool.file === rel(file));
  const errors = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity === "error").map(formatDiagnostic);

  // The whole tree's run is work in this process that a busy machine stretches several
  // times over (vitest cannot stop it before it ends in any case): a bound well above it.
  it("reads the whole tree with the default settings: no crash, no errors", async () => {
    const r = await run();
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.failed).toBe(false);
  }, 180_000);

  it("finds every tool a person finds by reading each file, and nothing else", async () => {
    const r = await run();
    const files = Object.keys(EXPECTED.tools);
    expect(files).toHaveLength(78);
    let expected = 0;
    let found = 0;
    const problems: string[] = [];
    for (const file of files) {
      const want = EXPECTED.tools[file]!;
      const got = toolsOf(r, file).map((t) => bare(t.name));
      expected += want.length;
      found += want.filter((n) => got.includes(n)).length;
      const missing = want.filter((n) => !got.includes(n));
      const extra = got.filter((n) => !want.includes(n));
      if (missing.length || extra.length)
        problems.push(`${file}: missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}`);
    }
    expect(problems).toEqual([]);
    expect(found / expected).toBeGreaterThanOrEqual(0.98);
  });

  it("every tool takes its module from its folder (a `codomyrmex.` prefix is normalised)", async () => {
    const r = await run();
    for (const t of r.tools) {
      const dir = path.basename(path.dirname(t.locations.tool.file));
      expect(t.module, t.name).toBe(dir === "tests" ? "tests" : dir);
      expect(t.name).toBe(`${t.module}.${bare(t.name)}`);
    }
  });

  it("skips planned tools and template stubs with an info, and says so for files without tools", async () => {
    const r = await run();
    for (const [file, names] of Object.entries(EXPECTED.planned)) {
      const infos = r.diagnostics.filter((d) => d.code === "SPEC_TOOL_PLANNED" && d.loc.file === rel(file));
      expect(infos.map((d) => /"([^"]+)"/.exec(d.message)![1]).sort()).toEqual([...names].sort());
    }
    const template = "src/codomyrmex/module_template/MCP_TOOL_SPECIFICATION.md";
    expect(
      r.diagnostics.some(
        (d) => d.code === "SPEC_TEMPLATE_SKIPPED" && d.loc.file === rel(template) && d.severity === "info",
      ),
    ).toBe(true);
    for (const [file, names] of Object.entries(EXPECTED.tools)) {
      if (names.length || EXPECTED.planned[file]) continue;
      const infos = r.diagnostics.filter((d) => d.loc.file === rel(file));
      expect(infos.length, file).toBeGreaterThan(0);
      expect(
        infos.every((d) => d.severity === "info"),
        file,
      ).toBe(true);
    }
  });

  it("each file alone passes the checks of a run over just that file (validation and names, default naming)", async () => {
    const r = await run();
    const problems: string[] = [];
    for (const file of Object.keys(EXPECTED.tools)) {
      const bag = new DiagnosticBag();
      const tools = toolsOf(r, file);
      validateTools(tools, bag);
      buildNameTable(tools, "tool", 64, bag);
      problems.push(...errors(bag.items));
    }
    expect(problems).toEqual([]);
  });

  it("reads parameter names, types, required flags and defaults as the hand-checked sample says", async () => {
    const r = await run();
    let checked = 0;
    const problems: string[] = [];
    for (const sample of PARAMS.tools) {
      const tool = toolsOf(r, sample.file).find((t: ToolSpec) => bare(t.name) === sample.tool);
      if (!tool) {
        problems.push(`${sample.tool}: not found`);
        continue;
      }
      const props = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
      expect(Object.keys(props), sample.tool).toEqual(Object.keys(sample.params));
      for (const [name, want] of Object.entries({ ...sample.params, ...sample.nested })) {
        const { prop, required } = lookup(tool.inputSchema, name);
        const got = {
          type: describeType(prop),
          required,
          ...(prop && "default" in prop ? { default: prop.default } : {}),
          ...(prop && "enum" in prop ? { enum: prop.enum } : {}),
        };
        checked++;
        try {
          expect(got).toEqual(want);
        } catch {
          problems.push(`${sample.tool}.${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(95);
  });

  it("all generated output for the whole tree compiles under tsc --strict", async () => {
    const r = await run();
    const out = path.join(REPO, ".vitest-tmp/corpus");
    rmSync(out, { recursive: true, force: true });
    const ts: string[] = [];
    for (const f of r.files) {
      const file = path.join(out, f.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, fileText(f));
      if (f.path.endsWith(".ts")) ts.push(file);
    }
    expect(ts.length).toBeGreaterThan(10);
    const result = typeCheck(ts);
    expect(result.output).toBe("");
    rmSync(out, { recursive: true, force: true });
  });
});
