import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inProcessTransport } from "@mcp-specgen/runtime";
import type { JsonSchema } from "../../src/ir/types.js";
import { dialectGroup, draft7FormPaths, schemaDialect } from "../../src/schema/ajv.js";
import { ExampleValidators } from "../../src/schema/example-validators.js";
import { generate, makeTool } from "../helpers/make-tool.js";
import { REPO, runCli, runtimeProject, tempProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";
import { fileText } from "../../src/generator-kit/contract.js";

// JSON Schema as MCP defines it: a schema without `$schema` is 2020-12 (SEP-1613) in
// validators and types, unless it is written with a draft-07 tuple (an array `items`);
// `prefixItems` tuples are TypeScript tuples; an output schema may be any schema (SEP-2106).

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

const DRAFT7 = "http://json-schema.org/draft-07/schema#";
const TUPLE = { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false };

describe("the dialect of a schema", () => {
  it("is 2020-12 without $schema, the declared one with it", () => {
    expect(schemaDialect({ type: "object" })).toEqual({ dialect: "2020", supported: true, source: "default" });
    expect(schemaDialect({ $schema: DRAFT7, type: "object" })).toMatchObject({ dialect: "draft7", source: "declared" });
    expect(schemaDialect({ $schema: "https://json-schema.org/draft/2019-09/schema" }).dialect).toBe("2019");
    expect(schemaDialect({ $schema: "http://json-schema.org/draft-04/schema#" })).toMatchObject({
      dialect: "draft7",
      supported: false,
    });
  });

  it("is draft-07 without $schema when an array `items` (a draft-07 tuple) occurs anywhere", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { t: { type: "array", items: [{ type: "number" }], additionalItems: false } },
    };
    expect(schemaDialect(schema)).toEqual({ dialect: "draft7", supported: true, source: "draft7-forms" });
    expect(draft7FormPaths(schema)).toEqual([["properties", "t", "items"]]);
    // Keywords draft-07 and 2020-12 read alike, or values that only look like keywords, do not.
    expect(
      schemaDialect({
        type: "object",
        definitions: { a: { type: "string" } },
        dependencies: { a: ["b"] },
        properties: { items: { type: "array", items: { type: "string" }, default: [], examples: [{ items: [1] }] } },
      }).dialect,
    ).toBe("2020");
    expect(dialectGroup({ type: "object" })).toBe("default");
    expect(dialectGroup({ $schema: "https://json-schema.org/draft/2020-12/schema" })).toBe("2020");
    expect(dialectGroup(schema)).toBe("default");
    expect(dialectGroup({ $schema: DRAFT7 })).toBe("default");
  });

  it("decides what the check stage's validator accepts", () => {
    const examples = new ExampleValidators(new Map());
    const compileSchema = (schema: JsonSchema) => examples.compile(schema);
    const v = compileSchema(TUPLE) as Validate;
    expect(v([1, 2])).toBe(true);
    expect(v([1, 2, 3])).toBe(false);
    expect(v([1, "2"])).toBe(false);
    const old = compileSchema({ $schema: DRAFT7, ...TUPLE }) as Validate;
    // prefixItems is not a draft-07 keyword; `items: false` forbids every item.
    expect(old([1, 2])).toBe(false);
    expect(old([])).toBe(true);
  });
});

/** Loads a generated validators module with its runtime import pointed at the runtime's sources. */
async function load(project: TempProject, code: string): Promise<Record<string, Validate>> {
  const runtime = pathToFileURL(path.join(REPO, "packages/runtime/src/index.ts")).href;
  const file = path.join(project.dir, `validators-${loaded++}.ts`);
  writeFileSync(file, code.replace('from "@mcp-specgen/runtime"', `from ${JSON.stringify(runtime)}`));
  return (await import(pathToFileURL(file).href)) as Record<string, Validate>;
}
let loaded = 0;

