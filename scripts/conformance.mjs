#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the
// example in examples/conformance: every server scenario against its SDK v2 server
// (src/sdk-server.ts) and against the runtime's own server (src/fast-server.ts), and every
// client scenario with its client (src/client.ts). Prints a table of scenario × target →
// passed/total checks, and totals.
//
//   npm run conformance                      # everything
//   npm run conformance -- --only server     # server scenarios only (or: client)
//   npm run conformance -- --target fast     # one server target (sdk | fast)
//   npm run conformance -- --scenario ping --scenario tools-list
//   npm run conformance -- --verbose         # the failing checks' messages too
//   npm run conformance -- --json out.json   # the results as JSON as well
//   npm run conformance -- --no-build        # skip the TypeScript builds
//
// The suite needs Node.js >= 22, so the script installs it and Node 22 (the `node` npm
// package) into a cache directory outside the repository ($MCP_CONFORMANCE_DIR, default
// <tmpdir>/mcp-specgen-conformance-<version>) and reuses them on later runs. That install
// needs the npm registry, which is why this is not part of `npm test`. Exit code 0 when
// nothing failed, 1 otherwise. Every process the script starts is stopped before it exits.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export const SUITE_VERSION = "0.1.16";
const NODE_PACKAGE = "node@22";
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXAMPLE = path.join(REPO, "examples", "conformance");

/** The server targets: the example's two servers. */
export const SERVER_TARGETS = [
  { name: "sdk", label: "SDK v2 server", script: "dist/src/sdk-server.js" },
  { name: "fast", label: "fast server", script: "dist/src/fast-server.js" },
];
const CLIENT_TARGET = { name: "client", label: "SDK v2 client" };

// ---------------------------------------------------------------------------------------------
// Pure parts (tested in test/conformance-script.test.ts).

/**
 * Reads the output of `conformance list`: the names under "Server scenarios" and "Client
 * scenarios", without the `[versions]` suffix.
 * @param {string} text
 * @returns {{ server: string[], client: string[] }}
 */
export function parseScenarioList(text) {
  const lists = { server: [], client: [] };
  let current;
  for (const line of text.split(/\r?\n/)) {
    if (/^Server scenarios/i.test(line)) current = lists.server;
    else if (/^Client scenarios/i.test(line)) current = lists.client;
    else {
      const match = /^\s+-\s+(\S+)/.exec(line);
      if (match && current) current.push(match[1]);
    }
  }
  return lists;
}

/**
 * Counts a scenario's checks as the suite does: SUCCESS and FAILURE count towards the total,
 * WARNING is counted apart, INFO is not counted.
 * @param {ReadonlyArray<{ status: string, id?: string, name?: string, description?: string, errorMessage?: string }>} checks
 */
export function summarizeChecks(checks) {
  const failures = [];
  let passed = 0;
  let failed = 0;
  let warnings = 0;
  for (const check of checks) {
    if (check.status === "SUCCESS") passed++;
    else if (check.status === "FAILURE") {
      failed++;
      failures.push(`${check.id ?? check.name}: ${check.errorMessage ?? check.description ?? "failed"}`);
    } else if (check.status === "WARNING") {
      warnings++;
      failures.push(`(warning) ${check.id ?? check.name}: ${check.errorMessage ?? check.description ?? ""}`);
    }
  }
  return { passed, failed, warnings, total: passed + failed, failures };
}

/**
 * Reads the suite's result line `Passed: 3/4, 1 failed, 0 warnings` (used when no checks.json
 * was written, e.g. when the suite itself crashed).
 * @param {string} text
 * @returns {{ passed: number, total: number, failed: number, warnings: number } | undefined}
 */
export function parseResultLine(text) {
  const match = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(text);
  if (!match) return undefined;
  const [passed, total, failed, warnings] = match.slice(1).map(Number);
  return { passed, total, failed, warnings };
}

