// The tool catalogue (`mcp-specgen docs`) on the real servers' tool lists of
// test/fixtures/real-tools/: building the catalogue and rendering it as HTML and as Markdown,
// beside a peer measured in the same run, the manifest generator on the same tools (it also
// makes an entry per tool with each vendor's strict outcome). Reading the specs is common to
// both and left out. The same lists four times over (each file copied under four module
// names) show how the time grows with the number of tools: t(4n)/t(n) near 4 is linear.
// Usage: node bench/run.js catalogue (after `npm run build`)
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolveConfig } from "../dist/src/config/load.js";
import { DiagnosticBag } from "../dist/src/diagnostics/types.js";
import { readSpecs } from "../dist/src/inputs/read-specs.js";
import { buildCatalogue, renderCatalogueHtml, renderCatalogueMarkdown } from "../dist/src/catalogue/index.js";
import { runGenerators } from "../dist/src/build/run-generators.js";
import { runOrder } from "../dist/src/build/requirements.js";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../test/fixtures/real-tools");

function bestMs(fn, rounds = 5) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    globalThis.gc?.();
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** The fixtures copied `copies` times, each copy under other module names (the file name is the module). */
function fixtureDir(copies) {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-bench-catalogue-"));
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith(".json")))
    for (let c = 0; c < copies; c++) copyFileSync(path.join(FIXTURES, file), path.join(dir, `c${c}_${file}`));
  return dir;
}

async function measure(copies) {
  const dir = fixtureDir(copies);
  try {
    const config = resolveConfig(dir, {
      inputs: ["."],
      server: { name: "bench", version: "1.0.0" },
      generators: ["manifest"],
    });
    const diagnostics = new DiagnosticBag();
    const read = await readSpecs(config, diagnostics, { workers: 0 });
    if (diagnostics.hasErrors) throw new Error("the fixtures have errors");
    const input = {
      title: "bench",
      sources: config.inputs,
      generatorVersion: "bench",
      tools: read.tools,
      names: read.names,
      strict: { openai: { strict: config.openai.strict }, anthropic: { strict: config.anthropic.strict } },
    };
    let html = "";
    let markdown = "";
    const build = bestMs(() => buildCatalogue(input));
    const catalogue = buildCatalogue(input);
    const htmlMs = bestMs(() => (html = renderCatalogueHtml(catalogue)));
    const markdownMs = bestMs(() => (markdown = renderCatalogueMarkdown(catalogue)));
    let manifest = 0;
    let peer = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const files = await runGenerators(
        runOrder(config),
        { tools: read.tools, names: read.names, config, generatorVersion: "bench" },
        new DiagnosticBag(),
        { onGenerator() {}, onTiming() {}, location: { file: "bench", line: 1, column: 1 } },
      );
      peer = Math.min(peer, performance.now() - t0);
      manifest = files.reduce(
        (n, f) => n + (typeof f.contents === "string" ? f.contents : f.contents.join("")).length,
        0,
      );
    }
    return {
      tools: read.tools.length,
      build,
      htmlMs,
      markdownMs,
      peer,
      html: html.length,
      markdown: markdown.length,
      manifest,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The catalogue of the fixtures once and four times over, beside the manifest generator.
 * @returns {Promise<object[]>} table rows.
 */
export async function benchCatalogue() {
  await measure(1); // warm-up: compiled code for both sizes alike
  const one = await measure(1);
  const four = await measure(4);
  const row = (m, label) => ({
    bench: label,
    tools: m.tools,
    "model ms": m.build.toFixed(1),
    "html ms": m.htmlMs.toFixed(1),
    "markdown ms": m.markdownMs.toFixed(1),
    "manifest (peer) ms": m.peer.toFixed(1),
    "model+html / peer": ((m.build + m.htmlMs) / m.peer).toFixed(2),
    "html KB": (m.html / 1024).toFixed(0),
    "markdown KB": (m.markdown / 1024).toFixed(0),
    "manifest KB": (m.manifest / 1024).toFixed(0),
  });
  return [
    row(one, "real tool lists"),
    row(four, "the same ×4"),
    {
      bench: "t(4n)/t(n)",
      "model ms": (four.build / one.build).toFixed(2),
      "html ms": (four.htmlMs / one.htmlMs).toFixed(2),
      "markdown ms": (four.markdownMs / one.markdownMs).toFixed(2),
      "manifest (peer) ms": (four.peer / one.peer).toFixed(2),
    },
  ];
}
