import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { REPO } from "../helpers/project.js";

// examples/custom-generator — its config, its generator and what they generate — compiles
// with tsc under the strict options a user's project may set (exactOptionalPropertyTypes,
// noUncheckedIndexedAccess). Runs tsc in a child process.

describe("examples/custom-generator", () => {
  it("compiles under strict options with exactOptionalPropertyTypes", () => {
    const example = path.join(REPO, "examples/custom-generator");
    const r = spawnSync(path.join(REPO, "node_modules/.bin/tsc"), ["-p", example], { encoding: "utf8" });
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.status).toBe(0);
  });
});