/**
 * A scenario passes, as in the suite, when none of its checks failed and the run itself did not break.
 * Warnings (SHOULDs) do not fail it.
 * @param {{ total: number, failed: number, error?: string }} result
 */
export function scenarioPassed(result) {
  return result.error === undefined && result.failed === 0;
}

/**
 * The results table: one row per scenario, one column per target, each cell `✓ 3/3`, `✗ 1/2`
 * (passed/total checks; `+Nw` for warnings) or `—` when the target did not run it; then totals.
 * @param {string} title
 * @param {readonly string[]} scenarios
 * @param {ReadonlyArray<{ name: string, label: string }>} targets
 * @param {Map<string, { passed: number, failed: number, warnings: number, total: number, error?: string }>} results keyed `${target}\u0000${scenario}`
 */
export function formatTable(title, scenarios, targets, results) {
  const cell = (result) => {
    if (!result) return "—";
    const mark = scenarioPassed(result) ? "✓" : "✗";
    const warn = result.warnings > 0 ? ` +${result.warnings}w` : "";
    const error = result.error === undefined ? "" : " !";
    return `${mark} ${result.passed}/${result.total}${warn}${error}`;
  };
  const header = [title, ...targets.map((t) => t.label)];
  const rows = scenarios.map((s) => [s, ...targets.map((t) => cell(results.get(`${t.name}\u0000${s}`)))]);
  const totals = targets.map((t) => {
    let scenariosPassed = 0;
    let scenariosRun = 0;
    let checksPassed = 0;
    let checksTotal = 0;
    for (const s of scenarios) {
      const r = results.get(`${t.name}\u0000${s}`);
      if (!r) continue;
      scenariosRun++;
      if (scenarioPassed(r)) scenariosPassed++;
      checksPassed += r.passed;
      checksTotal += r.total;
    }
    return { scenariosPassed, scenariosRun, checksPassed, checksTotal };
  });
  rows.push(["scenarios passed", ...totals.map((t) => `${t.scenariosPassed}/${t.scenariosRun}`)]);
  rows.push(["checks passed", ...totals.map((t) => `${t.checksPassed}/${t.checksTotal}`)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  const separator = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  const body = rows.map(line);
  body.splice(rows.length - 2, 0, separator);
  return [line(header), separator, ...body].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Processes: every child is started in its own process group and tracked, so that the whole
// group (the suite and the client it starts) can be stopped by its id.

const children = new Set();

function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function stopChild(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}

function stopAll() {
  for (const child of children) stopChild(child, "SIGKILL");
}

/** Stops every child when this process exits or is interrupted (installed by `main` only). */
function stopAllOnExit() {
  process.on("exit", stopAll);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      stopAll();
      process.exit(130);
    });
  }
}

/** Runs a command to its end (or until `timeoutMs`), collecting its output. */
function run(command, args, { cwd = REPO, env = process.env, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const child = track(spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] }));
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      stopChild(child, "SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: `${stderr}\n${error.message}`, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr, timedOut });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Setup.

function suiteDir() {
  return process.env.MCP_CONFORMANCE_DIR ?? path.join(os.tmpdir(), `mcp-specgen-conformance-${SUITE_VERSION}`);
}

/** Installs the suite and Node 22 into the cache directory unless they are there already. */
function installSuite() {
  const dir = suiteDir();
  const entry = path.join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
  const node22 = path.join(dir, "node_modules", "node", "bin", "node");
  const installed = () => {
    try {
      const pkg = JSON.parse(
        readFileSync(path.join(dir, "node_modules", "@modelcontextprotocol", "conformance", "package.json"), "utf8"),
      );
      return pkg.version === SUITE_VERSION && existsSync(entry) && existsSync(node22);
    } catch {
      return false;
    }
  };
  if (!installed()) {
    console.error(`Installing @modelcontextprotocol/conformance@${SUITE_VERSION} and ${NODE_PACKAGE} into ${dir} …`);
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, "package.json"))) {
      writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
    }
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const r = spawnSync(
      npm,
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `@modelcontextprotocol/conformance@${SUITE_VERSION}`,
        NODE_PACKAGE,
      ],
      { cwd: dir, stdio: "inherit" },
    );
    if (r.status !== 0 || !installed()) throw new Error(`could not install the conformance suite into ${dir}`);
  }
  const version = spawnSync(node22, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (!/^v(2[2-9]|[3-9]\d)\./.test(version)) throw new Error(`${node22} is ${version || "not runnable"}, need >= 22`);
  return { dir, entry, node22 };
}

