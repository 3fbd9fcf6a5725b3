import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/ir/types.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { generate, makeTool } from "../helpers/make-tool.js";
import { tsParseErrors } from "../helpers/typescript-reference.js";

// A `$ref` to a boolean schema (`"$defs": {"Any": true}`) is valid JSON Schema, and
// json-schema-to-typescript's reference parser failed on it ("Invalid value used as weak
// map key"): the types generator refused the spec. Such a reference is the type it means.

const argsOf = async (inputSchema: JsonSchema): Promise<string> => {
  const code = fileText(
    (await generate([makeTool({ name: "t.x", inputSchema })], ["types"])).find((f) => f.path === "types/t.ts")!,
  );
  expect(tsParseErrors(code)).toEqual([]);
  const start = code.indexOf("export interface XArgs");
  return code.slice(start, code.indexOf("\n}\n", start) + 2);
};

describe("references to boolean schemas", () => {
  it("a definition that is `true` is unknown, one that is `false` is never", async () => {
    const args = await argsOf({
      type: "object",
      $defs: { Any: true, None: false, "a/b": true },
      properties: {
        any: { $ref: "#/$defs/Any", description: "Anything." },
        none: { $ref: "#/$defs/None" },
        escaped: { $ref: "#/$defs/a~1b" },
        encoded: { $ref: "#/$defs/%4Eone" },
      },
      required: ["any"],
    });
    expect(args).toContain("  any: unknown\n");
    expect(args).toContain("  none?: never\n");
    expect(args).toContain("  escaped?: unknown\n");
    expect(args).toContain("  encoded?: never\n");
    expect(args).toContain("Anything.");
  });

  it("keeps the keywords beside a reference to `true`, and a reference to `false` allows nothing", async () => {
    const args = await argsOf({
      type: "object",
      $defs: { Any: true, None: false },
      properties: {
        s: { $ref: "#/$defs/Any", type: "string" },
        o: { $ref: "#/$defs/Any", type: "object", properties: { z: { type: "number" } }, required: ["z"] },
        n: { $ref: "#/$defs/None", type: "object", properties: { z: { type: "number" } } },
      },
    });
    expect(args).toContain("  s?: string\n");
    expect(args).toMatch(/ {2}o\?: \{\n {4}z: number\n/);
    expect(args).toContain("  n?: never\n");
  });

  it("a reference into a definition that reaches a boolean schema", async () => {
    const args = await argsOf({
      type: "object",
      definitions: { A: { type: "object", properties: { p: true, q: false } } },
      properties: { p: { $ref: "#/definitions/A/properties/p" }, q: { $ref: "#/definitions/A/properties/q" } },
    });
    expect(args).toContain("  p?: unknown\n");
    expect(args).toContain("  q?: never\n");
  });
});
