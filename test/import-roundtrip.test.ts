import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO } from "./helpers/project.js";
import { DiagnosticBag } from "../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../src/parse/markdown/index.js";
import { descriptionMode, renderMarkdownSpec } from "../src/import/render-markdown.js";
import type { ListedTool } from "../src/import/source.js";
import { firstDifference, verifyMarkdownRoundTrip } from "../src/import/verify.js";

// `import` writes a tool's description so that the spec reader reads it back byte for byte.
// The one normalisation, by design of the reader: a description's leading and trailing
// whitespace is trimmed (and a missing description reads as ""). So the property is
// read(import(d)) === d.trim(), exactly.
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261123;
const FILE = "specs/demo/MCP_TOOL_SPECIFICATION.md";

function readBack(tools: readonly ListedTool[]) {
  const md = renderMarkdownSpec("demo", "a test", tools);
  const parsed = parseMarkdownSpec(FILE, md, new DiagnosticBag());
  return { md, byName: new Map(parsed.map((t) => [t.name, t])), count: parsed.length };
}

// Pieces that mean something to Markdown or to the spec reader, mixed with plain words and unicode.
const PIECES = [
  "#",
  "## Tool: `evil`",
  "# ",
  "-",
  "- ",
  "* ",
  "+ ",
  "1. ",
  "2) ",
  ">",
  "> ",
  "|",
  " | ",
  "| a | b |\n| --- | --- |\n| 1 | 2 |",
  "`",
  "``",
  "```",
  '```json\n{"type": "object"}\n```',
  "~~~",
  "**",
  "**bold**",
  "**Returns**: x",
  "**MCP Name**: `hijacked`",
  "**Read-only**: Yes",
  "__",
  "_",
  "*",
  "\\",
  "\\\\",
  "\\*",
  "<",
  ">",
  "<b>",
  "</div>",
  "<!--",
  "-->",
  "<https://example.com>",
  "&amp;",
  "&#42;",
  "[link](http://x)",
  "[x]:",
  "![i](p)",
  "---",
  "===",
  "***",
  "\n",
  "\n\n",
  "\n\n\n",
  "\r\n",
  "\r",
  "\t",
  "    ",
  "  ",
  " ",
  "Parameters:",
  "Returns:",
  "None.",
  "Error Responses:\n400: Bad request",
  "é",
  "日本語",
  "😀",
  "\u00a0",
  "\u200b",
  "word",
  "Several words here",
  "x",
  ".",
  ":",
];
const description = fc
  .array(
    fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 }), fc.string({ unit: "grapheme", maxLength: 4 })),
    {
      maxLength: 14,
    },
  )
  .map((parts) => parts.join(""));

