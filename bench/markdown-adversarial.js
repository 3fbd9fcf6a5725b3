// Adversarial Markdown (issue 32): about 1 MB of text built to make a Markdown parser slow
// (nested emphasis, brackets, long tables, runs of backticks, runs of spaces, entities,
// deep containers), read three ways in the same run:
//  - spec: `parseMarkdownSpec`, the path every Markdown spec takes (the prescan's limits,
//    then the parser, then the readers); the target is ≤ 2,000 ms for every input;
//  - lezer: the lezer adapter alone, without the prescan (its raw cost, or a stack overflow);
//  - micromark: mdast-util-from-markdown alone (the reference, and the parser before
//    lezer), the peer. The raw parses run in a child process each, stopped after a timeout.
// Usage: node bench/markdown-adversarial.js [--size=1000000] [--timeout=20000] [--only=name part]   (after `npm run build`)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const DIST = path.join(REPO, "dist/src");

/** Repeats `unit` until the text is about `size` characters. */
const fill = (unit, size) => unit.repeat(Math.max(1, Math.floor(size / unit.length)));

/** The inputs: name → text of about `size` characters. */
export function adversarialInputs(size) {
  const half = Math.floor(size / 2);
  return {
    "nested emphasis, one paragraph": `${"*a ".repeat(half / 3)}${" b*".repeat(half / 3)}\n`,
    "nested emphasis, 400 per paragraph": fill(`${"*a _".repeat(100)}x${"_ b*".repeat(100)}\n\n`, size),
    "open brackets, one paragraph": `${"[a".repeat(half)}\n`,
    "brackets, 400 per paragraph": fill(`${"[a](".repeat(200)}${"[b]".repeat(200)}\n\n`, size),
    "link-like text, no definitions": fill("see [a] and [b][c] and ![d] ", size),
    "long table": `| a | b | c |\n|---|:-:|--:|\n${fill("| `x` | **y** | z |\n", size)}`,
    "one table row of 100,000 cells": `| a |\n|---|\n${"|x".repeat(Math.min(100000, half))}|\n`,
    "runs of backticks": (() => {
      let text = "";
      for (let n = 1; text.length < size; n++) text += `${"`".repeat(n)} `;
      return `${text}\n`;
    })(),
    "backticks, unclosed": `${fill("`a ``b ```c ", size)}\n`,
    "runs of spaces": `**Label**${" ".repeat(size)}x\n`,
    "entities and escapes": fill("&amp; &#35; &#x22; &bogus; \\* \\_ ", size),
    "block quotes 32 deep": fill(`${"> ".repeat(32)}a\n`, size),
    "lists 32 deep": (() => {
      let unit = "";
      for (let d = 0; d < 32; d++) unit += `${"  ".repeat(d)}- a\n`;
      return fill(unit, size);
    })(),
    "html-like tags, unclosed": fill('<a href="x" <b <!-- c ', size),
    // Added with the HTML-tag and prescan fixes (issue 32, third part). Inline HTML is
    // read after text: a line that starts with `<!--`, `<?` or `<!X` opens an HTML block.
    "processing instructions, unclosed (`<?`)": `x ${fill("<? a ", size)}\n`,
    "CDATA, unclosed (`<![CDATA[`)": `x ${fill("<![CDATA[ a ", size)}\n`,
    "declarations, unclosed (`<!X`)": `x ${fill("<!X a ", size)}\n`,
    "tags, unclosed attribute quotes": `x <a title='x ${fill('<a href="x <b c=', size)}\n`,
    "autolinks, unclosed (`<http:`)": `x ${fill("<http:a", size)}\n`,
    "link definitions `[x]: /url` (distinct)": (() => {
      let text = "";
      for (let i = 0; text.length < size; i++) text += `[d${i}]: /u${i} "t"\n`;
      return `${text}\n[d1] and [d2]\n`;
    })(),
    "`[x]: ` lines without destination": fill("[x]: \n", size),
    "table rows with escaped pipes": `${TOOL}| Parameter Name | Type | Required | Description |\n|---|---|---|---|\n${fill("| `a\\|b` | `string` | No | x \\| y `c \\| d` \\| |\n", size)}`,
    "`*`/`_` with backticks, one line": `${fill("*_`*_``_*", size)}\n`,
    "`*`/`_` with backticks, 400 per paragraph": fill(`${"*`_*_".repeat(100)}\n\n`, size),
    "code fence never closed": `${TOOL}\`\`\`json\n${fill('{ "a": [1, 2, "x"] },\n', size)}`,
    "JSON block in a fence (1 MB)": `${TOOL}\`\`\`json\n${jsonSchema(size)}\n\`\`\`\n`,
    "table, 10,000 rows of 20 columns": (() => {
      const columns = Array.from({ length: 20 }, (_, i) => `c${i}`);
      const row = `| ${columns.map(() => "xx").join(" | ")} |\n`;
      const rows = Math.min(10_000, Math.max(1, Math.floor(size / row.length)));
      return `${TOOL}| ${columns.join(" | ")} |\n|${"---|".repeat(20)}\n${row.repeat(rows)}`;
    })(),
    "headings, 100,000": (() => {
      const count = Math.max(1, Math.floor(size / 10));
      let text = TOOL;
      for (let i = 0; i < count; i++) text += `### h${i}\n`;
      return text;
    })(),
    "setext underline, one of 1 MB": `a\n${"=".repeat(size)}\n`,
    "setext headings, `a` / `-` lines": fill("a\n-\n", size),
    "one paragraph of short lines": fill("word \n", size),
    "block quote, one paragraph of short lines": fill("> a\n", size),
  };
}

/** The start of a tool section, so that what follows reaches the spec's readers (its input schema). */
const TOOL =
  "## Tool: `adversarial.tool`\n\n### 1. Tool Purpose and Description\n\nx\n\n### 3. Input Schema (Parameters)\n\n";

/** A JSON schema of about `size` characters: an object with many string properties. */
function jsonSchema(size) {
  const properties = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const property = `"p${i}": { "type": "string", "description": "property ${i}" }`;
    properties.push(property);
    length += property.length + 4;
  }
  return `{\n  "type": "object",\n  "properties": {\n    ${properties.join(",\n    ")}\n  }\n}`;
}

