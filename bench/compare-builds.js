// Old build vs new build, side by side in one run: the same cases on two builds of the CLI
// (child processes), alternating old, new, old, new… so that a slow moment of the machine
// hits both. Each build works in its own copy of the same project (its own generated/ and
// cache), so neither sees what the other wrote.
//  1. `generate --watch` rebuild latency: 1,000 tools in 50 Markdown specs, one spec edited
//     (one tool's description), median of 11 edits, from the write to the rebuild line and
//     by the line's own time;
//  2. cold `generate --no-cache` of the same 1,000 tools: median of 3 alternating pairs;
//  3. one spec changed, then a one-shot `generate` with the disk cache: median of 5 pairs.
// Runs of 2 and 3 are timed by the wall clock and, with GNU time, by their CPU time (less
// hit by other work on the machine).
// Usage: node bench/compare-builds.js --old <dir> [--new <dir>] [--json]
//   <dir>: a checkout with `npm ci && npm run build` done (bin/mcp-specgen.js and dist/);
//   --new defaults to this repository. Build the commit before a change into a temporary
//   git worktree (`git worktree add /tmp/old-build <sha> && cd /tmp/old-build && npm ci &&
//   npm run build`), outside the repository.
import { spawn, spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { markdownFiles } from "./synthetic.js";

const REPO = path.resolve(import.meta.dirname, "..");
const TOOLS = 1000;
const MODULES = 50;
const WATCH_EDITS = 11;
const COLD_PAIRS = 3;
const CHANGED_PAIRS = 5;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (n, digits = 0) => (n == null || Number.isNaN(n) ? "" : +n.toFixed(digits));

/** A project like a user's: package.json, node_modules (where the cache goes) and specs/. */
function project(root, name) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    `{ "name": "bench-compare-${name}", "private": true, "type": "module" }\n`,
  );
  for (const [rel, text] of markdownFiles(TOOLS, MODULES)) {
    mkdirSync(path.dirname(path.join(dir, "specs", rel)), { recursive: true });
    writeFileSync(path.join(dir, "specs", rel), text);
  }
  return dir;
}

/** GNU time, when it works here: the CPU time of a run (user and system), less hit by a busy machine than its wall time. */
const TIME = (() => {
  const probe = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, "-e", ""], { encoding: "utf8" });
  return probe.status === 0 && /^\d+\.\d+ \d+\.\d+\s*$/.test(probe.stderr) ? "/usr/bin/time" : undefined;
})();

/** Runs `node bin args…` in `cwd`: wall time in ms, and CPU time in ms when GNU time is there; throws when it fails. */
function run(bin, args, cwd, env = {}) {
  const cpuFile = path.join(tmpdir(), `mcp-specgen-bench-cpu-${process.pid}`);
  const [cmd, argv] = TIME
    ? [TIME, ["-f", "%U %S", "-o", cpuFile, process.execPath, bin, ...args]]
    : [process.execPath, [bin, ...args]];
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "", ...env },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0)
    throw new Error(`${bin} ${args.join(" ")} exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 800)}`);
  if (!TIME) return { ms };
  const [user, system] = readFileSync(cpuFile, "utf8").trim().split("\n").pop().split(" ").map(Number);
  rmSync(cpuFile, { force: true });
  return { ms, cpuMs: (user + system) * 1000 };
}

/** Edits one tool's description in one module file (a different text each time). */
function editSpec(dir, n) {
  const file = path.join(dir, "specs/mod_7/MCP_TOOL_SPECIFICATION.md");
  const text = readFileSync(file, "utf8");
  const next = text.replace(
    /Tool number 7: searches collection 7 and returns scored items\.( \(edit \d+\))?/,
    `Tool number 7: searches collection 7 and returns scored items. (edit ${n})`,
  );
  if (next === text) throw new Error("bench: the spec edit changed nothing");
  writeFileSync(file, next);
}

/** A `generate --watch --json` process and its stdout lines (queued until asked for). */
function watcher(bin, cwd) {
  const child = spawn(process.execPath, [bin, "generate", "--watch", "--json"], {
    cwd,
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const events = new EventEmitter();
  const queued = [];
  let buffer = "";
  let stderr = "";
  let gone = false;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) queued.push({ line, at: performance.now() });
      events.emit("line");
    }
  });
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  child.on("exit", () => {
    gone = true;
    events.emit("line");
  });
  /** The next line (the time it came with it); rejects when the watcher exits or is silent for `timeoutMs`. */
  const next = (timeoutMs) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (queued.length) return done(() => resolve(queued.shift()));
        if (gone) done(() => reject(new Error(`the watcher exited (stderr: ${stderr.slice(0, 300)})`)));
      };
      const done = (fn) => {
        clearTimeout(timer);
        events.off("line", check);
        fn();
      };
      const timer = setTimeout(() => done(() => reject(new Error("no line from the watcher in time"))), timeoutMs);
      events.on("line", check);
      check();
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  };
  return { next, stop, pid: child.pid };
}

