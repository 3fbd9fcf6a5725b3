// Scale benchmark: the real CLI as a child process, each case beside a peer measured in the
// same run (runs alternate, ours then peer, so a slow moment of the machine hits both):
//  1. cold `generate --no-cache` of 100 and 1,000 (and with --full 10,000) tools, from
//     Markdown and from JSON, vs json-schema-to-typescript's own CLI as users run it
//     (`json2ts -i dir -o dir`, types only, its default formatting) over the same tools'
//     input and output schemas, one .json file each; wall time, per-tool cost and peak RSS
//     of each process;
//  2. no-op `check` and no-op `generate` (cache enabled, after a generate) at 1,000 tools
//     vs `node -e ""`;
//  3. one spec changed: a cached `generate` after one tool's description changed;
//  4. `generate --watch`: from the write of one spec file to the rebuild line (skipped,
//     never failed, when the CLI has no --watch).
// Usage: node bench/scale.js [--full] [--json] [--bin PATH]   (or `npm run bench:scale`)
//   --full / BENCH_SCALE_FULL=1: also 10,000 tools (slow); --json: results as JSON;
//   --bin: another build of the CLI (e.g. a clean worktree's bin/mcp-specgen.js).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { jsonTools, markdownFiles, outputSchema, toolSchema } from "./synthetic.js";

const REPO = path.resolve(import.meta.dirname, "..");
const JSON2TS = path.join(REPO, "node_modules/json-schema-to-typescript/dist/src/cli.js");
const MODULES = 50;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (n, digits = 0) => (n == null || Number.isNaN(n) ? "" : +n.toFixed(digits));
const mb = (kb) => (kb == null ? "" : Math.round(kb / 1024));
const verdict = (value, target, fmt = (t) => `≤ ${t}`) =>
  value == null ? "" : `${fmt(target)} ${value <= target ? "ok" : "MISSED"}`;

/**
 * Peak RSS: GNU time's %M when /usr/bin/time works here, else a preload that writes
 * process.resourceUsage().maxRSS (KiB) to a file when the child exits.
 */