/** One raw parse of `file` in a child process: ms, or why it did not finish. */
function rawParse(kind, file, timeout) {
  const body =
    kind === "lezer"
      ? `const { lezerMarkdown: parse } = await import(${JSON.stringify(path.join(DIST, "parse/markdown/lezer/index.js"))});`
      : `const { fromMarkdown } = await import("mdast-util-from-markdown");
         const { gfmTable } = await import("micromark-extension-gfm-table");
         const { gfmTableFromMarkdown } = await import("mdast-util-gfm-table");
         const options = { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] };
         const parse = (t) => fromMarkdown(t, options);`;
  const script = `${body}
    const text = (await import("node:fs")).readFileSync(${JSON.stringify(file)}, "utf8");
    const t0 = performance.now();
    try { parse(text); console.log(String(performance.now() - t0)); }
    catch (e) { console.log(e instanceof RangeError ? "stack overflow" : "threw " + e.message); }`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: REPO,
    encoding: "utf8",
    timeout,
    maxBuffer: 1 << 20,
  });
  if (r.error?.code === "ETIMEDOUT" || r.signal) return `> ${timeout}`;
  const out = r.stdout.trim();
  return /^[\d.]+$/.test(out) ? Math.round(Number(out)) : out || `exit ${r.status}: ${r.stderr.slice(0, 120)}`;
}

/** Runs the benchmark and returns rows for the report. */
export async function benchMarkdownAdversarial({ size = 1_000_000, timeout = 20_000, quiet = false, only = "" } = {}) {
  const log = quiet ? () => {} : (m) => process.stderr.write(`[markdown-adversarial] ${m}\n`);
  const { parseMarkdownSpec } = await import(path.join(DIST, "parse/markdown/index.js"));
  const { DiagnosticBag } = await import(path.join(DIST, "diagnostics/types.js"));
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-md-"));
  const rows = [];
  try {
    for (const [name, text] of Object.entries(adversarialInputs(size))) {
      if (only && !name.includes(only)) continue;
      const file = path.join(dir, "MCP_TOOL_SPECIFICATION.md");
      writeFileSync(file, text);
      const bag = new DiagnosticBag();
      const t0 = performance.now();
      parseMarkdownSpec(file, text, bag);
      const specMs = performance.now() - t0;
      const refused = bag.items.find((d) => d.severity === "error" && d.code.startsWith("SPEC_"))?.code ?? "";
      const lezer = rawParse("lezer", file, timeout);
      const micromark = rawParse("micromark", file, timeout);
      const ratio = typeof lezer === "number" && typeof micromark === "number" ? +(lezer / micromark).toFixed(2) : "";
      log(`${name}: spec ${Math.round(specMs)} ms ${refused}, lezer ${lezer}, micromark ${micromark}`);
      rows.push({
        bench: `adversarial Markdown, ${name} (${Math.round(text.length / 1000)} KB)`,
        "spec ms": Math.round(specMs),
        refused,
        "lezer ms": lezer,
        "micromark ms": micromark,
        "lezer / micromark": ratio,
        target: `spec ≤ 2000 ms ${specMs <= 2000 ? "ok" : "MISSED"}`,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const found = process.argv.find((a) => a.startsWith(`--${name}=`));
    return found ? Number(found.slice(name.length + 3)) : fallback;
  };
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length) ?? "";
  console.table(
    await benchMarkdownAdversarial({ size: arg("size", 1_000_000), timeout: arg("timeout", 20_000), only }),
  );
}