/** Builds the runtime package and the example project (tsc). */
function build() {
  const tsc = path.join(REPO, "node_modules", ".bin", process.platform === "win32" ? "tsc.cmd" : "tsc");
  for (const project of ["packages/runtime", "examples/conformance"]) {
    console.error(`Building ${project} …`);
    const r = spawnSync(tsc, ["-p", project], { cwd: REPO, stdio: "inherit" });
    if (r.status !== 0) throw new Error(`tsc -p ${project} failed`);
  }
}

/** Lists the suite's scenarios. */
async function listScenarios(suite) {
  const r = await run(suite.node22, [suite.entry, "list"], { timeoutMs: 60_000 });
  const lists = parseScenarioList(r.stdout);
  if (lists.server.length === 0 || lists.client.length === 0) {
    throw new Error(`could not read the scenario list:\n${r.stdout}\n${r.stderr}`);
  }
  return lists;
}

/** Starts one of the example's servers on a free port; resolves with its URL and a stop function. */
function startServer(target, maxSeconds) {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, [path.join(EXAMPLE, target.script), "--max-seconds", String(maxSeconds)], {
        cwd: EXAMPLE,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      }),
    );
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => fail(new Error(`${target.label} did not start within 30 s`)), 30_000);
    const fail = (error) => {
      clearTimeout(timer);
      stopChild(child, "SIGKILL");
      reject(new Error(`${error.message}\n${stderr}`));
    };
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.stdout.on("data", (d) => {
      stdout += d;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      try {
        const { url } = JSON.parse(stdout.slice(0, newline));
        resolve({
          url,
          logs: () => stderr,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once("exit", () => done());
              child.stdin.end();
              stopChild(child, "SIGTERM");
              setTimeout(() => stopChild(child, "SIGKILL"), 3_000).unref();
            }),
        });
      } catch (error) {
        fail(error);
      }
    });
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`${target.label} exited (${code}) before it was listening`)));
  });
}

function findChecks(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findChecks(full);
      if (found) return found;
    } else if (entry.name === "checks.json") return full;
  }
  return undefined;
}

/** Runs one scenario (`server` against a URL, `client` with a command) and reads its checks. */
async function runScenario(suite, mode, scenario, targetArg, scratch) {
  const out = mkdtempSync(path.join(scratch, "run-"));
  const args =
    mode === "server"
      ? [suite.entry, "server", "--url", targetArg, "--scenario", scenario, "-o", out]
      : [suite.entry, "client", "--command", targetArg, "--scenario", scenario, "--timeout", "30000", "-o", out];
  const r = await run(suite.node22, args, { timeoutMs: 90_000 });
  const file = findChecks(out);
  let result;
  if (file) {
    result = summarizeChecks(JSON.parse(readFileSync(file, "utf8")));
  } else {
    const line = parseResultLine(`${r.stdout}\n${r.stderr}`);
    result = { ...(line ?? { passed: 0, failed: 0, warnings: 0, total: 0 }), failures: [] };
    result.error = r.timedOut ? "timed out" : `no checks.json (exit ${r.code})`;
    result.failures.push(`${result.error}: ${(r.stderr || r.stdout).trim().split("\n").slice(-5).join(" / ")}`);
  }
  if (mode === "client" && /CLIENT TIMED OUT/.test(r.stderr)) result.failures.push("client timed out");
  return result;
}

