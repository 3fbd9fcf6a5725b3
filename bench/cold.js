// Cold `generate --no-cache` beside json-schema-to-typescript's CLI, alternating in one run:
// for each round, every build from Markdown and from one JSON tool list, then json2ts (types
// only) over the same tools' input and output schemas. Reports the median wall and CPU
// (user + sys) of each case as a ratio to json2ts's median, and peak RSS (GNU time).
// Usage: node bench/cold.js [--tools 1000] [--rounds 3] [--bin PATH]... [--json]
//   --bin may repeat to compare builds (default: this checkout's bin/mcp-specgen.js);
//   extra CLI flags for our runs: --flags "--workers 0"; repeated, each set is a case of its own.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { jsonTools, markdownFiles, outputSchema, toolSchema } from "./synthetic.js";

const REPO = path.resolve(import.meta.dirname, "..");
const JSON2TS = path.join(REPO, "node_modules/json-schema-to-typescript/dist/src/cli.js");
const MODULES = 50;

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const bins = argv.flatMap((a, i) => (argv[i - 1] === "--bin" ? [path.resolve(a)] : []));
if (bins.length === 0) bins.push(path.join(REPO, "bin/mcp-specgen.js"));
const tools = Number(opt("--tools", 1000));
const rounds = Number(opt("--rounds", 3));
const flagSets = argv.flatMap((a, i) => (argv[i - 1] === "--flags" ? [a.split(" ").filter(Boolean)] : []));
if (flagSets.length === 0) flagSets.push([]);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function writeTree(dir, files) {
  for (const [rel, text] of files) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

function project(root, name, files) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    `{ "name": "bench-cold-${name}", "private": true, "type": "module" }\n`,
  );
  writeTree(path.join(dir, "specs"), files);
  return dir;
}

/** Runs `node args…` under GNU time: wall, CPU (user + sys) in ms and peak RSS in MiB. */
function timed(args, cwd) {
  const out = path.join(cwd, ".time");
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", "-o", out, process.execPath, ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "" },
  });
  if (r.status !== 0)
    throw new Error(`node ${args.join(" ")} exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 800)}`);
  const [e, u, s, m] = readFileSync(out, "utf8").trim().split("\n").pop().split(" ").map(Number);
  return { wall: e * 1000, cpu: (u + s) * 1000, rss: m / 1024 };
}

const root = mkdtempSync(path.join(tmpdir(), "bench-cold-"));
try {
  const md = project(root, "md", markdownFiles(tools, MODULES));
  const js = project(root, "json", [["tools.json", JSON.stringify({ tools: jsonTools(tools, MODULES) })]]);
  const schemas = path.join(root, "schemas");
  mkdirSync(schemas);
  for (let i = 0; i < tools; i++) {
    writeFileSync(
      path.join(schemas, `tool_${i}_args.json`),
      JSON.stringify({ ...toolSchema(i), title: `Tool${i}Args` }),
    );
    writeFileSync(
      path.join(schemas, `tool_${i}_result.json`),
      JSON.stringify({ ...outputSchema(i), title: `Tool${i}Result` }),
    );
  }
  const cases = [];
  bins.forEach((bin, b) => {
    for (const flags of flagSets)
      for (const [kind, cwd] of [
        ["markdown", md],
        ["json", js],
      ]) {
        cases.push({
          name: `${kind} #${b} ${path.relative(process.cwd(), bin) || bin}${flags.length ? ` ${flags.join(" ")}` : ""}`,
          cwd,
          args: [bin, "generate", "--no-cache", ...flags],
          clean: () => rmSync(path.join(cwd, "generated"), { recursive: true, force: true }),
        });
      }
  });
  const peerOut = path.join(root, "json2ts-out");
  cases.push({
    name: "json2ts",
    cwd: root,
    args: [JSON2TS, "-i", schemas, "-o", peerOut],
    clean: () => rmSync(peerOut, { recursive: true, force: true }),
  });
  const samples = new Map(cases.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      c.clean();
      const t = timed(c.args, c.cwd);
      samples.get(c.name).push(t);
      process.stderr.write(`round ${r + 1} ${c.name}: ${Math.round(t.wall)} ms wall, ${Math.round(t.cpu)} ms CPU\n`);
    }
  }
  const peer = samples.get("json2ts");
  const pw = median(peer.map((t) => t.wall));
  const pc = median(peer.map((t) => t.cpu));
  const rows = cases.map((c) => {
    const s = samples.get(c.name);
    const wall = median(s.map((t) => t.wall));
    const cpu = median(s.map((t) => t.cpu));
    return {
      case: c.name,
      wallMs: Math.round(wall),
      wallRatio: +(wall / pw).toFixed(2),
      cpuMs: Math.round(cpu),
      cpuRatio: +(cpu / pc).toFixed(2),
      rssMiB: `${Math.round(Math.min(...s.map((t) => t.rss)))}–${Math.round(Math.max(...s.map((t) => t.rss)))}`,
    };
  });
  if (argv.includes("--json")) console.log(JSON.stringify({ tools, rounds, rows }, null, 2));
  else {
    console.log(`cold generate --no-cache, ${tools} tools, median of ${rounds} alternating rounds`);
    console.log("| case | wall ms | wall × json2ts | CPU ms | CPU × json2ts | peak RSS MiB |");
    console.log("| --- | --: | --: | --: | --: | --- |");
    for (const r of rows)
      console.log(`| ${r.case} | ${r.wallMs} | ${r.wallRatio} | ${r.cpuMs} | ${r.cpuRatio} | ${r.rssMiB} |`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
