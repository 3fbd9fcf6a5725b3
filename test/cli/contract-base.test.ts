// Regression (adversarial review) for the CLI around the contract checks: a CI gate that
// cannot read its base must not pass, and a config mistake names what is wrong.
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

const SPEC = (type: string) =>
  JSON.stringify({
    tools: [
      {
        name: "t",
        version: "1.0.0",
        description: "T.",
        inputSchema: { type: "object", properties: { a: { type } }, required: ["a"] },
      },
    ],
  });

/** A git repository with the specs committed and generated/ up to date. */
async function committedProject(): Promise<TempProject> {
  const p = tempProject({
    "mcp-specgen.config.json": JSON.stringify({ generators: ["types", "manifest"] }),
    "specs/t.json": SPEC("string"),
  });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t.invalid", ...args], { cwd: p.dir });
  git("init", "-q");
  expect((await runCli(["generate"], p.dir)).code).toBe(0);
  git("add", ".");
  git("commit", "-qm", "base");
  return p;
}

describe("check --base-ref", () => {
  // `check --base-ref nosuchref` only warned (CONTRACT_BASE_UNREADABLE) and exited 0: a CI
  // job with a mistyped or unfetched ref (a shallow clone) never checked a version again, and
  // stayed green. It is a usage error (exit 2), as for `diff --base-ref`.
  it("exits non-zero when the revision cannot be read", async () => {
    project = await committedProject();
    const run = await runCli(["check", "--base-ref", "no-such-ref"], project.dir);
    expect(run.stderr).toContain("no-such-ref");
    expect(run.code).toBe(2);
  });

  it("fails when the specs at the revision have spec errors", async () => {
    project = tempProject({
      "mcp-specgen.config.json": JSON.stringify({ generators: ["types", "manifest"] }),
      "specs/t.json": "{ not json",
    });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t.invalid", ...args], { cwd: project!.dir });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "broken base");
    project.write("specs/t.json", SPEC("string"));
    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    const run = await runCli(["check", "--base-ref", "HEAD"], project.dir);
    expect(run.stderr).toContain("CONTRACT_BASE_INVALID");
    expect(run.code).toBe(1);
  });
});

describe("config: diff.rules", () => {
  it('names the option when diff.rules is not an object (not "unknown rule \\"0\\"")', async () => {
    project = tempProject({
      "mcp-specgen.config.json": JSON.stringify({ diff: { rules: "major" } }),
      "specs/t.json": SPEC("string"),
    });
    const run = await runCli(["generate", "--dry-run"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/diff\.rules must be an object/);
  });
});
