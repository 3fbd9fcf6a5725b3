// Diff benchmark: `mcp-specgen diff` of two 1,000-tool sets (one with a change in every
// tenth tool) beside `mcp-specgen check --no-cache` of one of them, measured in the same
// run through the CLI in-process. The target is a diff under 2× the check.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main } from "../dist/src/cli/main.js";
import { jsonTools } from "./synthetic.js";

/** The head: every tenth tool changed (a required parameter, an enum value removed, a description). */
function successor(tools) {
  return tools.map((t, i) => {
    if (i % 10 !== 0) return t;
    const copy = structuredClone(t);
    if (i % 30 === 0) {
      copy.inputSchema.properties.project_id = { type: "string" };
      copy.inputSchema.required = [...copy.inputSchema.required, "project_id"];
    } else if (i % 30 === 10) copy.inputSchema.properties.mode.enum = copy.inputSchema.properties.mode.enum.slice(1);
    else copy.description = `${copy.description} Results are cached for a minute.`;
    return copy;
  });
}

function writeSet(dir, tools, modules) {
  for (let m = 0; m < modules; m++) {
    const file = path.join(dir, `mod_${m}`, "tools.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ tools: tools.filter((_, i) => i % modules === m) }, null, 2));
  }
}

async function timed(argv, cwd) {
  const io = { stdout: () => {}, stderr: () => {}, cwd };
  globalThis.gc?.();
  const t0 = performance.now();
  const code = await main(argv, io);
  return { ms: performance.now() - t0, code };
}

/** Runs the benchmark for `count` tools; returns rows for the report. */
export async function benchDiff({ count = 1000, rounds = 3 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-diff-"));
  try {
    const modules = 50;
    const base = jsonTools(count, modules);
    writeSet(path.join(dir, "specs"), base, modules);
    writeSet(path.join(dir, "head"), successor(base), modules);
    writeFileSync(
      path.join(dir, "mcp-specgen.config.json"),
      JSON.stringify({ inputs: ["specs"], generators: ["types", "validators", "manifest"] }),
    );
    const generated = await timed(["generate", "--no-cache"], dir);
    if (generated.code !== 0) throw new Error("bench: generate failed");
    const checks = [];
    const diffs = [];
    for (let r = 0; r < rounds; r++) {
      checks.push((await timed(["check", "--no-cache", "--workers", "0"], dir)).ms);
      const d = await timed(["diff", "specs", "head", "--json"], dir);
      diffs.push(d.ms);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const check = median(checks);
    const diff = median(diffs);
    return { count, checkMs: Math.round(check), diffMs: Math.round(diff), ratio: +(diff / check).toFixed(2) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = (process.argv.find((a) => a.startsWith("--tools="))?.slice(8) ?? "1000").split(",").map(Number);
  for (const count of counts) console.log(JSON.stringify(await benchDiff({ count })));
}
