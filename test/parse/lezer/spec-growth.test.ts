import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../../src/parse/markdown/index.js";
import { expectLinear } from "../../helpers/growth.js";

// The adversarial inputs of bench/markdown-adversarial.js that reach the spec's readers
// (a tool's input schema section holding what a broken or hostile spec can): the whole
// path a spec file takes (prescan, parse, readers) must stay linear in their length.

const FILE = "/specs/adversarial/MCP_TOOL_SPECIFICATION.md";
const TOOL =
  "## Tool: `adversarial.tool`\n\n### 1. Tool Purpose and Description\n\nx\n\n### 3. Input Schema (Parameters)\n\n";
const N = 20_000;

const spec = (text: string) => parseMarkdownSpec(FILE, text, new DiagnosticBag());
const repeatTo = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length));

const INPUTS: Record<string, (n: number) => string> = {
  "headings under a tool": (n) => {
    let text = TOOL;
    for (let i = 0; text.length < TOOL.length + n; i++) text += `### h${i}\n`;
    return text;
  },
  "a table of 20 columns": (n) => {
    const header = `| ${Array.from({ length: 20 }, (_, i) => `c${i}`).join(" | ")} |\n|${"---|".repeat(20)}\n`;
    return `${TOOL}${header}${repeatTo(`|${" xx |".repeat(20)}\n`, n)}`;
  },
  "table rows with escaped pipes": (n) =>
    `${TOOL}| Parameter Name | Type | Required | Description |\n|---|---|---|---|\n${repeatTo("| `a\\|b` | `string` | No | x \\| y `c \\| d` \\| |\n", n)}`,
  "a code fence never closed": (n) => `${TOOL}\`\`\`json\n${repeatTo('{ "a": [1, 2, "x"] },\n', n)}`,
};

describe("Markdown spec: linear on adversarial inputs that reach the readers", () => {
  for (const [name, input] of Object.entries(INPUTS))
    it(`reads ${name} in linear time`, () => {
      expect(spec(input(N)).length).toBeLessThanOrEqual(1);
      expectLinear({ input, run: spec }, N, name);
    });
});
