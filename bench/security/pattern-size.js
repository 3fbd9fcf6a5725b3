// What a pattern's program size costs re2js: compiling it, and matching per character of the
// string, at program sizes around the translator's bound (MAX_PROGRAM_SIZE). The peer is the
// smallest size measured, in the same run. Two shapes per size:
// - "alternatives": `^(?:0\w{k}|1\w{k}|…)$`, alternatives of counted repetitions (the shape a
//   review found: 800 of them, 9.5 KB, took 2 s and 336 MB to compile); matched against
//   "0" and k word characters (a match: every character goes through the program);
// - "cache overflow": alternatives of `[ab]*a[ab]{k}c`, whose automaton has more states than
//   any cache holds, matched against random a/b characters then "c": the worst case per
//   character (re2js falls back to its engine without a cache, every instruction live).
// Programs are compiled from RE2 syntax here (the translator refuses those above the bound),
// with the runtime's cache budget per pattern (DFA_MEMORY_BUDGET).
// Usage: node --expose-gc bench/security/pattern-size.js [--sizes=1000,2000,5000,10000,20000]
import { fileURLToPath } from "node:url";
import { RE2JS } from "re2js";
import { DFA_MEMORY_BUDGET, MAX_PROGRAM_SIZE } from "@mcp-specgen/runtime";

function compileBounded(source) {
  const regexp = RE2JS.compile(source);
  const dfa = regexp.re2().dfa;
  dfa.maxMem = dfa.stateBudget = dfa.memBudget = DFA_MEMORY_BUDGET;
  return regexp;
}

/** `count` alternatives with bodies from `body(i)`, as one pattern. */
const alternatives = (count, body) => Array.from({ length: count }, (_, i) => body(i)).join("|");

const SHAPES = {
  alternatives: (size) => {
    const k = Math.min(1000, size);
    return {
      source: `^(?:${alternatives(Math.max(1, Math.round(size / k)), (i) => `${i}\\w{${k}}`)})$`,
      input: `0${"x".repeat(k)}`,
    };
  },
  "cache overflow": (size) => {
    const k = Math.min(1000, size);
    let seed = 26;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    return {
      source: alternatives(Math.max(1, Math.round(size / k)), (i) => `[ab]*${i % 2 ? "b" : "a"}[ab]{${k - (i >> 1)}}c`),
      input: `${Array.from({ length: 4000 }, () => (random() < 0.5 ? "a" : "b")).join("")}c`,
    };
  },
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function heapUsed() {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * Compiles and matches each shape at each size.
 * @returns {object[]} table rows.
 */
export function benchPatternSize({ sizes = [1000, 2000, MAX_PROGRAM_SIZE, 10_000, 20_000] } = {}) {
  // Warm the compiler up on a program of another shape.
  for (let i = 0; i < 3; i++) compileBounded(`^(?:${alternatives(5, (j) => `z${j}[a-f]{300}`)})$`).test("z0abc");
  const rows = [];
  const peers = {};
  for (const [shape, make] of Object.entries(SHAPES)) {
    for (const size of sizes) {
      const { source, input } = make(size);
      const compileMs = [];
      const kept = [];
      const before = heapUsed();
      for (let round = 0; round < 3; round++) {
        const t0 = performance.now();
        kept.push(compileBounded(source));
        compileMs.push(performance.now() - t0);
      }
      // What one compiled program keeps (the three are alive together).
      const heap = (heapUsed() - before) / kept.length;
      const regexp = kept[0];
      regexp.test(input);
      const matchNs = [];
      for (let round = 0; round < 3; round++) {
        const t0 = performance.now();
        regexp.test(input);
        matchNs.push(((performance.now() - t0) * 1e6) / input.length);
      }
      const row = {
        bench: `${shape}, size ${size}`,
        instructions: regexp.re2().numberOfInstructions(),
        "compile ms": Number(median(compileMs).toFixed(1)),
        "program MB": Number((heap / 1e6).toFixed(2)),
        "match ns/char": Math.round(median(matchNs)),
      };
      peers[shape] ??= row;
      row["compile vs peer"] = `${(row["compile ms"] / peers[shape]["compile ms"]).toFixed(1)}×`;
      row["match vs peer"] = `${(row["match ns/char"] / Math.max(1, peers[shape]["match ns/char"])).toFixed(1)}×`;
      rows.push(row);
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizesArg = process.argv.find((a) => a.startsWith("--sizes="));
  console.table(benchPatternSize(sizesArg ? { sizes: sizesArg.slice(8).split(",").map(Number) } : {}));
}