describe("generated validators", () => {
  let project: TempProject;
  let files: Map<string, string>;
  beforeAll(async () => {
    project = tempProject();
    const tools = [
      makeTool({
        name: "now.tuple",
        inputSchema: { type: "object", properties: { p: TUPLE } },
      }),
      makeTool({
        name: "now.defs",
        inputSchema: {
          type: "object",
          $defs: { id: { type: "string", pattern: "^[a-z]+$" } },
          properties: { id: { $ref: "#/$defs/id" }, a: {}, b: {} },
          dependentRequired: { a: ["b"] },
          unevaluatedProperties: false,
          allOf: [{ properties: { c: { type: "integer" } } }],
        },
      }),
      makeTool({
        name: "now.declared",
        inputSchema: { $schema: DRAFT7, type: "object", properties: { p: TUPLE }, dependentRequired: { a: ["b"] } },
      }),
      makeTool({
        name: "now.old",
        inputSchema: {
          type: "object",
          properties: { t: { type: "array", items: [{ type: "number" }], additionalItems: false } },
        },
      }),
    ];
    files = new Map((await generate(tools, ["validators"])).map((f) => [f.path, fileText(f)]));
  });
  afterAll(() => project.dispose());

  it("keep 2020-12 and draft-07 schemas in validators/<module>.ts, each dialect compiled apart", () => {
    expect([...files.keys()]).toEqual(["validators/now.ts"]);
    expect(files.get("validators/now.ts")!.match(/^const chunk\d+ = /gm)).toEqual([
      "const chunk0 = ",
      "const chunk1 = ",
    ]);
  });

  it("honour 2020-12 without $schema: prefixItems, $defs, dependentRequired, unevaluatedProperties", async () => {
    const v = await load(project, files.get("validators/now.ts")!);
    expect(v.validateTupleArgs!({ p: [1, 2] })).toBe(true);
    expect(v.validateTupleArgs!({ p: [1, 2, 3] })).toBe(false);
    expect(v.validateTupleArgs!({ p: [1, "2"] })).toBe(false);
    const defs = v.validateDefsArgs!;
    expect(defs({ id: "abc", c: 1 })).toBe(true);
    expect(defs({ id: "ABC" })).toBe(false);
    expect(defs({ a: 1 })).toBe(false);
    expect(defs({ a: 1, b: 2 })).toBe(true);
    expect(defs({ c: 1, d: 2 })).toBe(false);
    expect(defs({ c: "x" })).toBe(false);
  });

  it("keep draft-07 rules where $schema says so or the schema is written with a draft-07 tuple", async () => {
    const v = await load(project, files.get("validators/now.ts")!);
    // draft-07 knows neither prefixItems nor dependentRequired; `items: false` forbids any item.
    expect(v.validateDeclaredArgs!({ p: [], a: 1 })).toBe(true);
    expect(v.validateDeclaredArgs!({ p: [1] })).toBe(false);
    expect(v.validateOldArgs!({ t: [1] })).toBe(true);
    expect(v.validateOldArgs!({ t: ["1"] })).toBe(false);
    expect(v.validateOldArgs!({ t: [1, 2] })).toBe(false);
  });
});

describe("generated types of tuples", () => {
  const typeOf = async (schema: JsonSchema, output = false): Promise<string> => {
    const tool = makeTool({
      name: "t.x",
      inputSchema: output ? { type: "object" } : { type: "object", properties: { v: schema }, required: ["v"] },
      ...(output ? { outputSchema: schema } : {}),
    });
    const code = fileText((await generate([tool], ["types"])).find((f) => f.path === "types/t.ts")!);
    return output ? code.match(/export type XResult = (.*)/)![1]! : code.match(/^ {2}v: (.*)$/m)![1]!;
  };

  it("prefixItems become tuples: fixed, with a rest, with optional elements below minItems", async () => {
    expect(await typeOf({ ...TUPLE, minItems: 2 })).toBe("[number, number]");
    expect(await typeOf(TUPLE)).toBe("[number?, number?]");
    expect(await typeOf({ ...TUPLE, minItems: 1, items: { type: "string" } })).toBe("[number, number?, ...(string)[]]");
    expect(await typeOf({ type: "array", prefixItems: [{ type: "number" }], minItems: 1 })).toBe(
      "[number, ...(unknown)[]]",
    );
    expect(
      await typeOf({
        type: "array",
        prefixItems: [{ type: ["string", "null"] }, { type: "array", prefixItems: [{ type: "boolean" }] }],
      }),
    ).toBe("[(string | null)?, [boolean?, ...(unknown)[]]?, ...(unknown)[]]");
    // A 2020-12 schema ignores additionalItems; a draft-07 one reads items as the tuple.
    expect(await typeOf({ ...TUPLE, minItems: 2, items: true, additionalItems: false })).toBe(
      "[number, number, ...(unknown)[]]",
    );
    expect(
      await typeOf({ $schema: DRAFT7, type: "array", items: [{ type: "number" }], minItems: 1 } as JsonSchema),
    ).toBe("[number, ...(unknown)[]]");
    expect(await typeOf({ type: "array", items: [{ type: "number" }], additionalItems: false })).toBe("[number?]");
    // Nothing beyond maxItems: no rest, no element past it.
    expect(await typeOf({ type: "array", prefixItems: [{ type: "number" }, { type: "string" }], maxItems: 1 })).toBe(
      "[number?]",
    );
    expect(await typeOf({ type: "array", items: [{}, {}], minItems: 2, maxItems: 2 })).toBe("[unknown, unknown]");
  });

  it("a tuple as the whole result, and the types compile", async () => {
    expect(await typeOf({ ...TUPLE, minItems: 2 }, true)).toBe("[number, number]");
    const project = runtimeProject();
    try {
      const tool = makeTool({
        name: "t.x",
        inputSchema: { type: "object", properties: { v: { ...TUPLE, minItems: 1 } } },
      });
      for (const f of await generate([tool], ["types"])) project.write(f.path, fileText(f));
      project.write(
        "use.ts",
        [
          'import type { XArgs } from "./types/t.js";',
          "export const a: XArgs = { v: [1] };",
          "export const b: XArgs = { v: [1, 2] };",
          "// @ts-expect-error -- a third element is not allowed",
          "export const c: XArgs = { v: [1, 2, 3] };",
          "// @ts-expect-error -- the first element is required",
          "export const d: XArgs = { v: [] };",
          "",
        ].join("\n"),
      );
      const r = typeCheck([path.join(project.dir, "use.ts")], project.dir);
      expect(r.output).toBe("");
    } finally {
      project.dispose();
    }
  });
});

