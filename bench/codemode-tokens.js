// Tokens of the code-mode declarations (codemode/api.d.ts) against the same tools as a JSON
// tools/list and as OpenAI tool definitions (openai.json's chatCompletions), over the real
// tool lists in test/fixtures/real-tools: what putting each form into a model's prompt costs.
// The tokenizer is o200k_base (OpenAI's current models) from gpt-tokenizer. JSON is counted
// minified, the form that costs least; the pretty-printed tools/list is shown too.
// Token counts are deterministic: test/codemode/declarations.test.ts asserts the overall ratio.
// Usage: node bench/run.js codemode-tokens (after `npm run build`)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { fileText, resolveConfig, runPipeline } from "../dist/src/index.js";

const FIXTURES = path.join(import.meta.dirname, "../test/fixtures/real-tools");

/** The generated file at `file` of a pipeline result, as text. */
function generated(result, file) {
  return fileText(result.files.find((f) => f.path === file));
}

/** One row per server and one for all: tokens of each form and the ratios of the declarations to the others. */
export async function benchCodemodeTokens() {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-codemode-tokens-"));
  const rows = [];
  const total = { tools: 0, declarations: 0, toolsList: 0, toolsListPretty: 0, openai: 0 };
  try {
    for (const file of readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const { tools } = JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8"));
      const project = path.join(dir, file.replace(/\.json$/, ""));
      mkdirSync(path.join(project, "specs"), { recursive: true });
      writeFileSync(path.join(project, "specs", file), JSON.stringify({ tools }));
      const result = await runPipeline(
        resolveConfig(project, { inputs: ["specs"], generators: ["types", "codemode", "openai"] }),
        { workers: 0 },
      );
      if (result.failed) throw new Error(`${file}: generation failed`);
      const counts = {
        tools: tools.length,
        declarations: countTokens(generated(result, "codemode/api.d.ts")),
        toolsList: countTokens(JSON.stringify({ tools })),
        toolsListPretty: countTokens(JSON.stringify({ tools }, null, 2)),
        openai: countTokens(JSON.stringify(JSON.parse(generated(result, "openai.json")).chatCompletions)),
      };
      for (const key of Object.keys(total)) total[key] += counts[key];
      rows.push(row(file.replace(/\.json$/, ""), counts));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  rows.push(row("all", total));
  return rows;
}

function row(bench, counts) {
  return {
    bench,
    ...counts,
    "d.ts / tools/list": (counts.declarations / counts.toolsList).toFixed(2),
    "d.ts / pretty tools/list": (counts.declarations / counts.toolsListPretty).toFixed(2),
    "d.ts / openai": (counts.declarations / counts.openai).toFixed(2),
  };
}
