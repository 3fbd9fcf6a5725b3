import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSpec } from "../../src/fmt/format.js";
import { renderMarkdownSpec } from "../../src/import/render-markdown.js";
import { meaningDifference, specMeaning } from "../../src/fmt/meaning.js";
import { CODOMYRMEX, corpusMarkdownFiles, hasCorpus, NEEDS_CORPUS } from "../helpers/corpus.js";
import { REPO } from "../helpers/project.js";
import { markdownSpec } from "../security/arbitraries.js";

/** The Markdown specs the project ships: specs/ and each example's specs/. */
function projectSpecs(): string[] {
  const roots = [path.join(REPO, "specs")];
  for (const e of readdirSync(path.join(REPO, "examples"), { withFileTypes: true }))
    if (e.isDirectory()) roots.push(path.join(REPO, "examples", e.name, "specs"));
  return roots
    .flatMap((root) => {
      try {
        return readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith(".md"))
          .map((f) => path.join(f.parentPath, f.name));
      } catch {
        return [];
      }
    })
    .sort();
}

/** fmt's output for `text`, checked to mean what `text` means and to be a fixed point of fmt. */
function formatChecked(file: string, text: string): string {
  const out = formatSpec(file, text).text;
  if (out !== text) expect(meaningDifference(specMeaning(file, text), specMeaning(file, out)), file).toBeUndefined();
  expect(formatSpec(file, out).text, `${file}: fmt(fmt(x)) = fmt(x)`).toBe(out);
  return out;
}

describe("fmt on the specs the project has", () => {
  it("leaves every bundled spec as it is: they are in the canonical layout", () => {
    const files = projectSpecs();
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const abs of files) {
      const file = path.relative(REPO, abs);
      const text = readFileSync(abs, "utf8");
      const result = formatSpec(file, text);
      expect(result.refused, file).toEqual([]);
      expect(result.text === text, `${file} is not formatted`).toBe(true);
    }
  });

  it("leaves what import writes as it is: the smaller real tool lists in the fixtures, and odd cells", () => {
    const dir = path.join(REPO, "test/fixtures/real-tools");
    // The larger lists take seconds to render and parse, and add no shape the smaller lack.
    const lists = readdirSync(dir).filter((f) => f.endsWith(".json") && statSync(path.join(dir, f)).size < 12_000);
    expect(lists.length).toBeGreaterThan(8);
    const odd = {
      name: "odd",
      description: "Odd.",
      inputSchema: {
        type: "object",
        properties: { a: { type: "string", description: "ends in spaces, has a | pipe and `code`  " } },
      },
    };
    const specs = lists.map((name) => {
      const json = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
      return [name, renderMarkdownSpec("demo", name, Array.isArray(json) ? json : json.tools)] as const;
    });
    specs.push(["odd cells", renderMarkdownSpec("demo", "odd", [odd])]);
    for (const [name, md] of specs)
      expect(
        formatSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md).text === md,
        `${name} imported is not formatted`,
      ).toBe(true);
  });

  const corpus = hasCorpus("test/fmt/format.test.ts", "its corpus test");
  it.runIf(corpus)(`is lossless and idempotent on every corpus spec ${NEEDS_CORPUS}`, () => {
    const files = corpusMarkdownFiles();
    let changed = 0;
    for (const abs of files) {
      const file = path.relative(CODOMYRMEX, abs);
      const text = readFileSync(abs, "utf8");
      if (formatChecked(file, text) !== text) changed++;
    }
    // The corpus is hand-written in many layouts: a run that changes nothing proves nothing.
    expect(changed).toBeGreaterThan(files.length / 2);
  });
});

const UNFORMATTED = [
  "Module\r",
  "======\r",
  "\r",
  "## Tool: `m.echo` ##   \r",
  "### 1. Tool Purpose and Description\r",
  "Echoes its input.\r",
  "\r",
  "\r",
  "\r",
  "### 3. Input Schema (Parameters)\r",
  "Parameter Name|Type|Required|Description\r",
  "---|:-:|--:|:--\r",
  "`text`|`string`|Yes|What to echo, with a \\| pipe.\r",
  "\r",
  "### 5. Error Handling\r",
  "*   `ValidationError`: the text is empty.\r",
  "*   `TooLong`: over the limit.\r",
  "\r",
  "### 7. Usage Examples\r",
  "~~~~json\r",
  '{"tool_name": "m.echo", "arguments": {"text": "hi"}}\r',
  "~~~~\r",
  "\r",
  "\r",
].join("\n");

const FORMATTED = `# Module

## Tool: \`m.echo\`

### 1. Tool Purpose and Description

Echoes its input.

### 3. Input Schema (Parameters)

| Parameter Name | Type | Required | Description |
| -------------- | :--: | -------: | :---------- |
| \`text\` | \`string\` | Yes | What to echo, with a \\| pipe. |

### 5. Error Handling

- \`ValidationError\`: the text is empty.
- \`TooLong\`: over the limit.

### 7. Usage Examples

\`\`\`json
{"tool_name": "m.echo", "arguments": {"text": "hi"}}
\`\`\`
`;

