// How long JavaScript's backtracking RegExp takes on the worst strings of a given length for
// patterns the linear-time engine cannot run (lookahead, lookbehind, backreferences) — the
// ones a spec may opt in to running under a length cap (`backtrackingPatterns`). The
// default cap is chosen from this table: the longest length at which the worst of these
// usual shapes still answers within a millisecond. Beside each, the same length against a
// pattern RE2 runs (`^[a-z0-9-]+$` on V8, the peer).
// Usage: node bench/security/backtracking-cap.js [--lengths=100,250,1000,4000]
import { fileURLToPath } from "node:url";

/** Usual shapes of patterns that need backtracking, each with strings that make it work hardest. */
export const SHAPES = [
  {
    name: "password rule (4 lookaheads)",
    pattern: "^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,}$",
    attack: (n) => "a".repeat(n),
  },
  { name: "no double dot (lookahead)", pattern: "^(?!.*\\.\\.)[\\w.]+$", attack: (n) => `${"a.".repeat(n / 2)}!` },
  { name: "quoted (backreference)", pattern: "^(['\"])(?:(?!\\1).)*\\1$", attack: (n) => `'${"a".repeat(n - 1)}` },
  {
    name: "repeated word (backreference)",
    pattern: "^(\\w+)\\s\\1$",
    attack: (n) => `${"a".repeat(n / 2)} ${"a".repeat(n / 2 - 1)}b`,
  },
  { name: "repeated unit (backreference)", pattern: "^(.+)\\1+$", attack: (n) => `${"a".repeat(n - 1)}b` },
  {
    name: "hostname label (lookbehind)",
    pattern: "^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$",
    attack: (n) => `${"a".repeat(n - 1)}-`,
  },
  { name: "unanchored lookbehind", pattern: '(?<![\\\\])"[^"]*$', attack: (n) => '\\"'.repeat(n / 2) },
];

function worstMs(regexp, input) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    regexp.test(input);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * Times each shape at each length (best of 5, so the table shows the pattern, not noise).
 * @returns {object[]} table rows: one per shape, a column per length.
 */
export function benchBacktrackingCap({ lengths = [100, 250, 1000, 4000] } = {}) {
  const rows = [];
  const peer = /^[a-z0-9-]+$/u;
  for (const shape of SHAPES) {
    const regexp = new RegExp(shape.pattern, "u");
    const row = { shape: shape.name };
    for (const n of lengths) row[`${n} ms`] = +worstMs(regexp, shape.attack(n)).toFixed(3);
    rows.push(row);
  }
  const row = { shape: "^[a-z0-9-]+$ (peer)" };
  for (const n of lengths) row[`${n} ms`] = +worstMs(peer, `${"a".repeat(n - 1)}!`).toFixed(3);
  rows.push(row);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lengths = process.argv
    .find((a) => a.startsWith("--lengths="))
    ?.split("=")[1]
    .split(",")
    .map(Number);
  console.table(benchBacktrackingCap(lengths ? { lengths } : {}));
}
