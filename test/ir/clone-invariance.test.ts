import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import { runGenerators } from "../../src/build/run-generators.js";
import { runOrder } from "../../src/build/requirements.js";
import type { SpecSet, ToolSpec } from "../../src/ir/types.js";
import { lintTools } from "../../src/lint/index.js";
import { loadSpecs } from "../../src/inputs/load-specs-sync.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { checkSpecs } from "../../src/inputs/read-specs.js";
import { validateTools } from "../../src/validate/index.js";
import { REPO } from "../helpers/project.js";
import { CODOMYRMEX, hasCorpus } from "../helpers/corpus.js";
import { fileText } from "../../src/generator-kit/contract.js";

// The IR is plain data: everything a check or a generator needs is in it, nothing is kept
// beside it by object identity. So a copy of the parsed tools — structuredClone, or a JSON
// round trip (a cache, a worker thread) — must give the same diagnostics and the same files.

const CORPUS = CODOMYRMEX;
const GOLDEN = path.join(REPO, "test/fixtures/golden");

interface InputSet {
  name: string;
  cwd: string;
  inputs: string[];
  /** The copies the stages run on (default: every one of COPIES). */
  copies?: string[];
}

const SETS: InputSet[] = [
  { name: "specs/", cwd: REPO, inputs: ["specs"] },
  { name: "examples/everything", cwd: path.join(REPO, "examples/everything"), inputs: ["specs"] },
  ...readdirSync(GOLDEN)
    .sort()
    .map((dir) => ({ name: `golden ${dir}`, cwd: path.join(GOLDEN, dir), inputs: ["specs"] })),
  ...(hasCorpus("test/ir/clone-invariance.test.ts", "the corpus input set")
    ? [
        {
          name: "corpus (codomyrmex)",
          cwd: path.dirname(CORPUS),
          inputs: ["codomyrmex"],
          // The large set runs on the JSON copy alone. Once "is plain JSON data" holds, that
          // copy loses everything structuredClone loses (object identity, prototypes) and
          // more (undefined members, shared references), so it fails wherever the other would.
          copies: ["JSON.parse(JSON.stringify(tools))"],
        },
      ]
    : []),
];

const COPIES: Record<string, (tools: ToolSpec[]) => ToolSpec[]> = {
  "structuredClone(tools)": (tools) => structuredClone(tools),
  "JSON.parse(JSON.stringify(tools))": (tools) => JSON.parse(JSON.stringify(tools)) as ToolSpec[],
};

/** What the stages after parsing make of some tools: every diagnostic, and every generated file. */
async function afterParsing(config: ResolvedConfig, specs: SpecSet, parseDiagnostics: readonly string[]) {
  const diagnostics = new DiagnosticBag();
  const { tools, names } = await checkSpecs(config, specs, diagnostics);
  lintTools(tools, diagnostics);
  const files = diagnostics.hasErrors
    ? undefined
    : await runGenerators(runOrder(config), { tools, names, config, generatorVersion: "0.0.0-test" }, diagnostics, {
        onGenerator: () => {},
        onTiming: () => {},
        location: { file: config.inputs[0]!, line: 1, column: 1 },
      });
  return {
    diagnostics: [...parseDiagnostics, ...diagnostics.sorted().map(formatDiagnostic)],
    files: files?.map((f) => [f.path, fileText(f)]),
  };
}

/** The first place where a value is not plain JSON data (a function, a Map, a class instance, NaN…). */
function notPlainData(value: unknown, at = "tools"): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : at;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const bad = notPlainData(item, `${at}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  }
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return at;
  for (const [key, item] of Object.entries(value)) {
    const bad = notPlainData(item, `${at}.${key}`);
    if (bad) return bad;
  }
  return undefined;
}

describe.each(SETS)("the IR of $name", ({ cwd, inputs, copies = Object.keys(COPIES) }) => {
  // One parse per input set; the stages after it run on the parsed tools and on each copy.
  const config = resolveConfig(cwd, { inputs, outDir: "generated", server: { name: "clone-test", version: "1.0.0" } });
  let parsed: { specs: SpecSet; diagnostics: string[] } | undefined;
  let original: Awaited<ReturnType<typeof afterParsing>> | undefined;
  const parse = () => {
    if (!parsed) {
      const diagnostics = new DiagnosticBag();
      const specs = loadSpecs(config.inputs, diagnostics, { cwd, exclude: [config.outDir], limits: config.limits });
      parsed = { specs, diagnostics: diagnostics.sorted().map(formatDiagnostic) };
    }
    return parsed;
  };
  const onOriginal = async () => (original ??= await afterParsing(config, parse().specs, parse().diagnostics));

  it("is plain JSON data", () => {
    const { tools } = parse().specs;
    expect(tools.length).toBeGreaterThan(0);
    expect(notPlainData(tools)).toBeUndefined();
    expect(JSON.parse(JSON.stringify(tools))).toEqual(tools);
  });

  it.each(copies)("gives the same diagnostics and files on %s", async (copy) => {
    const expected = await onOriginal();
    expect(expected.files?.length, "the set generates files").toBeGreaterThan(0);
    const { specs, diagnostics } = parse();
    const actual = await afterParsing(config, { ...specs, tools: COPIES[copy]!(specs.tools) }, diagnostics);
    expect(actual.diagnostics).toEqual(expected.diagnostics);
    expect(actual.files).toEqual(expected.files);
  });
});

describe("an example that does not match a schema inferred from a table", () => {
  // The reproduction of the bug this test guards against: where the schema came from was
  // kept beside the IR by object identity, so a copy of the tools lost it, and a warning
  // (the table is prose, less exact than the example) became an error.
  const SPEC = [
    "# Notes",
    "",
    "## Tool: `notes.read_note`",
    "",
    "Reads a note.",
    "",
    "### Input Schema",
    "",
    "| Name | Type | Required | Description |",
    "|------|------|----------|-------------|",
    "| path | string | yes | The note's path |",
    "",
    "### Usage Examples",
    "",
    "```json",
    '{"tool_name": "notes.read_note", "arguments": {"path": 5}}',
    "```",
    "",
  ].join("\n");

  const findings = (tools: ToolSpec[]) => {
    const diagnostics = new DiagnosticBag();
    validateTools(tools, diagnostics);
    return diagnostics.items
      .filter((d) => d.code.startsWith("SPEC_EXAMPLE"))
      .map((d) => `${d.severity} ${d.code} ${d.loc.line}:${d.loc.column}`);
  };

  it.each([["as parsed", (tools: ToolSpec[]) => tools], ...Object.entries(COPIES)])("is a warning %s", (_, copy) => {
    const tools = parseMarkdownSpec("specs/notes/MCP_TOOL_SPECIFICATION.md", SPEC, new DiagnosticBag());
    expect(findings(copy(tools))).toEqual(["warning SPEC_EXAMPLE_MISMATCH 16:1"]);
  });
});
