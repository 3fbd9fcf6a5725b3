// Regression (adversarial review): the compact declarations (api.d.ts) must say the same type
// as the schema. An array whose items are a union of object types was declared as
// `{ a: string } | { b: number }[]` (an object, or an array of the second kind) because the
// grouping of union members took any text from `{` to `}` for one object literal.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { compactType } from "../../generators/codemode/schema-type.js";
import { REPO, tempProject, type TempProject } from "../helpers/project.js";

let project: TempProject | undefined;
afterEach(() => project?.dispose());

const SPEC = {
  tools: [
    {
      name: "put",
      description: "Puts items.",
      inputSchema: {
        type: "object",
        properties: {
          items: {
            type: "array",
            items: {
              anyOf: [
                { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
                { type: "object", properties: { b: { type: "number" } }, required: ["b"] },
              ],
            },
          },
        },
        required: ["items"],
      },
    },
  ],
};

describe("codemode api.d.ts: an array of a union of objects", () => {
  it("accepts a program passing an array of both kinds, as the schema does", async () => {
    project = tempProject({ "specs/shop.json": JSON.stringify(SPEC) });
    const result = await runPipeline(
      resolveConfig(project.dir, { inputs: ["specs"], generators: ["types", "codemode"] }),
    );
    expect(result.failed).toBe(false);
    project.write("api.d.ts", fileText(result.files.find((f) => f.path === "codemode/api.d.ts")!));
    // A script (no import): api.d.ts declares the modules as global namespaces.
    project.write("program.ts", 'void shop.put({ items: [{ a: "x" }, { b: 1 }] });\n');
    const r = spawnSync(
      path.join(REPO, "node_modules/.bin/tsc"),
      [
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "--lib",
        "es2023",
        "--types",
        "",
        "--ignoreConfig",
        "api.d.ts",
        "program.ts",
      ],
      { cwd: project.dir, encoding: "utf8" },
    );
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.status).toBe(0);
  });
});

describe("compactType: grouping of object literals", () => {
  const scope = () => ({ refName: () => undefined, usedInt: false });
  const obj = (name: string, type: string) => ({
    type: "object",
    properties: { [name]: { type } },
    required: [name],
  });

  it("parenthesizes a union or an intersection of objects as an array's items", () => {
    const anyOf = compactType({ type: "array", items: { anyOf: [obj("a", "string"), obj("b", "number")] } }, scope());
    expect(anyOf.startsWith("(") && anyOf.endsWith(")[]")).toBe(true);
    const allOf = compactType({ type: "array", items: { allOf: [obj("a", "string"), obj("b", "number")] } }, scope());
    expect(allOf.startsWith("(") && allOf.endsWith(")[]")).toBe(true);
  });

  it("leaves one object literal bare, even with braces in its quoted names", () => {
    const one = compactType({ type: "array", items: obj("}{", "string") }, scope());
    expect(one.startsWith("{") && one.endsWith("}[]")).toBe(true);
  });
});
