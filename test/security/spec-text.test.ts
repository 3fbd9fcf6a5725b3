import { describe, expect, it, afterEach } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { ts } from "@ts-morph/common";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

/** Identifiers in TypeScript code, outside comments and string literals. */
function codeIdentifiers(code: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, code);
  const ids: string[] = [];
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    if (t === ts.SyntaxKind.Identifier) ids.push(scanner.getTokenText());
  }
  return ids;
}

let project: TempProject | undefined;
afterEach(() => project?.dispose());

describe("untrusted spec text", () => {
  it("never becomes code in generated TypeScript (comment breakouts, tsType, quotes)", () => {
    const dir = path.join(import.meta.dirname, "../fixtures/golden/hostile/expected");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(ts|js)$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const ids = codeIdentifiers(readFileSync(path.join(dir, f), "utf8"));
      expect(ids.filter((id) => id.startsWith("pwned"))).toEqual([]);
    }
  });

  it("keeps defaults and examples inside the JSDoc they document", async () => {
    const breakout = "*/ process.exit() /*";
    const properties = {
      a: { type: "string", default: breakout, examples: [breakout, `\`\${process.exit()}\``] },
      b: { type: "object", default: { "*/": breakout }, example: { k: `x*/${"y".repeat(300)}` } },
      c: { type: "string", description: breakout, default: "\u2028*/\u2029" },
    };
    project = tempProject({
      "specs/x.json": JSON.stringify({
        name: "x.y",
        description: breakout,
        inputSchema: { type: "object", properties },
      }),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(0);
    const types = project.read("generated/types/x.ts");
    expect(codeIdentifiers(types).filter((id) => id === "process" || id === "exit")).toEqual([]);
    expect(types).toContain('@default "*\\/ process.exit() /*"');
    expect(types).toContain('@example "`${process.exit()}`"');
    expect(types).toContain('@default {"*\\/":"*\\/ process.exit() /*"}');
    // A long example is cut, readably, and its cut cannot open anything.
    expect(types).toMatch(/@example \{"k":"x\*\\\/y+\.\.\.\n/);
    expect(types.match(/\*\//g)!.length).toBe(
      types.match(/\/\*\*/g)!.length + types.match(/^\/\* generated/gm)!.length,
    );
  });

  it("refuses $refs to files and URLs without reading them", async () => {
    project = tempProject({
      "specs/x.json": JSON.stringify(
        {
          name: "x.y",
          description: "d",
          inputSchema: {
            type: "object",
            properties: { a: { $ref: "/etc/passwd" }, b: { $ref: "https://example.invalid/s.json" } },
          },
        },
        null,
        2,
      ),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr.match(/error SPEC_REF_UNSUPPORTED/g)).toHaveLength(2);
    expect(r.stderr).toMatch(/specs\/x\.json:\d+:\d+ error SPEC_REF_UNSUPPORTED/);
    expect(r.stderr).not.toMatch(/root:/);
  });

  it("refuses $refs into non-schema data (where generators would not sanitise)", async () => {
    project = tempProject({
      "specs/x.json": JSON.stringify(
        {
          name: "x.y",
          description: "d",
          inputSchema: {
            type: "object",
            properties: { p: { $ref: "#/x-lib/evil" } },
            "x-lib": { evil: { tsType: "string }\nexport const pwned = 1;\ninterface Z {" } },
          },
        },
        null,
        2,
      ),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /specs\/x\.json:\d+:\d+ error SPEC_REF_UNRESOLVED .*"#\/x-lib\/evil" does not point at a subschema/,
    );
    expect(project.list()).toEqual(["specs/x.json"]);
  });

  it("generates properties named like Object.prototype members (hasOwnProperty shadows json-schema-to-typescript's own call)", async () => {
    const properties = Object.fromEntries(
      ["hasOwnProperty", "constructor", "toString", "__proto__"].map((k) => [k, { type: "string" }]),
    );
    project = tempProject({
      "specs/x.json": JSON.stringify({
        name: "x.y",
        description: "d",
        inputSchema: { type: "object", properties, required: ["hasOwnProperty"], additionalProperties: false },
      }),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const types = project.read("generated/types/x.ts");
    expect(types).toMatch(/\bhasOwnProperty: string\n/);
    expect(types).toMatch(/\bconstructor\?: string\n/);
    expect(types).not.toMatch(/StandIn/);
  });

  it("reads draft-04 and 2019-09 schemas with a warning instead of crashing", async () => {
    project = tempProject({
      "specs/x.json": JSON.stringify(
        {
          tools: [
            {
              name: "x.old",
              description: "d",
              inputSchema: {
                $schema: "http://json-schema.org/draft-04/schema#",
                type: "object",
                properties: { a: { type: "string" } },
              },
            },
            {
              name: "x.new",
              description: "d",
              inputSchema: {
                $schema: "https://json-schema.org/draft/2019-09/schema",
                type: "object",
                properties: { b: { type: "integer" } },
              },
            },
          ],
        },
        null,
        2,
      ),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning SPEC_SCHEMA_DIALECT .*draft-04/);
    expect(r.stderr).not.toMatch(/2019-09.*SPEC_SCHEMA_DIALECT/);
  });

  it("checks a schema against its dialect's whole meta-schema, even when $schema names a part of one", async () => {
    // `…/meta/core` checks only the core keywords, and `#/properties/default` is `true`:
    // taken at their word, they would let any schema through to the generated validators.
    const tool = (name: string, inputSchema: object) => ({ name, description: "d", inputSchema });
    project = tempProject({
      "specs/x.json": JSON.stringify({
        tools: [
          tool("x.core", {
            $schema: "https://json-schema.org/draft/2020-12/meta/core",
            type: "object",
            properties: { b: 7 },
          }),
          tool("x.default", {
            $schema: "http://json-schema.org/draft-07/schema#/properties/default",
            type: "object",
            properties: { a: { type: "string", minLength: -3 } },
          }),
          tool("x.older", {
            $schema: "https://json-schema.org/draft/2019-09/meta/core",
            type: "object",
            required: ["a", 5],
          }),
        ],
      }),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    for (const name of ["x.core", "x.default", "x.older"])
      expect(r.stderr).toMatch(
        new RegExp(`error SPEC_SCHEMA_INVALID input schema of "${name}" is not a valid JSON Schema`),
      );
    expect(existsSync(path.join(project.dir, "generated"))).toBe(false);
  });

  it("refuses module names that would escape the output directory", async () => {
    project = tempProject({
      "specs/x.json": JSON.stringify({
        name: "y",
        module: "../../outside",
        description: "d",
        inputSchema: { type: "object" },
      }),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/SPEC_MODULE_INVALID/);
    expect(project.list()).toEqual(["specs/x.json"]);
  });
});