function rssMeter(root) {
  const out = path.join(root, "maxrss");
  const probe = spawnSync("/usr/bin/time", ["-f", "%M", "-o", out, process.execPath, "-e", ""]);
  if (probe.status === 0 && /^\d+\s*$/.test(readFileSync(out, "utf8"))) {
    return {
      how: "/usr/bin/time -f %M",
      wrap: (args) => ["/usr/bin/time", ["-f", "%M", "-o", out, process.execPath, ...args]],
      read: () => Number(readFileSync(out, "utf8").trim().split("\n").pop()),
    };
  }
  const hook = path.join(root, "maxrss-hook.mjs");
  writeFileSync(
    hook,
    `import { writeFileSync } from "node:fs";\nprocess.on("exit", () => writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  return {
    how: "process.resourceUsage().maxRSS",
    wrap: (args) => [process.execPath, ["--import", hook, ...args]],
    read: () => Number(readFileSync(out, "utf8")),
  };
}

/** Runs `node args…` in `cwd`; wall time in ms (and peak RSS in KiB with `meter`); throws when it fails. */
function run(args, cwd, { meter, env = {} } = {}) {
  const [cmd, argv] = meter ? meter.wrap(args) : [process.execPath, args];
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "", ...env },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0)
    throw new Error(`node ${args.join(" ")} exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 800)}`);
  return { ms, rssKb: meter ? meter.read() : undefined };
}

function writeTree(dir, files) {
  for (const [rel, text] of files) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

/** A project like a user's: package.json, node_modules (where the cache goes) and specs/. */
function project(root, name, specFiles) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    `{ "name": "bench-scale-${name}", "private": true, "type": "module" }\n`,
  );
  writeTree(path.join(dir, "specs"), specFiles);
  return dir;
}

/** The peer's input: each tool's input and output schema as a .json file (2 per tool). */
function schemaDir(root, count) {
  const dir = path.join(root, `schemas-${count}`);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    writeFileSync(path.join(dir, `tool_${i}_args.json`), JSON.stringify({ ...toolSchema(i), title: `Tool${i}Args` }));
    writeFileSync(
      path.join(dir, `tool_${i}_result.json`),
      JSON.stringify({ ...outputSchema(i), title: `Tool${i}Result` }),
    );
  }
  return dir;
}

/** 1. Cold generate vs json2ts, per size. */
function coldRows(root, bin, sizes, meter, log) {
  const rows = [];
  const results = {};
  for (const count of sizes) {
    const runs = count >= 10000 ? 1 : 3;
    log(`cold generate: ${count} tools × ${runs} run(s)…`);
    const md = project(root, `md-${count}`, markdownFiles(count, MODULES));
    const js = project(root, `json-${count}`, [["tools.json", JSON.stringify({ tools: jsonTools(count, MODULES) })]]);
    const schemas = schemaDir(root, count);
    const peerOut = path.join(root, `json2ts-out-${count}`);
    const cases = [
      {
        key: "markdown",
        cwd: md,
        args: [bin, "generate", "--no-cache"],
        clean: () => rmSync(path.join(md, "generated"), { recursive: true, force: true }),
      },
      {
        key: "json2ts",
        cwd: root,
        args: [JSON2TS, "-i", schemas, "-o", peerOut],
        clean: () => rmSync(peerOut, { recursive: true, force: true }),
      },
      {
        key: "json",
        cwd: js,
        args: [bin, "generate", "--no-cache"],
        clean: () => rmSync(path.join(js, "generated"), { recursive: true, force: true }),
      },
      {
        key: "json2ts",
        cwd: root,
        args: [JSON2TS, "-i", schemas, "-o", peerOut],
        clean: () => rmSync(peerOut, { recursive: true, force: true }),
      },
    ];
    const samples = { markdown: [], json: [], json2ts: [] };
    const rss = { markdown: 0, json: 0, json2ts: 0 };
    for (let i = 0; i < runs; i++) {
      for (const c of cases) {
        c.clean();
        const r = run(c.args, c.cwd, { meter, env: { MCP_SPECGEN_NO_CACHE: "1" } });
        samples[c.key].push(r.ms);
        rss[c.key] = Math.max(rss[c.key], r.rssKb ?? 0);
        log(`  ${c.key} ${count}: ${Math.round(r.ms)} ms, ${mb(r.rssKb)} MB`);
      }
    }
    const peerMs = median(samples.json2ts);
    results[count] = { peerMs, peerRssKb: rss.json2ts, runs };
    for (const format of ["markdown", "json"]) {
      const ms = median(samples[format]);
      const ratio = ms / peerMs;
      results[count][format] = { ms, rssKb: rss[format], ratio };
      rows.push({
        bench: `cold generate, ${count} tools (${format}) vs json2ts`,
        "ours ms": Math.round(ms),
        "peer ms": Math.round(peerMs),
        "ours / peer": round(ratio, 2),
        "per tool ms": round(ms / count, 2),
        "ours RSS MB": mb(rss[format]),
        "peer RSS MB": mb(rss.json2ts),
        target:
          count === 1000 && format === "markdown"
            ? verdict(ratio, 1.0)
            : count >= 10000
              ? `RSS < 1024 MB ${rss[format] < 1024 * 1024 ? "ok" : "MISSED"}`
              : "",
      });
    }
    for (const dir of [md, js, schemas, peerOut]) rmSync(dir, { recursive: true, force: true });
  }
  // Per-tool cost growth: 10,000 vs 1,000 (target ≤ 1.2), else 1,000 vs 100 (for information).
  const pairs = [
    [10000, 1000, 1.2],
    [1000, 100, null],
  ].filter(([big, small]) => results[big] && results[small]);
  for (const [big, small, target] of pairs.slice(0, 1)) {
    for (const format of ["markdown", "json"]) {
      const growth = results[big][format].ms / big / (results[small][format].ms / small);
      results[`perTool${big}vs${small}`] = { ...results[`perTool${big}vs${small}`], [format]: growth };
      rows.push({
        bench: `per-tool cost, ${big} vs ${small} tools (${format})`,
        "ours ms": round(results[big][format].ms / big, 2),
        "peer ms": round(results[small][format].ms / small, 2),
        "ours / peer": round(growth, 2),
        target: target ? verdict(growth, target) : "",
      });
    }
  }
  return { rows, results };
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

/** Waits for the next stdout line of a watch process that satisfies `accept`; null on timeout/exit. */
function nextLine(watcher, timeoutMs) {
  return new Promise((resolve) => {
    const done = (value) => {
      clearTimeout(timer);
      watcher.off("line", onLine);
      watcher.off("gone", onGone);
      resolve(value);
    };
    const onLine = (line) => done({ line, at: performance.now() });
    const onGone = () => done(null);
    const timer = setTimeout(() => done(null), timeoutMs);
    watcher.on("line", onLine);
    watcher.on("gone", onGone);
  });
}

/** Edits made to a watched project; the rows give the median. */
const WATCH_EDITS = 11;

/** 4. Watch rebuild latency; null when --watch is not available. */
async function watchLatency(dir, bin, edits, log, state) {
  const help = spawnSync(process.execPath, [bin, "generate", "--help"], { encoding: "utf8" });
  if (!/--watch\b/.test(help.stdout ?? "")) return { available: false };
  const { EventEmitter } = await import("node:events");
  const child = spawn(process.execPath, [bin, "generate", "--watch", "--json"], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  state.watcher = child;
  const events = new EventEmitter();
  let buffer = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) events.emit("line", line);
      nl = buffer.indexOf("\n");
    }
  });
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  child.on("exit", () => events.emit("gone"));
  try {
    log("watch: waiting for the initial build…");
    const first = await nextLine(events, 180_000);
    if (!first) return { available: true, error: `no initial build line (stderr: ${stderr.slice(0, 300)})` };
    const samples = [];
    const builds = [];
    for (let n = 1; n <= edits; n++) {
      await new Promise((r) => setTimeout(r, 300)); // let the watcher settle (debounce, fs events)
      const pending = nextLine(events, 120_000);
      const t0 = performance.now();
      editSpec(dir, 100 + n);
      const got = await pending;
      if (!got) return { available: true, error: `no rebuild line after edit ${n} (stderr: ${stderr.slice(0, 300)})` };
      let rebuild;
      try {
        rebuild = JSON.parse(got.line);
      } catch {
        return { available: true, error: `a rebuild line that is not JSON: ${got.line.slice(0, 200)}` };
      }
      if (rebuild.ok !== true) return { available: true, error: `rebuild ${n} failed: ${got.line.slice(0, 300)}` };
      samples.push(got.at - t0);
      // The rebuild's own time, as its line reports it: from the start of the build (after
      // the quiet period that follows the last file event) to the output written; the rest
      // is file events, the quiet period and the JSON line (all diagnostics, ~0.5 MB here).
      if (Number.isFinite(rebuild.ms)) builds.push(rebuild.ms);
      log(`  watch rebuild ${n}: ${Math.round(got.at - t0)} ms (the rebuild line says ${rebuild.ms} ms)`);
    }
    return { available: true, ms: median(samples), samples, buildMs: builds.length ? median(builds) : undefined };
  } finally {
    // Gone before its directory is removed: a watcher still recording its cache would race the removal.
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await gone;
    }
    state.watcher = undefined;
  }
}

/** Runs the scale benchmark and returns rows for the report (and the raw results). */
export async function benchScale({
  full = process.env.BENCH_SCALE_FULL === "1",
  bin = path.join(REPO, "bin/mcp-specgen.js"),
  quiet = false,
  withResults = false,
  json = false,
} = {}) {
  const log = quiet ? () => {} : (m) => process.stderr.write(`[scale] ${m}\n`);
  const say = json ? (m) => process.stderr.write(`${m}\n`) : (m) => console.log(m); // stdout stays JSON
  const sizes = full ? [100, 1000, 10000] : [100, 1000];
  const root = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-scale-"));
  const state = {};
  const cleanup = () => {
    state.watcher?.kill();
    rmSync(root, { recursive: true, force: true });
  };
  const onSignal = (sig) => {
    cleanup();
    process.kill(process.pid, sig);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const meter = rssMeter(root);
    log(`peak RSS via ${meter.how}`);
    const cold = coldRows(root, bin, sizes, meter, log);
    const rows = [...cold.rows];
    const results = { rssVia: meter.how, cold: cold.results };

    // 2. No-op check / generate at 1,000 tools (cache enabled) vs node -e "".
    log("no-op check / generate at 1,000 tools…");
    const dir = project(root, "cached-1000", markdownFiles(1000, MODULES));
    run([bin, "generate"], dir);
    const floor = { bench: 'node -e ""', args: ["-e", ""] };
    const noops = [
      floor,
      { bench: "no-op check, 1000 tools (cached)", args: [bin, "check"], target: 2.5 },
      { bench: "no-op generate, 1000 tools (cached)", args: [bin, "generate"] },
    ];
    for (const c of noops) run(c.args, dir); // warm-up: file system cache, compiled code cache
    const samples = new Map(noops.map((c) => [c, []]));
    for (let i = 0; i < 5; i++) for (const c of noops) samples.get(c).push(run(c.args, dir).ms);
    const floorMs = median(samples.get(floor));
    results.nodeMs = floorMs;
    results.noop = {};
    for (const c of noops.slice(1)) {
      const ms = median(samples.get(c));
      results.noop[c.args[1]] = { ms, ratio: ms / floorMs };
      rows.push({
        bench: c.bench,
        "ours ms": Math.round(ms),
        "peer ms": Math.round(floorMs),
        "ours / peer": round(ms / floorMs, 2),
        target: c.target ? verdict(ms / floorMs, c.target) : "",
      });
    }

    // 3. One spec changed, then a cached generate; alternating with node -e "".
    log("one spec changed, cached generate at 1,000 tools…");
    const changed = [];
    const floor2 = [];
    for (let n = 1; n <= 3; n++) {
      editSpec(dir, n);
      changed.push(run([bin, "generate"], dir).ms);
      floor2.push(run(["-e", ""], dir).ms);
      log(`  changed generate ${n}: ${Math.round(changed.at(-1))} ms`);
    }
    const changedMs = median(changed);
    const floor2Ms = median(floor2);
    results.oneChanged = { ms: changedMs, ratio: changedMs / floor2Ms };
    rows.push({
      bench: "one spec changed: generate, 1000 tools (cached)",
      "ours ms": Math.round(changedMs),
      "peer ms": Math.round(floor2Ms),
      "ours / peer": round(changedMs / floor2Ms, 2),
      target: verdict(changedMs, 150, (t) => `≤ ${t} ms`),
    });

    // 4. Watch rebuild latency: the median of 11 edits (the first waits for the watcher's
    // idle work, and the next few run code V8 has not optimised yet).
    const watch = await watchLatency(dir, bin, WATCH_EDITS, log, state);
    results.watch = watch;
    if (!watch.available) {
      say("watch: not available");
      rows.push({ bench: "watch rebuild, 1000 tools: not available" });
    } else if (watch.error) {
      say(`watch: ${watch.error}`);
      rows.push({ bench: `watch rebuild, 1000 tools: failed (${watch.error.slice(0, 80)})` });
    } else {
      rows.push({
        bench: "watch rebuild after one edit, 1000 tools (edit to line)",
        "ours ms": Math.round(watch.ms),
        "peer ms": Math.round(floorMs),
        "ours / peer": round(watch.ms / floorMs, 2),
        target: verdict(watch.ms, 200, (t) => `≤ ${t} ms`),
      });
      // No peer: a rebuild starts no process, so `node -e ""` says nothing about it.
      if (watch.buildMs !== undefined)
        rows.push({
          bench: "watch rebuild after one edit, 1000 tools (its line's ms)",
          "ours ms": Math.round(watch.buildMs),
        });
    }
    return withResults ? { rows, results } : rows;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    cleanup();
  }
}

// Run directly: print the table (or, with --json, the rows and raw results as JSON).
if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const binAt = argv.indexOf("--bin");
  const json = argv.includes("--json");
  const { rows, results } = await benchScale({
    full: argv.includes("--full") || process.env.BENCH_SCALE_FULL === "1",
    bin: binAt >= 0 ? path.resolve(argv[binAt + 1]) : undefined,
    withResults: true,
    json,
  });
  if (json) console.log(JSON.stringify({ rows, results }, null, 2));
  else console.table(rows);
}
