// `node bench/fmt.js` (after `npm run build`): mcp-specgen fmt beside its peer, serializing
// the whole Markdown tree again with mdast-util-to-markdown (what a formatter built on the
// remark stack does), over the Markdown specs of the project and of the codomyrmex corpus.
// Per serializer: files whose meaning (the parsed tools and findings) stays the same, files
// changed, lines changed (all, and prose lines), whether a second run changes anything,
// and the CPU time of a run.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gfmTableToMarkdown } from "mdast-util-gfm-table";
import { toMarkdown } from "mdast-util-to-markdown";
import { formatSpec } from "../dist/src/fmt/format.js";
import { meaningDifference, specMeaning } from "../dist/src/fmt/meaning.js";
import { parseTree } from "../dist/src/parse/markdown/document.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOTS = ["specs", "examples/project/specs", "examples/everything/specs", "examples/custom-generator/specs"]
  .concat(["examples/conformance/specs", "../shared/corpus/codomyrmex"])
  .map((r) => path.join(REPO, r))
  .filter((r) => existsSync(r));

const markdownFiles = (root) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.join(e.parentPath, e.name));

/** Lines of `a` that are not lines of `b` (a cheap, order-blind count of rewritten lines). */
function rewrittenLines(a, b, filter = () => true) {
  const kept = new Set(b.split("\n"));
  return a.split("\n").filter((l) => filter(l) && !kept.has(l)).length;
}
// Prose: a line that starts with a letter (no heading, list item, table row, fence or HTML).
const prose = (l) => /^\p{L}/u.test(l);

const SERIALIZERS = {
  "mcp-specgen fmt": (file, text) => formatSpec(file, text).text,
  "mdast-util-to-markdown": (_file, text) =>
    toMarkdown(parseTree(text), { extensions: [gfmTableToMarkdown()], bullet: "-", fences: true, rule: "-" }),
};

export function benchFmt() {
  const files = ROOTS.flatMap(markdownFiles).map((f) => ({
    file: path.relative(REPO, f),
    text: readFileSync(f, "utf8"),
  }));
  const meanings = files.map(({ file, text }) => specMeaning(file, text));
  const rows = [];
  for (const [name, run] of Object.entries(SERIALIZERS)) {
    const start = process.cpuUsage();
    const outs = files.map(({ file, text }) => run(file, text));
    const cpu = process.cpuUsage(start);
    const row = { bench: name, files: files.length, sameMeaning: 0, changed: 0, lines: 0, proseLines: 0, stable: 0 };
    files.forEach(({ file, text }, i) => {
      const out = outs[i];
      if (meaningDifference(meanings[i], specMeaning(file, out)) === undefined) row.sameMeaning++;
      if (out !== text) row.changed++;
      row.lines += rewrittenLines(text, out);
      row.proseLines += rewrittenLines(text, out, prose);
      if (run(file, out) === out) row.stable++;
    });
    row.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    rows.push(row);
  }
  const totalLines = files.reduce((n, f) => n + f.text.split("\n").length, 0);
  for (const row of rows) row.ofLines = totalLines;
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchFmt());
