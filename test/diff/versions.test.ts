// Regressions (adversarial review) of the contract gate of generate/check: a version removed
// together with a breaking change only warned, and pre-release tags were compared as text.
import { afterEach, describe, expect, it } from "vitest";
import { comparePrerelease } from "../../src/diff/versions.js";
import type { JsonValue } from "../../src/ir/types.js";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

type Schema = { [key: string]: JsonValue };

describe("comparePrerelease", () => {
  it("orders tags by semver precedence", () => {
    // semver.org §11's own example, in order.
    const ordered = ["alpha", "alpha.1", "alpha.beta", "beta", "beta.2", "beta.11", "rc.1", "rc.9", "rc.10"];
    for (let i = 0; i + 1 < ordered.length; i++) {
      expect(comparePrerelease(ordered[i]!, ordered[i + 1]!)).toBeLessThan(0);
      expect(comparePrerelease(ordered[i + 1]!, ordered[i]!)).toBeGreaterThan(0);
    }
    expect(comparePrerelease("rc.10", "rc.10")).toBe(0);
    expect(comparePrerelease("1", "a")).toBeLessThan(0);
  });
});

describe("contract gate of generate: tool versions", () => {
  const tool = (version: string | undefined, a: Schema, extra: Schema = {}) =>
    JSON.stringify({
      tools: [
        {
          name: "t",
          ...(version ? { version } : {}),
          description: "T.",
          inputSchema: { type: "object", properties: { a, ...extra }, required: ["a"] },
        },
      ],
    });
  const CONFIG = JSON.stringify({ generators: ["types", "manifest"] });

  // A breaking change whose author also deletes the `version` it had: the gate warns and
  // writes the new manifest (exit 0), so the breaking change is accepted for good.
  it("removing a declared version together with a breaking change fails generate", async () => {
    project = tempProject({ "mcp-specgen.config.json": CONFIG, "specs/t.json": tool("1.0.0", { type: "string" }) });
    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    project.write("specs/t.json", tool(undefined, { type: "integer" }));
    const run = await runCli(["generate"], project.dir);
    expect(run.stderr).toContain("CONTRACT_VERSION_REMOVED");
    expect(run.code).toBe(1);
  });

  // Semver compares numeric pre-release identifiers as numbers: rc.10 comes after rc.9.
  it("2.0.0-rc.9 → 2.0.0-rc.10 is not a version that goes backwards", async () => {
    project = tempProject({
      "mcp-specgen.config.json": CONFIG,
      "specs/t.json": tool("2.0.0-rc.9", { type: "string" }),
    });
    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    project.write("specs/t.json", tool("2.0.0-rc.10", { type: "string" }, { b: { type: "string" } }));
    const run = await runCli(["generate"], project.dir);
    expect(run.stderr).not.toContain("CONTRACT_VERSION_BACKWARDS");
    expect(run.code).toBe(0);
  });
});
