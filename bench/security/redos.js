// Patterns against attack strings, end to end (issue 26): `generate` a spec whose tool has
// patterns that backtrack catastrophically on JavaScript's RegExp (`^key=(?:\w|\d)+;$`, which
// a literal prefix hid from the old static analysis and probe, and `^(a+)+$`), start the
// generated stdio server, send `tools/call` requests with attack strings of 33 and 100,000
// characters, and report how long a `ping` sent meanwhile waits — beside the same server's
// idle ping latency (the peer, measured in the same run). The target: under 1 s.
// Second part: how long `generate` takes on a 12 KB spec with 200 distinct slow patterns,
// beside the same spec with 200 ordinary patterns (the peer).
// Usage: node bench/security/redos.js [--lengths=33,100000] [--patterns=200]   (after `npm run build`)
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LineClient } from "../servers/line-client.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const BIN = path.join(REPO, "bin/mcp-specgen.js");
/** How long one attack call may take before the run gives up on it. */
const CALL_LIMIT_MS = 120_000;

/** A project under node_modules/, so generated code resolves `@mcp-specgen/runtime` as in a user's project. */
function project(files) {
  const dir = mkdtempSync(path.join(REPO, "node_modules/.bench-redos-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** Runs `generate` in `dir`; returns its wall time and exit code. */
function generate(dir) {
  const t0 = performance.now();
  let code = 0;
  try {
    execFileSync(process.execPath, [BIN, "generate"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  } catch (err) {
    code = err.status ?? 1;
  }
  return { ms: performance.now() - t0, code };
}

const ATTACK_SPEC = {
  name: "attack.take",
  description: "Takes a key and a run of a's.",
  inputSchema: {
    type: "object",
    properties: {
      key: { type: "string", pattern: "^key=(?:\\w|\\d)+;$" },
      run: { type: "string", pattern: "^(a+)+$" },
    },
    additionalProperties: false,
  },
};

const SERVER = `import { serveStdio } from "@mcp-specgen/runtime";
import { createRegistry } from "./generated/server.js";
const registry = createRegistry({ attack: { take: () => ({ ok: true }) } });
await serveStdio(registry, { name: "bench-redos", version: "1.0.0" });
`;

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5) ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

async function pingOnce(client) {
  const t0 = performance.now();
  await client.request("ping", {});
  return performance.now() - t0;
}

/** The attack argument of `length` characters: digits match both `\w` and `\d`, and `!` fails the match. */
const attacks = (length) => ({
  [`key, ${length} chars`]: { key: `key=${"1".repeat(Math.max(0, length - 5))}!` },
  [`run, ${length} chars`]: { run: `${"a".repeat(length - 1)}!` },
});

/**
 * Generates the attack spec, serves it over stdio and measures ping latency while each
 * attack call runs (a ping every 20 ms), beside the idle server's ping latency.
 * @returns {Promise<object[]>} table rows: one per attack.
 */
export async function benchRedos({ lengths = [33, 100_000] } = {}) {
  const dir = project({
    "package.json": '{ "type": "module" }',
    "specs/attack.json": JSON.stringify(ATTACK_SPEC),
    "server.ts": SERVER,
  });
  const rows = [];
  try {
    const gen = generate(dir);
    if (gen.code !== 0) throw new Error(`generate refused the attack spec (exit ${gen.code})`);
    const client = new LineClient(process.execPath, ["--import", "tsx", path.join(dir, "server.ts")], { cwd: dir });
    try {
      await client.initialize();
      const idle = [];
      for (let i = 0; i < 200; i++) idle.push(await pingOnce(client));
      const peer = stats(idle);
      for (const length of lengths) {
        for (const [name, args] of Object.entries(attacks(length))) {
          const pings = [];
          let attacking = true;
          const pinger = (async () => {
            while (attacking) {
              pings.push(await pingOnce(client));
              await new Promise((r) => setTimeout(r, 20));
            }
          })();
          const t0 = performance.now();
          const response = await Promise.race([
            client.request("tools/call", { name: "attack.take", arguments: args }),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error(`${name}: no answer within ${CALL_LIMIT_MS} ms`)), CALL_LIMIT_MS),
            ),
          ]);
          const callMs = performance.now() - t0;
          attacking = false;
          await pinger;
          const under = stats(pings);
          rows.push({
            attack: name,
            answer: response.result?.isError ? "refused (invalid)" : response.result ? "accepted" : "error",
            "call ms": +callMs.toFixed(1),
            pings: pings.length,
            "ping max ms": +under.max.toFixed(1),
            "idle ping p50 ms": +peer.p50.toFixed(3),
            "under 1 s": under.max < 1000 ? "yes" : "NO",
          });
        }
      }
    } finally {
      await client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** A tool whose one string argument has `pattern`. */
const patternTool = (i, pattern) => ({
  name: `slow.t${i}`,
  description: "d",
  inputSchema: { type: "object", properties: { v: { type: "string", pattern } } },
});

/**
 * 200 distinct patterns that backtrack catastrophically on JavaScript's RegExp, of the
 * shapes each of the old checks caught or missed: a literal prefix before overlapping
 * alternatives (missed by both), nested bounded quantifiers (caught by the probe only) and
 * nested unbounded ones (caught by the static analysis).
 */
export function slowPatterns(count) {
  return Array.from({ length: count }, (_, i) => {
    switch (i % 4) {
      case 0:
        return `^k${i}=(?:\\w|\\d)+;$`;
      case 1:
        return `^p${i}(?:a{1,${1 + (i % 33)}}){1,30}$`;
      case 2:
        return `^(?:[a-z]|[${String.fromCharCode(97 + (i % 26))}-z0-9])*x${i}$`;
      default:
        return `^(a${i % 10}+)+$`;
    }
  });
}

/**
 * Times `generate` of a spec with `count` distinct slow patterns, beside the same spec with
 * `count` ordinary patterns.
 * @returns {object[]} table rows.
 */
export function benchSlowPatternsGenerate({ count = 200 } = {}) {
  const rows = [];
  const specs = {
    [`${count} slow patterns`]: slowPatterns(count),
    [`${count} ordinary patterns (peer)`]: Array.from({ length: count }, (_, i) => `^k${i}=[a-z0-9]+;$`),
  };
  for (const [name, patterns] of Object.entries(specs)) {
    const spec = JSON.stringify(patterns.map((p, i) => patternTool(i, p)));
    const dir = project({ "specs/tools.json": spec });
    try {
      const { ms, code } = generate(dir);
      rows.push({
        spec: name,
        "spec KB": +(spec.length / 1024).toFixed(1),
        "generate s": +(ms / 1000).toFixed(2),
        exit: code,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const lengths = arg("lengths")?.split(",").map(Number);
  console.table(benchSlowPatternsGenerate({ count: Number(arg("patterns") ?? 200) }));
  console.table(await benchRedos(lengths ? { lengths } : {}));
}
