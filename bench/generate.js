// Generation benchmark: the whole pipeline (parse → IR → checks → types, openai,
// manifest) at scale, beside its unavoidable core measured in the same run: one
// json-schema-to-typescript compile() per schema without formatting (the peer).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { resolveConfig } from "../dist/src/config/load.js";
import { runPipeline } from "../dist/src/pipeline.js";
import { jsonTools, markdownFiles, toolSchema, outputSchema } from "./synthetic.js";

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
        const peerMs = await peer(count);
        rows.push({
          bench: `generate ${count} tools (${format})`,
          "mcp-specgen ms": Math.round(run.ms),
          "per tool µs": Math.round((run.ms * 1000) / count),
          "peer: json2ts compile() ms": Math.round(peerMs),
          "ratio (ours / peer)": +(run.ms / peerMs).toFixed(2),
          "heap Δ MB": Math.round(heapMb),
          phases: Object.entries(run.timings).map(([k, v]) => `${k}=${Math.round(v)}`).join(" "),
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return rows;
}
