import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runCli, runtimeProject, tempProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";

// Inputs that used to give output which did not compile or did not work, with exit 0:
// each now either generates working code or fails with a diagnostic at the spec.

let project: TempProject | undefined;
afterEach(() => project?.dispose());

const tool = (name: string, module: string, inputSchema: object) => ({ name, module, description: "d", inputSchema });

describe("output that would not compile", () => {
  it("modules whose names end like a dialect or a declaration file get distinct, compiling files", async () => {
    const tools = [
      tool("a.one", "x.2019", { type: "object", properties: { a: { type: "string" } } }),
      tool("b.two", "x", {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        type: "object",
        properties: { b: { type: "integer" } },
      }),
      tool("c.three", "x.2020", { type: "object" }),
      tool("d.four", "x", {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { d: { type: "boolean" } },
      }),
    ];
    project = runtimeProject({ "specs/tools.json": JSON.stringify({ tools }) });
    const r = await runCli(["generate"], project.dir);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(project.list("generated/validators")).toEqual([
      "draft-2019-09/x.ts",
      "draft-2020-12/x.ts",
      "x.2019.ts",
      "x.2020.ts",
    ]);
    const generated = path.join(project.dir, "generated");
    const ts = project.list("generated").filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    expect(
      typeCheck(
        ts.map((f) => path.join(generated, f)),
        project.dir,
      ).output,
    ).toBe("");
    const { validateTwoArgs } = (await import(
      pathToFileURL(path.join(generated, "validators/draft-2019-09/x.ts")).href
    )) as Record<string, (v: unknown) => boolean>;
    expect(validateTwoArgs!({ b: 1 })).toBe(true);
    expect(validateTwoArgs!({ b: "1" })).toBe(false);
  });

  it("a module ending in .d is refused (types/x.d.ts would be a declaration file)", async () => {
    project = tempProject({ "specs/tools.json": JSON.stringify([tool("a.b", "x.d", { type: "object" })]) });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/specs\/tools\.json:1:\d+ error SPEC_MODULE_INVALID .*ends in "\.d"/);
    expect(project.list()).toEqual(["specs/tools.json"]);
  });

  it("input schemas whose root cannot be an object are errors, not uncompilable clients", async () => {
    project = tempProject({
      "specs/tools.json": JSON.stringify([
        tool("a.any", "a", { type: "object", anyOf: [{ type: "string" }] }),
        tool("a.enum", "a", { type: "object", enum: ["x", "y"] }),
      ]),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr.match(/error SPEC_INPUT_NOT_OBJECT/g)).toHaveLength(3);
  });

  it("a subschema whose $ref leads back to itself through its own $id is an error, not a stack overflow", async () => {
    project = tempProject({
      "specs/tools.json": JSON.stringify([
        tool("a.rec", "a", { type: "object", properties: { x: { $id: "sub.json", $ref: "#" } } }),
      ]),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/specs\/tools\.json:1:\d+ error SPEC_REF_CYCLE/);
  });

  it("an object-typed schema with a default of another type is an error at the default, not a broken type", async () => {
    project = tempProject({
      "specs/tools.json": JSON.stringify([
        tool("a.def", "a", { type: "object", default: "", format: "uuid", properties: { p: { type: "string" } } }),
      ]),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/specs\/tools\.json:\d+:\d+ error SPEC_DEFAULT_INVALID/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(project.list()).toEqual(["specs/tools.json"]);
  });

  it("import refuses a tool list deeper than the spec limits instead of overflowing the stack", async () => {
    const deep = `{"tools":[{"name":"a.b","description":"x","inputSchema":{"type":"object","default":${"[".repeat(5000)}${"]".repeat(5000)}}}]}`;
    project = tempProject({ "list.json": deep });
    const r = await runCli(["import", "--file", "list.json", "--out", "out.md"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a\.b: inputSchema\/default.*SPEC_TOO_DEEP/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(project.list()).toEqual(["list.json"]);
  });

  it("keywords of another dialect never reach ajv (a draft-07 maxContains holding a $id)", async () => {
    project = tempProject({
      "specs/tools.json": JSON.stringify([
        tool("a.b", "a", {
          // Declared draft-07: without $schema a schema is 2020-12, where maxContains is a keyword.
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          maxContains: { $id: "validateCArgs" },
          properties: { n: { type: "integer", nullable: true } },
        }),
        tool("a.c", "a", { type: "object", properties: { q: { type: "string" } } }),
      ]),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning SPEC_KEYWORD_IGNORED .*"nullable"/);
    expect(project.read("generated/validators/a.ts")).not.toMatch(/maxContains|nullable/);
  });
});