describe("an output schema that is not an object, end to end", () => {
  let project: TempProject;
  beforeAll(() => {
    const tools = [
      {
        name: "geo.names",
        description: "Names.",
        annotations: { readOnlyHint: true },
        inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
        outputSchema: { type: "array", items: { type: "string" } },
      },
      {
        name: "geo.label",
        description: "A label.",
        annotations: { readOnlyHint: true },
        inputSchema: { type: "object" },
        outputSchema: { type: "string", minLength: 1 },
      },
      {
        name: "geo.point",
        description: "A point.",
        annotations: { readOnlyHint: true },
        inputSchema: { type: "object" },
        outputSchema: { ...TUPLE, minItems: 2 },
      },
    ];
    project = runtimeProject({ "specs/tools.json": JSON.stringify({ tools }) });
  });
  afterAll(() => project.dispose());

  it("is kept in the manifest, typed, validated, registered and called through the client", async () => {
    const r = await runCli(["generate"], project.dir);
    expect(r.stderr).not.toMatch(/error|warning/);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(project.read("generated/manifest.json")) as {
      tools: Array<{ name: string; outputSchema?: unknown }>;
    };
    expect(manifest.tools.find((t) => t.name === "geo.names")!.outputSchema).toEqual({
      type: "array",
      items: { type: "string" },
    });
    const types = project.read("generated/types/geo.ts");
    expect(types).toContain("export type NamesResult = string[]");
    expect(types).toContain("export type LabelResult = string");
    expect(types).toContain("export type PointResult = [number, number]");
    const generated = path.join(project.dir, "generated");
    const ts = project.list("generated").filter((f) => f.endsWith(".ts"));
    project.write(
      "use.ts",
      [
        'import { createRegistry } from "./generated/server.js";',
        "export const registry = createRegistry({",
        "  geo: {",
        "    names: (args) => Array.from({ length: args.n }, (_, i) => `n${i}`),",
        '    label: () => "here",',
        "    point: () => [1, 2],",
        "  },",
        "});",
        "",
      ].join("\n"),
    );
    expect(
      typeCheck([...ts.map((f) => path.join(generated, f)), path.join(project.dir, "use.ts")], project.dir).output,
    ).toBe("");

    const server = (await import(pathToFileURL(path.join(generated, "server.ts")).href)) as {
      createRegistry: (handlers: unknown) => Parameters<typeof inProcessTransport>[0];
    };
    const client = (await import(pathToFileURL(path.join(generated, "client.ts")).href)) as {
      createClient: (t: unknown) => { geo: Record<string, (args: unknown) => Promise<unknown>> };
    };
    const good = server.createRegistry({
      geo: {
        names: (args: { n: number }) => Array.from({ length: args.n }, (_, i) => `n${i}`),
        label: () => "here",
        point: () => [1, 2],
      },
    });
    const c = client.createClient(inProcessTransport(good));
    expect(await c.geo.names!({ n: 2 })).toEqual(["n0", "n1"]);
    expect(await c.geo.label!({})).toBe("here");
    expect(await c.geo.point!({})).toEqual([1, 2]);

    // The server checks results against the output schema: a wrong one is a failure.
    const bad = server.createRegistry({ geo: { names: () => [1], label: () => "", point: () => [1, 2, 3] } });
    const b = client.createClient(inProcessTransport(bad));
    await expect(b.geo.names!({ n: 1 })).rejects.toThrow();
    await expect(b.geo.label!({})).rejects.toThrow();
    await expect(b.geo.point!({})).rejects.toThrow();
  });
});