/** Runs `tasks` (functions returning promises) with at most `limit` at a time. */
async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      target: { type: "string", multiple: true },
      scenario: { type: "string", multiple: true },
      verbose: { type: "boolean", default: false },
      json: { type: "string" },
      "no-build": { type: "boolean", default: false },
      concurrency: { type: "string", default: "4" },
    },
  });
  stopAllOnExit();
  if (values.only && values.only !== "server" && values.only !== "client") {
    throw new Error(`--only takes "server" or "client", not ${values.only}`);
  }
  const suite = installSuite();
  if (!values["no-build"]) build();
  const lists = await listScenarios(suite);
  const pick = (names) => (values.scenario ? names.filter((n) => values.scenario.includes(n)) : names);
  const serverScenarios = values.only === "client" ? [] : pick(lists.server);
  const clientScenarios = values.only === "server" ? [] : pick(lists.client);
  const targets = SERVER_TARGETS.filter((t) => !values.target || values.target.includes(t.name));
  const concurrency = Math.max(1, Number(values.concurrency) || 4);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mcp-specgen-conformance-run-"));
  const results = new Map();
  const started = Date.now();
  try {
    if (serverScenarios.length > 0) {
      await Promise.all(
        targets.map(async (target) => {
          const server = await startServer(target, 1_800);
          console.error(`${target.label}: ${server.url}`);
          try {
            for (const scenario of serverScenarios) {
              const result = await runScenario(suite, "server", scenario, server.url, scratch);
              results.set(`${target.name}\u0000${scenario}`, result);
              console.error(`  ${target.name} ${scenario}: ${scenarioPassed(result) ? "pass" : "FAIL"}`);
            }
          } finally {
            await server.stop();
          }
        }),
      );
    }
    if (clientScenarios.length > 0) {
      const command = `${process.execPath} ${path.join(EXAMPLE, "dist", "src", "client.js")}`;
      await pool(
        clientScenarios.map((scenario) => async () => {
          const result = await runScenario(suite, "client", scenario, command, scratch);
          results.set(`${CLIENT_TARGET.name}\u0000${scenario}`, result);
          console.error(`  client ${scenario}: ${scenarioPassed(result) ? "pass" : "FAIL"}`);
        }),
        concurrency,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log("");
  if (serverScenarios.length > 0) console.log(`${formatTable("server scenario", serverScenarios, targets, results)}\n`);
  if (clientScenarios.length > 0) {
    console.log(`${formatTable("client scenario", clientScenarios, [CLIENT_TARGET], results)}\n`);
  }
  let failedScenarios = 0;
  const details = [];
  for (const [key, result] of results) {
    const [target, scenario] = key.split("\u0000");
    if (!scenarioPassed(result)) failedScenarios++;
    const shown = values.verbose ? result.failures : result.failures.filter((f) => !f.startsWith("(warning)"));
    if (shown.length > 0 && (!scenarioPassed(result) || values.verbose)) {
      details.push(`${target} ${scenario}:\n${shown.map((f) => `    ${f}`).join("\n")}`);
    }
  }
  if (details.length > 0)
    console.log(`${values.verbose ? "Failures and warnings" : "Failures"}:\n${details.join("\n")}\n`);
  const passedScenarios = results.size - failedScenarios;
  console.log(
    `conformance ${SUITE_VERSION}: ${passedScenarios} passed, ${failedScenarios} failed (scenario runs, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (values.json) {
    const json = [...results].map(([key, r]) => {
      const [target, scenario] = key.split("\u0000");
      return { target, scenario, ...r, passedScenario: scenarioPassed(r) };
    });
    writeFileSync(values.json, `${JSON.stringify(json, null, 2)}\n`);
  }
  return failedScenarios === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main()
    .then((code) => {
      stopAll();
      process.exit(code);
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      stopAll();
      process.exit(1);
    });
}
