// The memory re2js keeps for compiled patterns after an attack: 200 distinct patterns of a
// shape whose automaton has more states than any cache holds (`[\s\S]*x[\s\S]{n}y`), each
// tested once on a string chosen to create a new state at nearly every character. Each
// compiled pattern keeps its cache of states for the life of the process. Peer: re2js's
// default cache budget (8 MiB per pattern), in a process of its own beside the runtime's
// budget (DFA_MEMORY_BUDGET), so that each RSS is its own.
// Beside it, how much of the budget ordinary patterns use on ordinary strings.
// Usage: node bench/security/pattern-memory.js [--patterns=200] [--length=12000]   (about a
// minute: the attack is slow by design, a new state of the automaton at every character)
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RE2JS } from "re2js";
import { compileRe2Syntax, DFA_MEMORY_BUDGET, translateToRe2Syntax } from "@mcp-specgen/runtime";

const HERE = fileURLToPath(import.meta.url);

function attackString(length) {
  let seed = 26;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  // Ends with `y` so that re2js's literal prefilter lets the automaton run.
  return `${Array.from({ length }, () => (random() < 0.5 ? "x" : "z")).join("")}y`;
}

const megabytes = (bytes) => Number((bytes / 1e6).toFixed(1));

/** One process's run: compile, attack, measure. */
function run(variant, patterns, length) {
  const compile = (source) => {
    const syntax = translateToRe2Syntax(source);
    if (!syntax.ok) throw new Error(syntax.reason);
    if (variant === "default") return RE2JS.compile(syntax.source);
    const compiled = compileRe2Syntax(syntax);
    if (!compiled.ok) throw new Error(compiled.reason);
    return compiled.regexp;
  };
  const compiled = Array.from({ length: patterns }, (_, i) => compile(`[\\s\\S]*x[\\s\\S]{${60 + i}}y`));
  const attack = attackString(length);
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  let matched = 0;
  for (const regexp of compiled) matched += regexp.test(attack) ? 1 : 0;
  const ms = performance.now() - t0;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  return {
    bench: `${patterns} patterns, ${variant === "default" ? "re2js default budget (peer)" : `runtime budget ${DFA_MEMORY_BUDGET / 1024} KiB`}`,
    "RSS after MB": megabytes(memory.rss),
    "RSS growth MB": megabytes(memory.rss - rssBefore),
    "heap kept MB": megabytes(memory.heapUsed - heapBefore),
    "attack s": Number((ms / 1000).toFixed(2)),
    "ns/char": Math.round((ms * 1e6) / (patterns * attack.length)),
    matched,
  };
}

/** Ordinary patterns and strings: how much of its cache budget each pattern uses. */
const ORDINARY = [
  ["^[a-z0-9-]+$", ["release-notes-2026", "a".repeat(5000)]],
  ["^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", ["user@example.com", `${"u".repeat(4000)}@example.com`]],
  ["^\\d{4}-\\d{2}-\\d{2}$", ["2026-11-28", "2026-1-28"]],
  ["^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$", ["api.example.com", `${"a-b.".repeat(1000)}com`]],
  ["^[\\p{L}\\p{N}_-]{1,64}$", ["Straße_Ωμέγα_中文_٣", "é".repeat(60)]],
  ["^\\s*[\\p{Lu}][\\p{Ll}]+(?:\\s+[\\p{Lu}][\\p{Ll}]+){0,5}\\s*$", ["  Élan Vital Άλφα  ", "Ab ".repeat(7)]],
];

function ordinaryUse() {
  return ORDINARY.map(([pattern, strings]) => {
    const compiled = compileRe2Syntax(translateToRe2Syntax(pattern));
    if (!compiled.ok) throw new Error(compiled.reason);
    for (const s of strings) compiled.regexp.test(s);
    const dfa = compiled.regexp.re2().dfa;
    return {
      bench: `ordinary: ${pattern.length > 48 ? `${pattern.slice(0, 45)}…` : pattern}`,
      "cache used KB": Math.round((dfa.stateBudget - dfa.memBudget) / 1024),
    };
  });
}

/**
 * Runs both budgets, each in a child process, then ordinary patterns here.
 * @returns {object[]} table rows.
 */
export function benchPatternMemory({ patterns = 200, length = 12_000 } = {}) {
  const rows = ["default", "bounded"].map((variant) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ["--expose-gc", HERE, `--child=${variant}`, `--patterns=${patterns}`, `--length=${length}`],
        { encoding: "utf8", maxBuffer: 1 << 20 },
      ),
    ),
  );
  const [peer, bounded] = rows;
  bounded["vs peer"] = `${(bounded["heap kept MB"] / peer["heap kept MB"]).toFixed(2)}× heap`;
  return [...rows, ...ordinaryUse()];
}

if (process.argv[1] === HERE) {
  const option = (name, fallback) => {
    const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
    return arg ? arg.slice(name.length + 3) : fallback;
  };
  const patterns = Number(option("patterns", 200));
  const length = Number(option("length", 12_000));
  const child = option("child", undefined);
  if (child) process.stdout.write(JSON.stringify(run(child, patterns, length)));
  else console.table(benchPatternMemory({ patterns, length }));
}