/** CPU time (user and system) a process has used so far, in ms; undefined where /proc is not there. */
function cpuOf(pid) {
  try {
    // After the command name (which may hold spaces) come the fields from the state on:
    // utime and stime are the 12th and 13th of those, in clock ticks (100 a second).
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** 1. Watch rebuild latency, old and new edited alternately. */
async function watchCase(builds, log) {
  const watchers = [];
  try {
    // One after the other: each first build has the machine to itself.
    for (const b of builds) {
      const w = watcher(b.bin, b.watchDir);
      watchers.push({ ...b, w, edit: [], line: [], cpu: [] });
      log(`watch (${b.name}): initial build…`);
      await w.next(600_000);
    }
    // Let each finish what it does once idle after its first build.
    await new Promise((r) => setTimeout(r, 3000));
    for (let n = 1; n <= WATCH_EDITS; n++) {
      for (const b of watchers) {
        await new Promise((r) => setTimeout(r, 300)); // let the watcher settle (debounce, fs events)
        const pending = b.w.next(120_000);
        const cpu0 = cpuOf(b.w.pid);
        const t0 = performance.now();
        editSpec(b.watchDir, 100 + n);
        const got = await pending;
        const cpu1 = cpuOf(b.w.pid);
        if (cpu0 !== undefined && cpu1 !== undefined) b.cpu.push(cpu1 - cpu0);
        const rebuild = JSON.parse(got.line);
        if (rebuild.ok !== true) throw new Error(`${b.name} rebuild ${n} failed: ${got.line.slice(0, 300)}`);
        b.edit.push(got.at - t0);
        b.line.push(rebuild.ms);
        log(
          `  ${b.name} rebuild ${n}: ${Math.round(got.at - t0)} ms (its line: ${rebuild.ms} ms, CPU ${b.cpu.at(-1)} ms)`,
        );
      }
    }
  } finally {
    for (const b of watchers) await b.w.stop();
  }
  return Object.fromEntries(
    watchers.map((b) => [
      b.name,
      { edit: median(b.edit), line: median(b.line), cpu: b.cpu.length ? median(b.cpu) : undefined },
    ]),
  );
}

/** The median wall time (`ms`) and CPU time (`cpu`, when measured) of each build's samples. */
function medians(builds, samples) {
  return Object.fromEntries(
    builds.map((b) => {
      const cpu = samples[b.name].map((r) => r.cpuMs).filter((c) => c !== undefined);
      return [b.name, { ms: median(samples[b.name].map((r) => r.ms)), cpu: cpu.length ? median(cpu) : undefined }];
    }),
  );
}

/** 2. Cold `generate --no-cache`, alternating. */
function coldCase(builds, log) {
  const samples = Object.fromEntries(builds.map((b) => [b.name, []]));
  for (let i = 0; i < COLD_PAIRS; i++)
    for (const b of builds) {
      rmSync(path.join(b.coldDir, "generated"), { recursive: true, force: true });
      const r = run(b.bin, ["generate", "--no-cache"], b.coldDir, { MCP_SPECGEN_NO_CACHE: "1" });
      samples[b.name].push(r);
      log(`  cold ${b.name} ${i + 1}: ${Math.round(r.ms)} ms${r.cpuMs ? ` (CPU ${Math.round(r.cpuMs)} ms)` : ""}`);
    }
  return medians(builds, samples);
}

/** 3. One spec changed, then a one-shot `generate` with the disk cache, alternating. */
function changedCase(builds, log) {
  for (const b of builds) run(b.bin, ["generate"], b.changedDir); // the cache and output of the unchanged specs
  const samples = Object.fromEntries(builds.map((b) => [b.name, []]));
  for (let n = 1; n <= CHANGED_PAIRS; n++)
    for (const b of builds) {
      editSpec(b.changedDir, n);
      const r = run(b.bin, ["generate"], b.changedDir);
      samples[b.name].push(r);
      log(
        `  one spec changed ${b.name} ${n}: ${Math.round(r.ms)} ms${r.cpuMs ? ` (CPU ${Math.round(r.cpuMs)} ms)` : ""}`,
      );
    }
  return medians(builds, samples);
}

/** Runs the comparison; rows for the report, and the raw results. */
export async function compareBuilds({ oldDir, newDir = REPO, quiet = false } = {}) {
  const log = quiet ? () => {} : (m) => process.stderr.write(`[compare] ${m}\n`);
  const root = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-compare-"));
  const cleanup = () => rmSync(root, { recursive: true, force: true });
  try {
    const template = project(root, "template");
    const copy = (name) => {
      const dir = path.join(root, name);
      cpSync(template, dir, { recursive: true });
      return dir;
    };
    const builds = [
      { name: "old", bin: path.join(oldDir, "bin/mcp-specgen.js") },
      { name: "new", bin: path.join(newDir, "bin/mcp-specgen.js") },
    ].map((b) => ({
      ...b,
      watchDir: copy(`watch-${b.name}`),
      coldDir: copy(`cold-${b.name}`),
      changedDir: copy(`changed-${b.name}`),
    }));
    // Warm-up: the file system cache and V8's code cache for both builds.
    for (const b of builds) run(b.bin, ["--version"], root);
    if (!TIME) log("no GNU time here: wall times only");

    log("watch rebuild latency…");
    const watch = await watchCase(builds, log);
    log("cold generate --no-cache…");
    const cold = coldCase(builds, log);
    log("one spec changed, cached generate…");
    const changed = changedCase(builds, log);

    const row = (bench, values, target) => ({
      bench,
      "old ms": Math.round(values.old),
      "new ms": Math.round(values.new),
      "new / old": round(values.new / values.old, 2),
      target: target ? `${target.text} ${values.new / values.old <= target.ratio ? "ok" : "MISSED"}` : "",
    });
    // CPU rows only where the CPU time was measured (GNU time, /proc).
    const cpuRow = (bench, values) =>
      values.old !== undefined && values.new !== undefined ? [row(bench, values)] : [];
    const rows = [
      row(
        `watch rebuild, ${TOOLS} tools, one spec edited (its line's ms, median of ${WATCH_EDITS})`,
        { old: watch.old.line, new: watch.new.line },
        { ratio: 1.1, text: "≤ 1.10" },
      ),
      row(
        `watch rebuild, ${TOOLS} tools, one spec edited (edit to line, median of ${WATCH_EDITS})`,
        { old: watch.old.edit, new: watch.new.edit },
        { ratio: 1.1, text: "≤ 1.10" },
      ),
      ...cpuRow(`watch rebuild, ${TOOLS} tools, one spec edited (CPU of the watcher, median of ${WATCH_EDITS})`, {
        old: watch.old.cpu,
        new: watch.new.cpu,
      }),
      row(
        `cold generate --no-cache, ${TOOLS} tools (wall, median of ${COLD_PAIRS})`,
        { old: cold.old.ms, new: cold.new.ms },
        { ratio: 1.0, text: "≤ 1.00" },
      ),
      ...cpuRow(`cold generate --no-cache, ${TOOLS} tools (CPU, median of ${COLD_PAIRS})`, {
        old: cold.old.cpu,
        new: cold.new.cpu,
      }),
      row(`one spec changed: generate, ${TOOLS} tools, disk cache (wall, median of ${CHANGED_PAIRS})`, {
        old: changed.old.ms,
        new: changed.new.ms,
      }),
      ...cpuRow(`one spec changed: generate, ${TOOLS} tools, disk cache (CPU, median of ${CHANGED_PAIRS})`, {
        old: changed.old.cpu,
        new: changed.new.cpu,
      }),
    ];
    return { rows, results: { watch, cold, changed } };
  } finally {
    cleanup();
  }
}

// Run directly: print the table (or, with --json, the rows and raw results as JSON).
if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const value = (flag) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? path.resolve(argv[at + 1]) : undefined;
  };
  const oldDir = value("--old");
  if (!oldDir) {
    console.error("usage: node bench/compare-builds.js --old <dir> [--new <dir>] [--json]");
    process.exit(2);
  }
  const { rows, results } = await compareBuilds({ oldDir, newDir: value("--new") });
  if (argv.includes("--json")) console.log(JSON.stringify({ rows, results }, null, 2));
  else console.table(rows);
}
