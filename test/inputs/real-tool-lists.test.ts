import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { REPO, tempProject } from "../helpers/project.js";
import { compileSchema } from "../../packages/runtime/src/index.js";
import { expectLinear } from "../helpers/growth.js";

// Every real server's tool list the project keeps (test/fixtures/real-tools, recorded from
// published MCP servers) generates, all of them in one run: one server's schemas (a pattern,
// a keyword, a name) must not fail a run over many.

const FIXTURES = "test/fixtures/real-tools";

describe("the real servers' tool lists", () => {
  it("generate together in one run, with every generator, without an error", async () => {
    const lists = readdirSync(path.join(REPO, FIXTURES)).filter((f) => f.endsWith(".json"));
    expect(lists.length).toBeGreaterThanOrEqual(20);
    const tools = lists.reduce(
      (n, f) =>
        n + (JSON.parse(readFileSync(path.join(REPO, FIXTURES, f), "utf8")) as { tools: unknown[] }).tools.length,
      0,
    );
    const result = await runPipeline(resolveConfig(REPO, { inputs: [FIXTURES], outDir: "out-real-tools" }));
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => `${d.loc.file}:${d.loc.line} ${d.code} ${d.message}`)).toEqual([]);
    expect(result.failed).toBe(false);
    expect(result.tools).toHaveLength(tools);
    // Every server's tools are in the output (its own module), each validated by a compiled validator.
    const modules = new Set(result.tools.map((t) => t.module));
    expect(modules.size).toBe(lists.length);
    expect(result.files.some((f) => f.path.startsWith("validators/"))).toBe(true);
  });

  it("a server's name pattern with a nested repetition generates without an opt-in, and stays linear", async () => {
    // The pattern that once refused a whole server: on a backtracking engine, 40,000
    // characters ending in a mismatch took seconds; the validators' engine is linear.
    const pattern = "^[a-zA-Z0-9._]([-._a-zA-Z0-9])*$";
    const tool = {
      name: "get_library_docs",
      description: "Docs of a library.",
      inputSchema: {
        type: "object",
        properties: { library: { type: "string", pattern } },
        required: ["library"],
      },
    };
    const project = tempProject({ "specs/tools.json": JSON.stringify({ tools: [tool] }) });
    try {
      const result = await runPipeline(
        resolveConfig(project.dir, { inputs: ["specs"], generators: ["types", "validators"] }),
      );
      expect(result.diagnostics.filter((d) => d.code.startsWith("SPEC_PATTERN"))).toEqual([]);
      expect(result.failed).toBe(false);
    } finally {
      project.dispose();
    }
    const validate = compileSchema(tool.inputSchema);
    expect(validate({ library: "react-dom.v18_x" })).toBe(true);
    expectLinear(
      { input: (n) => ({ library: `${"a".repeat(n)}!` }), run: (args) => validate(args) },
      10_000,
      "validating the name pattern",
    );
  });
});
