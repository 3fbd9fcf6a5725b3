// Reproduction for `import` against hostile servers, on the built CLI (run `npm run build` first):
//  1. limits: import against fake servers whose tools/list never ends (endless cursors,
//     cycling cursors, one endless page), over stdio and HTTP. Reports whether import ended
//     by itself, its exit code, its peak memory, and what the server had sent by then;
//     a watchdog kills import after --watch=MS (default 20000).
//  2. secrets: import against each command-line or URL form of bench/security/secret-forms.js
//     (the command really runs a fake server), then searches every file import wrote, and its
//     stdout and stderr, for the form's secret values.
// Usage: node bench/security/import-endless.js [limits|secrets] [--watch=MS] [--cli=PATH]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPagingHttpServer } from "../servers/paging-server.js";
import { SECRET_FORMS, shimDirectory } from "./secret-forms.js";

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith("--"));
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const WATCH_MS = Number(option("watch", "20000"));
const CLI = path.resolve(option("cli", fileURLToPath(new URL("../../bin/mcp-specgen.js", import.meta.url))));
const SERVER = fileURLToPath(new URL("../servers/paging-server.js", import.meta.url));

/** Peak resident memory of a process so far, in MB (Linux), or NaN. */
function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Runs the CLI with `argv` in `cwd`; kills it after WATCH_MS. */
function runCli(argv, cwd, env = process.env) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...argv], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let peak = 0;
    child.stdout.on("data", (t) => (stdout += t));
    child.stderr.on("data", (t) => (stderr += t));
    const poll = setInterval(() => {
      const rss = peakRssMb(child.pid);
      if (rss > peak) peak = rss;
    }, 50);
    let killed = false;
    const watchdog = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, WATCH_MS);
    child.on("close", (code) => {
      clearInterval(poll);
      clearTimeout(watchdog);
      resolve({ code, killed, seconds: (performance.now() - t0) / 1000, peakMb: peak, stdout, stderr });
    });
  });
}

const firstLine = (text) =>
  text
    .split("\n")
    .find((l) => l.trim())
    ?.slice(0, 150) ?? "";

async function benchLimits() {
  const dir = mkdtempSync(path.join(tmpdir(), "import-endless-"));
  const rows = [];
  try {
    for (const mode of ["endless", "cycle", "huge"]) {
      const report = path.join(dir, `${mode}.json`);
      const out = path.join(dir, `${mode}.md`);
      const r = await runCli(
        ["import", "--stdio", `"${process.execPath}" "${SERVER}" ${mode} --report "${report}"`, "--out", out],
        dir,
      );
      // The server writes its report when its stdin closes, which may be just after import ends.
      for (let i = 0; i < 40 && !existsSync(report); i++) await new Promise((res) => setTimeout(res, 50));
      const sent = existsSync(report)
        ? JSON.parse(readFileSync(report, "utf8"))
        : { pages: Number.NaN, bytes: Number.NaN };
      rows.push(row(`stdio ${mode}`, r, sent, existsSync(out)));
    }
    for (const mode of ["endless", "cycle", "huge"]) {
      const server = await startPagingHttpServer(mode);
      const out = path.join(dir, `http-${mode}.md`);
      try {
        const r = await runCli(["import", "--url", `${server.url}/mcp`, "--out", out], dir);
        rows.push(row(`http ${mode}`, r, server.counters, existsSync(out)));
      } finally {
        await server.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

function row(bench, r, sent, written) {
  return {
    bench,
    ended: r.killed ? `no (killed at ${WATCH_MS / 1000} s)` : "yes",
    exit: r.killed ? "-" : r.code,
    "time s": Number(r.seconds.toFixed(2)),
    "peak RSS MB": Math.round(r.peakMb),
    "pages served": sent.pages,
    "MB served": Number((sent.bytes / 1e6).toFixed(1)),
    written,
    stderr: firstLine(r.stderr),
  };
}

/** Every file below `dir`, with its contents. */
function filesBelow(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else out.push({ file: path.relative(dir, abs), text: readFileSync(abs, "latin1") });
    }
  };
  walk(dir);
  return out;
}

async function benchSecrets() {
  const dir = mkdtempSync(path.join(tmpdir(), "import-secrets-"));
  const shims = shimDirectory(path.join(dir, "bin"));
  const env = { ...process.env, PATH: `${shims}${path.delimiter}${process.env.PATH}` };
  const server = await startPagingHttpServer("ok");
  const rows = [];
  try {
    for (const [i, form] of SECRET_FORMS.entries()) {
      const project = path.join(dir, `p${i}`);
      mkdirSync(project);
      const command = typeof form.stdio === "function" ? form.stdio(shims) : form.stdio;
      const source = command !== undefined ? ["--stdio", command] : ["--url", form.url(server.url)];
      const r = await runCli(["import", ...source, "--name", "demo"], project, env);
      const places = [];
      for (const { file, text } of filesBelow(project))
        if (form.secrets.some((s) => text.includes(s))) places.push(file);
      if (form.secrets.some((s) => r.stdout.includes(s))) places.push("stdout");
      if (form.secrets.some((s) => r.stderr.includes(s))) places.push("stderr");
      rows.push({
        form: form.form,
        exit: r.code,
        written: existsSync(path.join(project, "specs/demo/MCP_TOOL_SPECIFICATION.md")),
        leaked: places.length ? places.join(", ") : "no",
      });
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const leaked = rows.filter((r) => r.leaked !== "no").length;
  const failed = rows.filter((r) => r.exit !== 0).length;
  console.log(`${leaked} of ${rows.length} forms leaked a secret; ${failed} imports did not complete`);
  return rows;
}

if (!only.length || only.includes("limits")) {
  console.log("\n## import limits (hostile servers)");
  console.table(await benchLimits());
}
if (!only.length || only.includes("secrets")) {
  console.log("\n## import secrets (common command-line and URL forms)");
  console.table(await benchSecrets());
}
