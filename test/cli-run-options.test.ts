import { afterEach, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runCli, tempProject, type TempProject } from "./helpers/project.js";

// --workers, --timings and --cpu-prof change how a run is done and what it tells about
// itself, never what it writes.
let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

describe("run options", () => {
  it("--workers 0 and --workers 4 write what the default writes", async () => {
    project = tempProject({}, true);
    const outputs: Record<string, string>[] = [];
    for (const flags of [[], ["--workers", "0"], ["--workers", "4"], ["--workers", "auto"]]) {
      const r = await runCli(["generate", "--no-cache", ...flags], project.dir);
      expect(r.code, r.stderr).toBe(0);
      outputs.push(Object.fromEntries(project.list("generated").map((f) => [f, project!.read(`generated/${f}`)])));
    }
    for (const o of outputs.slice(1)) expect(o).toEqual(outputs[0]);
  });

  it("refuses a --workers value that is not a number from 0 to 64 or auto", async () => {
    project = tempProject({}, true);
    for (const bad of ["-1", "many", "65", "1.5"]) {
      const r = await runCli(["generate", `--workers=${bad}`], project.dir);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/--workers must be a number from 0 to 64, or auto/);
    }
  });

  it("--timings prints each phase with its milliseconds, and a total", async () => {
    project = tempProject({}, true);
    const r = await runCli(["generate", "--no-cache", "--timings"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^mcp-specgen: timings$/m);
    for (const phase of ["parse", "validate", "generate:types", "generate:validators", "write", "total"])
      expect(r.stderr).toMatch(new RegExp(`^  ${phase} +\\d+ ms$`, "m"));
    const check = await runCli(["check", "--no-cache", "--timings"], project.dir);
    expect(check.code).toBe(0);
    expect(check.stderr).toMatch(/^ {2}compare +\d+ ms$/m);
  });

  it("--cpu-prof writes a CPU profile to the working directory and says where", async () => {
    project = tempProject({}, true);
    const r = await runCli(["check", "--no-cache", "--cpu-prof"], project.dir);
    const written = readdirSync(project.dir).filter((f) => f.endsWith(".cpuprofile"));
    expect(written).toHaveLength(1);
    expect(r.stderr).toContain(`CPU profile written to ${written[0]}`);
    const profile = JSON.parse(readFileSync(path.join(project.dir, written[0]!), "utf8")) as { nodes: unknown[] };
    expect(profile.nodes.length).toBeGreaterThan(10);
  });
});
