import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { GENERATOR_NAMES } from "../../src/generator-kit/names.js";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { generatorClosure } from "../../src/build/requirements.js";
import { REPO, runtimeProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";
import { fileText } from "../../src/generator-kit/contract.js";

// A generator run with the generators it requires (test/generators/requirements.test.ts)
// produces output that compiles on its own.

const SPECS = path.join(REPO, "specs");

describe("generator requirements", () => {
  let project: TempProject;
  beforeAll(() => {
    project = runtimeProject();
  });
  afterAll(() => project.dispose());

  it("each generator with its requirements compiles on its own (one tsc run over every set)", async () => {
    const written: string[] = [];
    for (const name of GENERATOR_NAMES) {
      const generators = generatorClosure([name]);
      const result = await runPipeline(
        resolveConfig(REPO, { inputs: [SPECS], generators, server: { name: "r", version: "1.0.0" } }),
      );
      expect(result.failed).toBe(false);
      expect(new Set(result.files.map((f) => f.path)).size).toBe(result.files.length);
      for (const f of result.files) {
        project.write(`${name}/${f.path}`, fileText(f));
        if (f.path.endsWith(".ts")) written.push(path.join(project.dir, name, f.path));
      }
    }
    expect(written.some((f) => f.includes(`${path.sep}server${path.sep}server.ts`))).toBe(true);
    const r = typeCheck(written, project.dir);
    expect(r.output).toBe("");
    expect(r.ok).toBe(true);
  });
});
