// Generation benchmark: the whole pipeline (parse → IR → checks → types, openai,
// manifest) at scale, beside its unavoidable core measured in the same run: one
// json-schema-to-typescript compile() per schema without formatting (the peer).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { compile } from "json-schema-to-typescript";
import { resolveConfig } from "../dist/src/config/load.js";
import { runPipeline } from "../dist/src/build/pipeline.js";
import { jsonTools, markdownFiles, toolSchema, outputSchema } from "./synthetic.js";

const require = createRequire(import.meta.url);
const Ajv = require("ajv").default;
const addFormats = require("ajv-formats").default;
const standaloneCode = require("ajv/dist/standalone").default;

function project(files) {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-"));
  for (const [rel, text] of files) {
    mkdirSync(path.dirname(path.join(dir, "specs", rel)), { recursive: true });
    writeFileSync(path.join(dir, "specs", rel), text);
  }
  return dir;
}

async function pipeline(dir) {
  const t0 = performance.now();
  const result = await runPipeline(resolveConfig(dir, { server: { name: "bench", version: "1.0.0" } }));
  const ms = performance.now() - t0;
  if (result.failed) throw new Error(`bench specs failed: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  return { ms, timings: result.timings, files: result.files.length };
}

/** The peer of the validators generator: ajv's own standalone compile of the same schemas, one instance per module. */
function peerValidators(count, modules = 50) {
  const t0 = performance.now();
  for (let m = 0; m < modules; m++) {
    const ajv = new Ajv({ strict: false, allErrors: true, logger: false, code: { source: true, esm: true } });
    addFormats(ajv);
    const refs = {};
    for (let i = m; i < count; i += modules) {
      ajv.addSchema(toolSchema(i), `a${i}`);
      ajv.addSchema(outputSchema(i), `r${i}`);
      refs[`a${i}`] = `a${i}`;
      refs[`r${i}`] = `r${i}`;
    }
    standaloneCode(ajv, refs);
  }
  return performance.now() - t0;
}

/** The peer of the types generator: json-schema-to-typescript's compile() of the same schemas, unformatted. */
async function peer(count) {
  const t0 = performance.now();
  const opts = { bannerComment: "", format: false, additionalProperties: false, declareExternallyReferenced: true };
  for (let i = 0; i < count; i++) {
    await compile({ ...toolSchema(i), title: `Tool${i}Args` }, `Tool${i}Args`, opts);
    await compile({ ...outputSchema(i), title: `Tool${i}Result` }, `Tool${i}Result`, opts);
  }
  return performance.now() - t0;
}

/** Runs the generation benchmark and returns rows for the report. */
export async function benchGenerate({ counts = [1000] } = {}) {
  const rows = [];
  for (const count of counts) {
    for (const [format, files] of [
      ["json", new Map([["tools.json", JSON.stringify({ tools: jsonTools(count) })]])],
      ["markdown", markdownFiles(count)],
    ]) {
      const dir = project(files);
      try {
        global.gc?.();
        const heap0 = process.memoryUsage().heapUsed;
        const run = await pipeline(dir);
        const heapMb = (process.memoryUsage().heapUsed - heap0) / 1e6;
        const typesPeer = await peer(count);
        const validatorsPeer = peerValidators(count);
        rows.push(
          {
            bench: `${count} tools (${format}): whole pipeline`,
            "ours ms": Math.round(run.ms),
            "per tool ms": +(run.ms / count).toFixed(2),
            "heap Δ MB": Math.round(heapMb),
            phases: Object.entries(run.timings)
              .map(([k, v]) => `${k}=${Math.round(v)}`)
              .join(" "),
          },
          {
            bench: `${count} tools (${format}): types vs json2ts compile()`,
            "ours ms": Math.round(run.timings["generate:types"]),
            "peer ms": Math.round(typesPeer),
            "ours / peer": +(run.timings["generate:types"] / typesPeer).toFixed(2),
          },
          {
            bench: `${count} tools (${format}): validators vs ajv standalone`,
            "ours ms": Math.round(run.timings["generate:validators"]),
            "peer ms": Math.round(validatorsPeer),
            "ours / peer": +(run.timings["generate:validators"] / validatorsPeer).toFixed(2),
          },
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return rows;
}
