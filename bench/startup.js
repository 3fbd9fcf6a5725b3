// Start-up benchmark: wall time of the CLI's quick commands, each beside its peer measured
// in the same run — `node -e ""`, the floor for any Node.js CLI. Commands run in turn
// (round robin), so a slow moment of the machine hits all of them alike; the median is
// reported. The no-op `check` runs on a copy of specs/ after one `generate` (which fills
// the cache), without a config file and with the TypeScript config `init` writes (its
// types removed by Node.js where it can, by sucrase on older versions: run this with
// each); the cold `check --no-cache` is the full run it saves.
// Usage: node bench/startup.js [--runs N]   (or `npm run bench -- startup`)
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import module from "node:module";

const REPO = path.resolve(import.meta.dirname, "..");
const BIN = path.join(REPO, "bin/mcp-specgen.js");

/** Wall time of one run of `node args…` in `cwd`, in ms; throws when it fails. */
function time(args, cwd) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "" },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return ms;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A project like a user's: package.json, node_modules (where the cache goes) and a copy of specs/. */
function project() {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-startup-"));
  cpSync(path.join(REPO, "specs"), path.join(dir, "specs"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), '{ "name": "bench-startup", "private": true, "type": "module" }\n');
  mkdirSync(path.join(dir, "node_modules"));
  return dir;
}

/**
 * The same project with the TypeScript config `init` writes (the example project's), whose
 * `import "mcp-specgen/config"` finds this build as an installed package would.
 */
function projectWithConfig() {
  const dir = project();
  cpSync(path.join(REPO, "examples/project/mcp-specgen.config.ts"), path.join(dir, "mcp-specgen.config.ts"));
  symlinkSync(REPO, path.join(dir, "node_modules", "mcp-specgen"), "dir");
  return dir;
}

/** Runs the start-up benchmark and returns rows for the report. */
export async function benchStartup({ runs = 15, coldRuns = 5 } = {}) {
  const dir = project();
  const configured = projectWithConfig();
  try {
    time([BIN, "generate"], dir);
    time([BIN, "generate"], configured);
    const cases = [
      { bench: 'node -e ""', args: ["-e", ""], runs },
      { bench: "mcp-specgen --version", args: [BIN, "--version"], runs, target: 1.5 },
      { bench: "mcp-specgen --help", args: [BIN, "--help"], runs, target: 1.5 },
      { bench: "mcp-specgen generate --help", args: [BIN, "generate", "--help"], runs, target: 1.5 },
      { bench: "mcp-specgen check (no-op, cached)", args: [BIN, "check"], runs, target: 4 },
      {
        bench: `mcp-specgen check (no-op, cached, TypeScript config${typeof module.stripTypeScriptTypes === "function" ? "" : ", sucrase"})`,
        args: [BIN, "check"],
        cwd: configured,
        runs,
        target: 4,
      },
      { bench: "mcp-specgen check --no-cache (cold)", args: [BIN, "check", "--no-cache"], runs: coldRuns },
    ];
    // One warm-up run each (file system cache, compiled code cache), then round robin.
    for (const c of cases) time(c.args, c.cwd ?? dir);
    const samples = new Map(cases.map((c) => [c, []]));
    for (let i = 0; i < runs; i++)
      for (const c of cases) if (i < c.runs) samples.get(c).push(time(c.args, c.cwd ?? dir));
    const peer = median(samples.get(cases[0]));
    return cases.slice(1).map((c) => {
      const ms = median(samples.get(c));
      const ratio = ms / peer;
      return {
        bench: c.bench,
        "ours ms": Math.round(ms),
        "peer ms": Math.round(peer),
        "ours / peer": +ratio.toFixed(2),
        target: c.target ? `≤ ${c.target} ${ratio <= c.target ? "ok" : "MISSED"}` : "",
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(configured, { recursive: true, force: true });
  }
}

// Run directly: print the table.
if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf("--runs");
  console.table(await benchStartup(i > 0 ? { runs: Number(process.argv[i + 1]) } : {}));
}
