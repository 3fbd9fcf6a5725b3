import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/ir/types.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { generate, makeTool } from "../helpers/make-tool.js";
import { tsParseErrors } from "../helpers/typescript-reference.js";

// The copy of a schema given to json-schema-to-typescript moves tuples, renames a property
// named `hasOwnProperty`, rewrites pattern keys and drops keywords it cannot read; a local
// `$ref` into one of those places resolved to something else (a wrong type without an
// error) or to nothing ("Missing $ref pointer"). It now gets the type of what it points at.

const DRAFT7 = "http://json-schema.org/draft-07/schema#";

/** The generated module of one tool with this input schema, checked to parse. */
const typesOf = async (inputSchema: JsonSchema): Promise<string> => {
  const files = await generate([makeTool({ name: "t.x", inputSchema })], ["types"]);
  const code = fileText(files.find((f) => f.path === "types/t.ts")!);
  expect(tsParseErrors(code)).toEqual([]);
  return code;
};

/** The type written for property `name` of the arguments, resolved through one level of named types. */
const propertyType = (code: string, name: string): string => {
  const m = new RegExp(`^ {2}${name}\\??: (.*)$`, "m").exec(code);
  expect(m, `${name} in\n${code}`).not.toBeNull();
  const type = m![1]!;
  const alias = new RegExp(`^export type ${type} = (.*)$`, "m").exec(code);
  return alias ? alias[1]! : type;
};

describe("references to places the types copy moves", () => {
  it("into a 2020-12 tuple: an element, and the rest", async () => {
    const code = await typesOf({
      type: "object",
      properties: {
        a: { type: "array", prefixItems: [{ type: "string" }], items: { type: "number" } },
        first: { $ref: "#/properties/a/prefixItems/0" },
        rest: { $ref: "#/properties/a/items" },
      },
    });
    expect(propertyType(code, "first")).toBe("string");
    expect(propertyType(code, "rest")).toBe("number");
    expect(propertyType(code, "a")).toBe("[string?, ...(number)[]]");
  });

  it("into a draft-07 tuple's optional element, inside a definition", async () => {
    const code = await typesOf({
      $schema: DRAFT7,
      type: "object",
      definitions: { T: { type: "array", items: [{ type: "string" }, { type: "boolean" }], minItems: 1 } },
      properties: { second: { $ref: "#/definitions/T/items/1" }, t: { $ref: "#/definitions/T" } },
    } as JsonSchema);
    expect(propertyType(code, "second")).toBe("boolean");
    expect(code).toContain("export type XT = [string, boolean?, ...(unknown)[]]\n");
  });

  it("to a property named hasOwnProperty, a pattern key made safe for comments, a dropped keyword", async () => {
    const code = await typesOf({
      type: "object",
      properties: {
        hasOwnProperty: { type: "string" },
        c: { $ref: "#/properties/hasOwnProperty" },
        p: { type: "object", patternProperties: { "a*/": { type: "integer" } } },
        d: { $ref: "#/properties/p/patternProperties/a*~1" },
        n: { not: { type: "object", properties: { z: { type: "boolean" } }, required: ["z"] } },
        e: { $ref: "#/properties/n/not" },
      },
    });
    expect(propertyType(code, "c")).toBe("string");
    expect(propertyType(code, "d")).toBe("number");
    expect(code).toMatch(/^ {2}e\?: \w+$/m);
    expect(code).toMatch(/^ {2}z: boolean$/m);
  });

  it("under names a pointer escapes or a URI encodes, and two references to the same place", async () => {
    const code = await typesOf({
      type: "object",
      properties: {
        "a%41/b~": { type: "array", prefixItems: [{ type: "integer" }, { type: "boolean" }] },
        x: { $ref: "#/properties/a%2541~1b~0/prefixItems/1" },
        y: { $ref: "#/properties/a%2541~1b~0/prefixItems/1" },
      },
    });
    expect(propertyType(code, "x")).toBe("boolean");
    expect(propertyType(code, "y")).toBe("boolean");
  });

  it("leaves references along kept paths as they were", async () => {
    const code = await typesOf({
      type: "object",
      $defs: { A: { type: "object", properties: { p: { type: "string" } } } },
      properties: { a: { $ref: "#/$defs/A" }, p: { $ref: "#/$defs/A/properties/p" }, q: { $ref: "#/properties/a" } },
    });
    expect(code).not.toMatch(/Ref/);
    expect(propertyType(code, "a")).toBe("XA");
    expect(propertyType(code, "p")).toBe("string");
  });
});
