import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { runtimeProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";

// Types that say what the spec says: `any`, `result | any` and unknown type words are
// `unknown` (a string or an array compiles, as the warning promises), `dict` and `object`
// without properties are `object` (a string does not compile; a generated interface does).

const SPEC = `# Demo

## Tool: \`demo.get_thing\`

**Read-only**: Yes

### 1. Tool Purpose and Description

Gets a thing.

### 3. Input Schema (Parameters)

| Name | Type | Required | Description |
| --- | --- | --- | --- |
| key | string | Yes | The key. |
| meta | dict | No | Extra metadata. |
| extra | object | No | More stuff. |
| whatever | any | No | Anything. |
| weird | frobnicator | No | A misspelled type. |
| gadgets | list[gadget] | No | Items of an unknown type. |

### 4. Output Schema (Return Value)

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| result | result \\| any | Yes | The result. |
| value | any | Yes | The value. |
| data | dict | Yes | The data. |
| items | list[any] | Yes | Some items. |
`;

const USAGE = `import type { GetThingArgs, GetThingResult } from "./types/demo.js";

export const fromStrings: GetThingResult = { result: "text", value: "text", data: {}, items: ["a", 1] };
export const fromArrays: GetThingResult = { result: [1, 2], value: [null], data: { a: 1 }, items: [[1], { a: 1 }] };
export const args: GetThingArgs = { key: "k", whatever: "w", weird: 42, meta: { a: [1] }, extra: {} };
// A value of an interface type (as every generated definition is) fits a dict.
interface Domain {
  id: string;
}
declare const domain: Domain;
export const fromInterface: GetThingArgs = { key: "k", meta: domain };
// @ts-expect-error a dict is not a string
export const dictString: GetThingResult = { result: 1, value: 1, data: "text", items: [] };
// @ts-expect-error an object is not a string
export const objectString: GetThingArgs = { key: "k", extra: "text" };
// @ts-expect-error nor a number
export const dictNumber: GetThingArgs = { key: "k", meta: 1 };
`;

describe("free-form types", () => {
  let project: TempProject;
  beforeAll(() => {
    project = runtimeProject({ "specs/MCP_TOOL_SPECIFICATION.md": SPEC, "usage.ts": USAGE });
  });
  afterAll(() => project.dispose());

  it("any / unknown words accept a string or an array; dict and object refuse a string (tsc, every @ts-expect-error fires)", async () => {
    const result = await runPipeline(
      resolveConfig(project.dir, { inputs: ["specs"], generators: ["types"], outDir: "gen" }),
    );
    expect(result.failed).toBe(false);
    const files: string[] = [];
    for (const f of result.files) {
      project.write(f.path, fileText(f));
      if (f.path.endsWith(".ts")) files.push(path.join(project.dir, f.path));
    }
    const types = project.read("types/demo.ts");
    expect(types).toMatch(/whatever\?: unknown$/m);
    expect(types).toMatch(/weird\?: unknown$/m);
    expect(types).toMatch(/result: unknown$/m);
    expect(types).toMatch(/meta\?: object$/m);
    expect(types).toMatch(/items: unknown\[\]$/m);
    expect(types).toMatch(/gadgets\?: unknown\[\]$/m);
    // The warning for an unknown word says what is generated.
    const warning = result.diagnostics.find((d) => d.code === "SPEC_UNKNOWN_TYPE" && d.message.includes("frobnicator"));
    expect(warning?.message).toContain('field "weird"; it accepts any value (`unknown` in TypeScript)');
    const part = result.diagnostics.find((d) => d.code === "SPEC_UNKNOWN_TYPE" && d.message.includes("gadget"));
    expect(part?.message).toContain(
      'field "gadgets"; that part of its type accepts any value (`unknown` in TypeScript)',
    );
    const r = typeCheck([...files, path.join(project.dir, "usage.ts")], project.dir);
    expect(r.output).toBe("");
    expect(r.ok).toBe(true);
  });
});