describe("formatSpec", () => {
  it("writes headings, tables, lists, fences, blank lines and line endings the canonical way", () => {
    const result = formatSpec("specs/m/MCP_TOOL_SPECIFICATION.md", UNFORMATTED);
    expect(result.refused).toEqual([]);
    expect(result.text).toBe(FORMATTED);
    expect(formatChecked("specs/m/MCP_TOOL_SPECIFICATION.md", UNFORMATTED)).toBe(FORMATTED);
  });

  it("moves the lines of a list item with its text, nested lists included", () => {
    const text = "# M\n\n*   one\n    goes on\n    +   nested\n        goes on\n*   two\n";
    expect(formatChecked("specs/m/x.md", text)).toBe("# M\n\n- one\n  goes on\n  - nested\n    goes on\n- two\n");
  });

  it("turns line endings to \\n block by block, leaving a block whose text would change", () => {
    // An error's description is read as written: its line break is part of it.
    const text = "# M\r\n\r\n## Tool: `m.t`\r\n\r\n### 5. Error Handling\r\n\r\n- `E`: one\r\n  two\r\n";
    const result = formatSpec("specs/m/MCP_TOOL_SPECIFICATION.md", text);
    expect(result.text).toBe("# M\n\n## Tool: `m.t`\n\n### 5. Error Handling\n\n- `E`: one\r\n  two\n");
    expect(result.refused).toEqual([
      { line: 7, what: "the line endings of this block", difference: 'tool "m.t": errors.0.description' },
    ]);
  });

  it("keeps prose, code and HTML byte for byte, and a hard line break", () => {
    const text =
      "# M\n\n## Tool: `m.t`\n\nFirst line  \nsecond *line*   \n\n```\nkeep   \n~~~\n```\n\n<div>  \n</div>\n";
    const out = formatChecked("specs/m/MCP_TOOL_SPECIFICATION.md", text);
    expect(out).toBe(
      "# M\n\n## Tool: `m.t`\n\nFirst line  \nsecond *line*\n\n```\nkeep   \n~~~\n```\n\n<div>  \n</div>\n",
    );
  });

  it("fences with more backticks than any backtick line inside", () => {
    const text = "# M\n\n~~~md\n```\ninner\n```\n~~~\n";
    expect(formatChecked("specs/m/x.md", text)).toBe("# M\n\n````md\n```\ninner\n```\n````\n");
  });

  it("leaves a change that would alter the spec out, and says why", () => {
    // A tool's description is read as written, list markers included.
    const text = [
      "# M",
      "",
      "## Tool: `m.t`",
      "",
      "### 1. Tool Purpose and Description",
      "",
      "Does two things:",
      "",
      "*   first",
      "*   second",
      "",
      "|Parameter Name|Type|Required|Description|",
      "|---|---|---|---|",
      "|`a`|`string`|Yes|An a.|",
      "",
    ].join("\n");
    const result = formatSpec("specs/m/MCP_TOOL_SPECIFICATION.md", text);
    expect(result.refused).toEqual([{ line: 9, what: "the list", difference: 'tool "m.t": description' }]);
    expect(result.text).toContain("*   first\n*   second\n");
    // The table, which changes nothing the parser reads, is formatted all the same.
    expect(result.text).toContain("| `a` | `string` | Yes | An a. |");
    expect(formatSpec("specs/m/MCP_TOOL_SPECIFICATION.md", result.text).text).toBe(result.text);
  });

  it("leaves a file nested beyond the limits as it is", () => {
    const text = `# M\n\n${"> ".repeat(300)}deep\n\n\n`;
    const result = formatSpec("specs/m/x.md", text);
    expect(result.text).toBe(text);
    expect(result.untouched).toMatch(/beyond the limits/);
  });

  it("is lossless and idempotent on generated specs, also after their layout is scrambled", () => {
    const scramble = fc.record({
      bullets: fc.boolean(),
      pipes: fc.boolean(),
      trailing: fc.boolean(),
      blank: fc.boolean(),
      crlf: fc.boolean(),
      tilde: fc.boolean(),
    });
    fc.assert(
      fc.property(markdownSpec, scramble, (spec, s) => {
        let text = spec;
        if (s.bullets) text = text.replace(/^- /gm, "*   ");
        if (s.pipes) text = text.replace(/^\| (.*) \|$/gm, "$1");
        if (s.trailing) text = text.replace(/\n/g, "  \n");
        if (s.blank) text = text.replace(/\n\n/g, "\n\n\n");
        if (s.tilde) text = text.replace(/^```/gm, "~~~");
        if (s.crlf) text = text.replace(/\n/g, "\r\n");
        formatChecked("specs/gen/MCP_TOOL_SPECIFICATION.md", text);
      }),
      { seed: 20261128, numRuns: 60 },
    );
  });
});

describe("meaningDifference", () => {
  const file = "specs/m/MCP_TOOL_SPECIFICATION.md";
  const base = FORMATTED;
  it("finds no difference between a spec and itself moved down a line", () => {
    expect(meaningDifference(specMeaning(file, base), specMeaning(file, `\n${base}`))).toBeUndefined();
  });

  it("names what changed: a schema, the tools, the findings", () => {
    const before = specMeaning(file, base);
    expect(meaningDifference(before, specMeaning(file, base.replace("What to echo", "What to say")))).toBe(
      'tool "m.echo": inputSchema.properties.text.description',
    );
    expect(meaningDifference(before, specMeaning(file, base.replace("## Tool: `m.echo`", "## Notes")))).toMatch(
      /^the number of tools \(1 → 0\)/,
    );
    expect(meaningDifference(before, specMeaning(file, base.replace("```json", "```json\n{")))).toMatch(
      /^tool "m.echo": examples|^the findings/,
    );
  });
});
