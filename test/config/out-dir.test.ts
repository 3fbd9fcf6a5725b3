import { describe, expect, it } from "vitest";
import { resolveConfig, UsageError } from "../../src/config/load.js";

// An output folder that is an input, or holds one, would have its generated JSON read back
// as specs on the next run (a second `generate` then fails on its own manifest).
describe("outDir beside the inputs", () => {
  it("refuses an outDir that is an input or contains one, naming both", () => {
    for (const [inputs, outDir, word] of [
      [["specs"], "specs", "is"],
      [["specs"], "./specs/", "is"],
      [["api/specs"], "api", "contains"],
      [["tools.json"], ".", "contains"],
      [["a", "b/c.md"], "b", "contains"],
    ] as const) {
      const run = () => resolveConfig("/p", { inputs: [...inputs], outDir });
      expect(run).toThrow(UsageError);
      expect(run).toThrow(new RegExp(`outDir "${outDir.replace(/[.]/g, "\\.")}" ${word} the input`));
    }
  });

  it("accepts an outDir beside the inputs or inside an input directory (the search skips it)", () => {
    expect(resolveConfig("/p", { inputs: ["specs"], outDir: "generated" }).outDir).toBe("generated");
    expect(resolveConfig("/p", { inputs: ["."], outDir: "generated" }).outDir).toBe("generated");
    expect(resolveConfig("/p", { inputs: ["specs"], outDir: "specs-generated" }).outDir).toBe("specs-generated");
    expect(resolveConfig("/p", {}).outDir).toBe("generated");
  });
});

describe("--out on the command line", () => {
  it("is held to the same rule: exit 2 and nothing written", async () => {
    const { runCli, tempProject } = await import("../helpers/project.js");
    const project = tempProject({}, true);
    try {
      const before = project.list("specs");
      const r = await runCli(["generate", "--out", "specs"], project.dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/outDir "specs" is the input "specs"/);
      expect(project.list("specs")).toEqual(before);
    } finally {
      project.dispose();
    }
  });
});
