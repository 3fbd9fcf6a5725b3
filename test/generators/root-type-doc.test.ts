import { afterEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { tempProject, type TempProject } from "../helpers/project.js";

// A root schema that allows any value gets its type declared by mcp-specgen itself, with the
// tool's description as JSDoc: spec text there goes through the comment escaping, as
// everywhere else in generated code.
let project: TempProject | undefined;
afterEach(() => project?.dispose());

describe("the declared root type of an any-value schema", () => {
  it("keeps a description holding */ inside its comment", async () => {
    project = tempProject({});
    const description = "Anything. */ export const injected = 1; /*";
    project.write(
      "specs/tools.json",
      JSON.stringify({
        tools: [
          {
            name: "demo.anything",
            description,
            inputSchema: { type: "object", anyOf: [{}] },
            outputSchema: { anyOf: [{}] },
          },
        ],
      }),
    );
    const result = await runPipeline(
      resolveConfig(project.dir, { inputs: ["specs"], generators: ["types"], outDir: "gen" }),
    );
    expect(result.failed).toBe(false);
    const text = result.files.map(fileText).join("\n");
    expect(text).toContain("export type AnythingArgs = unknown");
    expect(text).toContain("Anything. *\\/ export const injected = 1; /*");
    expect(text).not.toContain("Anything. */");
  });
});
