import type { UserConfig } from "../../src/config/types.js";
import type { GeneratorName } from "../../src/generator-kit/names.js";
import { resolveConfig } from "../../src/config/load.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { GeneratedFile } from "../../src/generator-kit/contract.js";
import { runOrder } from "../../src/build/requirements.js";
import { runGenerators } from "../../src/build/run-generators.js";
import type { ToolSpec } from "../../src/ir/types.js";
import { withContentHash } from "../../src/ir/content-hash.js";
import { buildNameTable } from "../../src/naming/table.js";
import type { PerToolStore } from "../../src/memo/per-tool-store.js";
import { REPO } from "./project.js";

// In-memory IR for generator unit tests: a test that checks one generator's output builds
// its tools with `makeTool` and runs the generator on them with `generate`, without spec
// files, a temporary directory or the parse and check stages of the pipeline.

/**
 * A tool as the parsers produce it: a JSON-spec tool `demo.echo` of module `demo` with an
 * open object as its input, MCP's default annotations and nothing else, read from
 * specs/tools.json, with its content hash. `overrides` replace any of it; the module defaults
 * to the name's prefix.
 */
export function makeTool(overrides: Partial<ToolSpec> = {}): ToolSpec {
  const name = overrides.name ?? "demo.echo";
  const dot = name.indexOf(".");
  return withContentHash({
    name,
    module: dot > 0 ? name.slice(0, dot) : "tools",
    description: `The ${name} tool.`,
    inputSchema: { type: "object" },
    errors: [],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    examples: [],
    security: [],
    format: "json",
    locations: { tool: { file: "specs/tools.json", line: 1, column: 1 } },
    ...overrides,
  });
}

/**
 * Runs generators on in-memory tools as the pipeline's generate stage does (names decided
 * for the whole run, each generator after those it requires, with its options from the
 * config) and returns their files, sorted by path. Throws with the diagnostics when naming
 * or a generator reports an error. `shared` is where `ctx.shared` keeps what generators
 * share (a build session's store); without it, `ctx.shared` just makes.
 */
export async function generate(
  tools: readonly ToolSpec[],
  generators: GeneratorName[],
  user: UserConfig = {},
  shared?: PerToolStore,
): Promise<GeneratedFile[]> {
  const config = resolveConfig(REPO, { server: { name: "t", version: "1.0.0" }, ...user, generators });
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const diagnostics = new DiagnosticBag();
  const names = buildNameTable(
    sorted,
    config.naming,
    {
      openai: config.openai.nameMaxLength,
      anthropic: config.anthropic.nameMaxLength,
      gemini: config.gemini.nameMaxLength,
    },
    diagnostics,
  );
  const files = diagnostics.hasErrors
    ? undefined
    : await runGenerators(
        runOrder(config),
        { tools: sorted, names, config, generatorVersion: "0.0.0-test", ...(shared ? { shared } : {}) },
        diagnostics,
        { onGenerator() {}, onTiming() {}, location: { file: "specs/tools.json", line: 1, column: 1 } },
      );
  if (!files) throw new Error(diagnostics.items.map(formatDiagnostic).join("\n"));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
