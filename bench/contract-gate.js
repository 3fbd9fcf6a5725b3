// Version-check benchmark: the check `generate` runs against the previous manifest after one
// tool's description was edited, in a 1,000-tool project: the gate as it is (reading back only
// the tools whose contracts differ) beside its peer measured in the same run, reading the
// whole manifest back as a tool set (as the gate did before), with the same diff and rules.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main } from "../dist/src/cli/main.js";
import { loadConfig } from "../dist/src/config/load.js";
import { runPipeline } from "../dist/src/build/pipeline.js";
import { contractFindings } from "../dist/src/cli/contract-gate.js";
import { loadFilesSide } from "../dist/src/diff/load-side.js";
import { diffToolSets } from "../dist/src/diff/compare-tools.js";
import { versionFindings } from "../dist/src/diff/versions.js";
import { jsonTools } from "./synthetic.js";

/** CPU milliseconds (user + system) spent by `fn`. */
async function cpu(fn) {
  globalThis.gc?.();
  const start = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, value };
}

/** Runs the benchmark for `count` tools; returns a row for the report. */
export async function benchContractGate({ count = 1000, rounds = 5 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-gate-"));
  try {
    const modules = 50;
    const tools = jsonTools(count, modules);
    const files = [];
    for (let m = 0; m < modules; m++) {
      const file = path.join(dir, "specs", `mod_${m}`, "tools.json");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ tools: tools.filter((_, i) => i % modules === m) }, null, 2));
      files.push(file);
    }
    writeFileSync(path.join(dir, "mcp-specgen.config.json"), JSON.stringify({ inputs: ["specs"] }));
    const io = { stdout: () => {}, stderr: () => {}, cwd: dir };
    if ((await main(["generate", "--no-cache"], io)) !== 0) throw new Error("bench: generate failed");
    // One tool's description edited: its contract hash differs, every other tool's is the same.
    const spec = JSON.parse(readFileSync(files[0], "utf8"));
    spec.tools[0].description += " Edited.";
    writeFileSync(files[0], JSON.stringify(spec, null, 2));
    const config = await loadConfig(dir);
    const result = await runPipeline(config);
    const rel = "generated/manifest.json";
    const gate = [];
    const whole = [];
    for (let r = 0; r < rounds; r++) {
      gate.push((await cpu(() => contractFindings(config, result.tools, { allowBreaking: false }))).ms);
      whole.push(
        (
          await cpu(() => {
            const base = loadFilesSide([rel], { cwd: dir, limits: config.limits });
            const diff = diffToolSets(base.tools, result.tools, {
              rules: config.diff.rules,
              documented: base.documents,
            });
            return versionFindings(base.tools, result.tools, diff, { allowBreaking: false, baseLabel: rel });
          })
        ).ms,
      );
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const gateMs = median(gate);
    const wholeMs = median(whole);
    return {
      count,
      gateCpuMs: Math.round(gateMs),
      wholeManifestCpuMs: Math.round(wholeMs),
      ratio: +(gateMs / wholeMs).toFixed(3),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = (process.argv.find((a) => a.startsWith("--tools="))?.slice(8) ?? "1000").split(",").map(Number);
  for (const count of counts) console.log(JSON.stringify(await benchContractGate({ count })));
}