describe("import: descriptions read back byte for byte", () => {
  it(`random descriptions (seed ${SEED}, ${RUNS} runs)`, () => {
    fc.assert(
      fc.property(description, (d) => {
        const tool: ListedTool = {
          name: "probe",
          description: d,
          inputSchema: { type: "object", properties: { q: { type: "string" } } },
        };
        const { md, byName, count } = readBack([
          tool,
          { name: "other", description: "Other tool.", inputSchema: { type: "object" } },
        ]);
        expect(count, md).toBe(2);
        expect(byName.get("probe")?.description, md).toBe(d.trim());
        expect(byName.get("other")?.description, md).toBe("Other tool.");
        expect(byName.get("probe")?.inputSchema).toEqual(tool.inputSchema);
        expect(
          verifyMarkdownRoundTrip(FILE, md, [
            tool,
            { name: "other", description: "Other tool.", inputSchema: { type: "object" } },
          ]),
        ).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("keeps plain descriptions as prose, and the rest verbatim in the JSON definition", () => {
    const prose: ListedTool = {
      name: "a",
      description: "Reads **one** file.\n\n- a list\n- of items",
      inputSchema: { type: "object" },
    };
    const verbatim: ListedTool = {
      name: "b",
      description: "\n    Indented.\n    Lines.\n",
      inputSchema: { type: "object" },
    };
    expect(descriptionMode(prose)).toBe("prose");
    expect(descriptionMode(verbatim)).toBe("definition");
    const { md, byName } = readBack([prose, verbatim]);
    expect(md).toContain("### 1. Tool Purpose and Description\n\nReads **one** file.\n\n- a list\n- of items\n");
    expect(md).toContain('"description": "\\n    Indented.\\n    Lines.\\n"');
    expect(byName.get("a")?.description).toBe(prose.description);
    expect(byName.get("b")?.description).toBe("Indented.\n    Lines.");
  });

  it("a missing or empty description reads back as an empty one", () => {
    const { byName } = readBack([
      { name: "none", inputSchema: { type: "object" } },
      { name: "empty", description: "  \n ", inputSchema: { type: "object" } },
    ]);
    expect(byName.get("none")?.description).toBe("");
    expect(byName.get("empty")?.description).toBe("");
  });

  it("the check compares exactly and shows the first differing position", () => {
    expect(firstDifference("ab\ncd", "ab\ncx")).toBe(
      'first difference at offset 4 (line 2, column 2): expected "d", read "x"',
    );
    expect(firstDifference("abc", "ab")).toBe(
      'first difference at offset 2 (line 1, column 3): expected "c", read the end',
    );
    // A description a reader would change (here: a hand-edited spec) is reported, not accepted after normalising.
    const tool: ListedTool = { name: "t", description: "a\\*b  c", inputSchema: { type: "object" } };
    const md = renderMarkdownSpec("demo", "a test", [tool]).replace("a\\*b  c", "a*b c");
    const problems = verifyMarkdownRoundTrip(FILE, md, [tool]);
    expect(problems).toEqual([
      {
        tool: "t",
        kind: "description",
        message:
          'description reads back differently: first difference at offset 1 (line 1, column 2): expected "\\\\*b  c", read "*b c"',
      },
    ]);
  });
});

describe("import: real servers' tool lists round-trip", () => {
  const dir = path.join(REPO, "test/fixtures/real-tools");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  let total = 0;
  let exact = 0;
  it.each(files)("%s", (file) => {
    const tools = (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { tools: ListedTool[] }).tools;
    const { md, byName, count } = readBack(tools);
    expect(count).toBe(tools.length);
    expect(verifyMarkdownRoundTrip(FILE, md, tools)).toEqual([]);
    for (const tool of tools) {
      const back = byName.get(tool.name);
      expect(back?.description, tool.name).toBe((tool.description ?? "").trim());
      expect(back?.inputSchema, tool.name).toEqual(tool.inputSchema);
      total++;
      if (back?.description === (tool.description ?? "")) exact++;
    }
  });
  it("counts: every description reads back exactly up to the outer whitespace the reader trims", () => {
    // 269 tools; 49 descriptions start or end with whitespace (line breaks, indentation).
    expect(total).toBe(269);
    expect(exact).toBe(220);
  });
});

describe("import: titles read back", () => {
  const piece = fc.constantFrom(
    "#",
    "|",
    "_",
    "\\",
    "<b>",
    "[x]",
    "1. ",
    "- ",
    "&amp;",
    "é",
    "😀",
    " ",
    "word",
    "**",
    "`",
  );
  it(`random titles (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 8 }), (parts) => {
        const title = parts.join("");
        const tool: ListedTool = { name: "t", title, description: "T.", inputSchema: { type: "object" } };
        const { md, byName } = readBack([tool]);
        // By design of the reader: one line, no code-span backticks or asterisks, trimmed.
        const want = title
          .replace(/\s*[\r\n]+\s*/g, " ")
          .replace(/[`*]/g, "")
          .trim();
        expect(byName.get("t")?.title ?? "", md).toBe(want);
        expect(byName.get("t")?.description, md).toBe("T.");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
