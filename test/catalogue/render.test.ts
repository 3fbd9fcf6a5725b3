import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "parse5";
import { resolveConfig } from "../../src/config/load.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { readSpecs } from "../../src/inputs/read-specs.js";
import { BuildSession } from "../../src/session/build-session.js";
import { buildCatalogue, renderCatalogue, type CatalogueInput } from "../../src/catalogue/index.js";
import { REPO } from "../helpers/project.js";

// The catalogue renders every tool the project has: the bundled specs, each example
// project's specs, the golden tests' specs and every real server's tool list in
// test/fixtures/, in both formats,
// deterministically, as HTML without a parse error.

const FIXTURES = path.join(REPO, "test/fixtures/real-tools");
const GOLDEN = path.join(REPO, "test/fixtures/golden");

/** Every set of inputs: [label, directory the config is in, inputs]. */
const INPUT_SETS: Array<[string, string, string[]]> = [
  ["specs/", REPO, ["specs"]],
  ...readdirSync(path.join(REPO, "examples"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(path.join(REPO, "examples", d.name)).includes("specs"))
    .map((d): [string, string, string[]] => [`examples/${d.name}`, path.join(REPO, "examples", d.name), ["specs"]]),
  ...readdirSync(GOLDEN)
    .filter((d) => readdirSync(path.join(GOLDEN, d)).includes("specs"))
    .map((d): [string, string, string[]] => [`golden ${d}`, path.join(GOLDEN, d), ["specs"]]),
  // Every real server's tool list, together in one catalogue (as `docs test/fixtures/real-tools`).
  ["test/fixtures/real-tools/", REPO, ["test/fixtures/real-tools"]],
];

async function catalogueInput(cwd: string, inputs: string[]): Promise<CatalogueInput> {
  const config = resolveConfig(cwd, { inputs, server: { name: "demo", version: "1.0.0" } });
  const diagnostics = new DiagnosticBag();
  const read = await readSpecs(config, diagnostics, { session: BuildSession.oneShot(), workers: 0 });
  expect(diagnostics.items.filter((d) => d.severity === "error")).toEqual([]);
  return {
    title: "Tools",
    sources: config.inputs,
    generatorVersion: "0.0.0-test",
    tools: read.tools,
    names: read.names,
    strict: { openai: { strict: config.openai.strict }, anthropic: { strict: config.anthropic.strict } },
  };
}

describe("the catalogue renders every tool list the project has", () => {
  it("finds example projects and fixtures to render", () => {
    expect(INPUT_SETS.filter(([label]) => label.startsWith("examples/")).length).toBeGreaterThanOrEqual(4);
    expect(INPUT_SETS.filter(([label]) => label.startsWith("golden ")).length).toBeGreaterThanOrEqual(10);
  });

  for (const [label, cwd, inputs] of INPUT_SETS)
    it(label, async () => {
      const input = await catalogueInput(cwd, inputs);
      expect(input.tools.length).toBeGreaterThan(0);
      if (label === "test/fixtures/real-tools/") {
        // Each server's list is read: 20 servers' tools (see test/fixtures/real-tools/README.md).
        const listed = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).length;
        expect(new Set(input.tools.map((t) => t.module)).size).toBe(listed);
      }
      const catalogue = buildCatalogue(input);
      expect(catalogue.toolCount).toBe(input.tools.length);
      const page = renderCatalogue(input, "html").contents;
      const markdown = renderCatalogue(input, "markdown").contents;

      // Valid HTML: parse5 reports no parse error (an unescaped `<` or `&` in text would be one).
      const errors: string[] = [];
      parse(page, { onParseError: (e) => errors.push(`${e.code} at ${e.startLine}:${e.startCol}`) });
      expect(errors).toEqual([]);

      // Every tool has its card and its entry in the list, in both formats; anchors are unique.
      const anchors = catalogue.modules.flatMap((m) => [m.anchor, ...m.tools.map((t) => t.anchor)]);
      expect(new Set(anchors).size).toBe(anchors.length);
      for (const module of catalogue.modules)
        for (const tool of module.tools) {
          expect(page).toContain(`<article class="tool" id="${tool.anchor}"`);
          expect(page).toContain(`<li data-tool="${tool.anchor}"><a href="#${tool.anchor}">`);
          expect(markdown).toContain(`<a id="${tool.anchor}"></a>`);
          expect(markdown).toContain(`](#${tool.anchor})`);
        }

      // Byte for byte the same from the same tools in another order.
      const reversed = { ...input, tools: [...input.tools].reverse() };
      expect(renderCatalogue(reversed, "html").contents).toBe(page);
      expect(renderCatalogue(reversed, "markdown").contents).toBe(markdown);
    });
});
