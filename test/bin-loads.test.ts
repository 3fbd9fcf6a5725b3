import { describe, expect, it } from "vitest";
import { loadedModules } from "./helpers/loaded-modules.js";
import { put, scratch, specJson } from "./output/helpers.js";

// A run loads only what its inputs need: the fixed cost of a small `generate` is mostly
// module loading (bench/RESULTS.md, "Fixed cost of a run"). The benchmarks measure the
// time; this checks the cause, on the modules the installed bin loads.

/** TypeScript's compiler, which no run loads. */
const TYPESCRIPT = /\/node_modules\/(?:@ts-morph\/common|typescript)\//;

/** The runtime package's index, which loads the registry and the MCP servers and clients. */
const RUNTIME_INDEX = /\/runtime\/dist\/index\.js$/;

/** Libraries and parts a run from a JSON tool list never uses, each with why. */
const NOT_FOR_JSON: Array<[RegExp, string]> = [
  [/\/dist\/src\/parse\/markdown\//, "the Markdown spec reader"],
  [/\/node_modules\/yaml\//, "YAML, read only in Markdown specs"],
  [/\/node_modules\/(?:mdast-util-from-markdown|@lezer\/markdown)\//, "the Markdown parsers"],
  [TYPESCRIPT, "TypeScript (generated types are checked with Babel's parser)"],
  [RUNTIME_INDEX, "the runtime's index (a build imports its generator-support entry)"],
  [/\/handlebars\/dist\/cjs\/handlebars\/compiler\//, "Handlebars' compiler (the build precompiles the templates)"],
];

const offending = (loaded: string[]) =>
  NOT_FOR_JSON.flatMap(([pattern, why]) => loaded.filter((f) => pattern.test(f)).map((f) => `${f} (${why})`));

describe("what generate loads", () => {
  // Each is a process of its own, so they run side by side.
  it.concurrent("from a JSON tool list: no Markdown parser, no YAML, no TypeScript, no template compiler", async () => {
    const dir = scratch().dir;
    put(dir, "specs/tools.json", specJson([{ name: "demo.echo" }]));
    const loaded = await loadedModules(["generate", "--no-cache", "--workers", "0"], dir);
    // The trace sees both kinds of module: the JSON reader (ESM) and Babel's parser (CommonJS).
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/src\/parse\/json\/index\.js$/));
    expect(loaded).toContainEqual(expect.stringMatching(/\/node_modules\/@babel\/parser\/lib\/index\.js$/));
    expect(loaded).toContainEqual(
      expect.stringMatching(/\/dist\/generators\/client\/templates\/client\.ts\.hbs\.cjs$/),
    );
    expect(offending(loaded)).toEqual([]);
  });

  it.concurrent("from JSON tool lists on parse workers: the workers do not load the Markdown reader either", async () => {
    const dir = scratch().dir;
    put(dir, "specs/a.json", specJson([{ name: "a.echo" }]));
    put(dir, "specs/b.json", specJson([{ name: "b.echo" }]));
    const loaded = await loadedModules(["generate", "--no-cache", "--workers", "2"], dir);
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/src\/inputs\/parse-worker\.js$/));
    expect(offending(loaded)).toEqual([]);
  });

  /** A Markdown spec of one tool, with `more` at the end of its description section. */
  const markdownSpec = (more = "") =>
    `## Tool: \`demo.echo\`\n\n**Version**: 1.0.0\n\n### 1. Tool Purpose and Description\n\nEchoes.\n${more}`;
  const micromark = /\/node_modules\/(?:micromark[^/]*|mdast-util-from-markdown)\//;
  const yaml = /\/node_modules\/yaml\//;

  it.concurrent("from a Markdown spec: the Markdown parser, without micromark and YAML when the spec needs neither", async () => {
    const dir = scratch().dir;
    put(dir, "specs/demo/MCP_TOOL_SPECIFICATION.md", markdownSpec());
    const loaded = await loadedModules(["generate", "--no-cache", "--workers", "0"], dir);
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/src\/parse\/markdown\/index\.js$/));
    expect(loaded).toContainEqual(expect.stringMatching(/\/node_modules\/@lezer\/markdown\//));
    // micromark reads only what lezer's adapter leaves to it; YAML only YAML blocks.
    expect(
      loaded.filter((f) => micromark.test(f) || yaml.test(f) || TYPESCRIPT.test(f) || RUNTIME_INDEX.test(f)),
    ).toEqual([]);
  });

  it.concurrent("from a Markdown spec with a YAML block and a link reference definition: YAML and micromark", async () => {
    const dir = scratch().dir;
    put(
      dir,
      "specs/demo/MCP_TOOL_SPECIFICATION.md",
      markdownSpec(
        "\nSee [the guide][g].\n\n[g]: https://example.com\n\n### 2. Input Schema\n\n```yaml\ntype: object\nproperties:\n  text:\n    type: string\n```\n",
      ),
    );
    const loaded = await loadedModules(["generate", "--no-cache", "--workers", "0"], dir);
    expect(loaded).toContainEqual(expect.stringMatching(micromark));
    expect(loaded).toContainEqual(expect.stringMatching(yaml));
  });
});
