// Watch mode after a one-section edit (issue 32, item 4): the re-parse `generate --watch`
// does today (the file split at its headings, only the changed sections parsed again,
// src/parse/markdown/sectioned-parse.ts) beside lezer's incremental re-parse (the earlier
// tree's fragments, `TreeFragment.applyChanges`, then a parse that reuses them) followed
// by the adapter's conversion of the whole new tree to mdast, which has no incremental
// form. Alternating rounds in one process, medians; the incremental trees are checked
// against a fresh parse (lezer tree and mdast). Inputs: one file of 1,000 synthetic tools
// (`bench/synthetic.js`) and every corpus file (`../shared/corpus`, when present), each
// edited in the middle of one tool's description.
// Usage: node bench/markdown-watch.js [--rounds=5]   (after `npm run build`)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TreeFragment } from "@lezer/common";
import { markdownFiles } from "./synthetic.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const DIST = path.join(REPO, "dist/src");
const CORPUS = path.resolve(REPO, "../shared/corpus");

const { lezerTree } = await import(path.join(DIST, "parse/markdown/lezer/parser.js"));
const { BlockConverter } = await import(path.join(DIST, "parse/markdown/lezer/blocks.js"));
const { PointIndex } = await import(path.join(DIST, "parse/markdown/lezer/points.js"));
const { parseMarkdown, parseTree } = await import(path.join(DIST, "parse/markdown/document.js"));
const { memoryStore } = await import(path.join(DIST, "memo/store.js"));

/** A text and the same text with a few words inserted in the middle of one paragraph. */
function edited(text) {
  const middle = text.indexOf("\n\n", Math.floor(text.length / 2));
  const at = text.lastIndexOf(" ", middle > 0 ? middle : text.length - 1);
  const insert = " (edited in watch mode)";
  const after = text.slice(0, at) + insert + text.slice(at);
  return { before: text, after, change: { fromA: at, toA: at, fromB: at, toB: at + insert.length } };
}

/** The adapter's mdast of a lezer tree (what `lezerMarkdown` does after parsing). */
function convert(tree, text) {
  const points = new PointIndex(text);
  return {
    type: "root",
    children: new BlockConverter(points, text).flow(tree.topNode, []),
    position: points.position(0, text.length),
  };
}

/** Node names and ranges of a lezer tree, for comparing two trees. */
function shape(tree) {
  const out = [];
  tree.iterate({ enter: (n) => void out.push(`${n.name}:${n.from}-${n.to}`) });
  return out.join(" ");
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One round over `edits`: ms of each way, summed over the edits. */
function round(edits, check) {
  const ms = { sections: 0, incrementalTree: 0, incremental: 0, whole: 0 };
  let identical = true;
  for (const { before, after, change } of edits) {
    // Today's: sections of the text before the edit are in the store (not timed).
    const store = memoryStore(undefined, 20_000, 64 * 1024 * 1024);
    parseMarkdown("MCP_TOOL_SPECIFICATION.md", before, store);
    let t0 = performance.now();
    const bySections = parseMarkdown("MCP_TOOL_SPECIFICATION.md", after, store).root;
    ms.sections += performance.now() - t0;
    // Lezer's incremental re-parse from the earlier tree (not timed), then the conversion.
    const earlier = lezerTree(before);
    t0 = performance.now();
    const fragments = TreeFragment.applyChanges(TreeFragment.addTree(earlier), [change]);
    const tree = lezerTree(after, fragments);
    ms.incrementalTree += performance.now() - t0;
    const incremental = convert(tree, after);
    ms.incremental += performance.now() - t0;
    // The whole file parsed again, as without sections.
    t0 = performance.now();
    const whole = parseTree(after);
    ms.whole += performance.now() - t0;
    if (check) {
      identical &&= shape(tree) === shape(lezerTree(after));
      identical &&= JSON.stringify(incremental) === JSON.stringify(whole);
      identical &&= JSON.stringify(bySections) === JSON.stringify(whole);
    }
  }
  return { ms, identical };
}

function corpusFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) corpusFiles(file, out);
    else if (entry === "MCP_TOOL_SPECIFICATION.md") out.push(file);
  }
  return out;
}

/** Runs the benchmark and returns rows for the report. */
export function benchMarkdownWatch({ rounds = 5 } = {}) {
  const oneFile = [...markdownFiles(1000, 1).values()].join("");
  const inputs = { "1,000 tools, one file": [edited(oneFile)] };
  if (existsSync(CORPUS)) {
    const texts = corpusFiles(CORPUS).map((f) => readFileSync(f, "utf8"));
    inputs[`corpus (${texts.length} specs, one edit each)`] = texts.map(edited);
  }
  const rows = [];
  for (const [name, edits] of Object.entries(inputs)) {
    const runs = [];
    for (let r = 0; r < rounds + 1; r++) runs.push(round(edits, r === 0));
    const measured = runs.slice(1); // the first round warms the compiler (and checks the trees)
    const of = (key) => median(measured.map((m) => m.ms[key]));
    const sections = of("sections");
    rows.push({
      bench: `watch re-parse after a one-section edit, ${name} (${Math.round(edits.reduce((n, e) => n + e.after.length, 0) / 1000)} KB)`,
      "sections ms (today)": +sections.toFixed(1),
      "lezer incremental tree ms": +of("incrementalTree").toFixed(1),
      "lezer incremental + mdast ms": +of("incremental").toFixed(1),
      "whole parse ms": +of("whole").toFixed(1),
      "incremental / sections": +(of("incremental") / sections).toFixed(2),
      "trees identical": runs[0].identical,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = process.argv.find((a) => a.startsWith("--rounds="));
  console.table(benchMarkdownWatch({ rounds: found ? Number(found.slice(9)) : 5 }));
}
