import { describe, expect, it } from "vitest";
import { parseSpecText } from "../../src/parse/index.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import type { ToolSpec } from "../../src/ir/types.js";

// Slips the mutation test (mutation.test.ts) found silent, each now reported where it is:
// a lost tool heading (the first tool's content reads as the file's introduction; between
// two tools, the second's parts join the first), a section a level too high, a lost
// Invocation or Output heading, a missing blank line, a separator row written twice, and
// misspelled types in result prose and example placeholders.

function read(text: string): { tools: ToolSpec[]; diags: string[] } {
  const bag = new DiagnosticBag();
  const tools = parseSpecText("notes/MCP_TOOL_SPECIFICATION.md", text, bag);
  return { tools, diags: bag.items.map((d) => `${d.loc.line} ${d.severity} ${d.code} ${d.message}`) };
}

const params = (name: string) =>
  `| Parameter | Type | Required | Description |\n|---|---|---|---|\n| \`${name}\` | string | Yes | A |\n`;

describe("a lost first tool heading", () => {
  it("numbered sections under no tool heading are a warning where the tool's labels start", () => {
    const text = [
      "# Notes - MCP Tool Specification",
      "",
      "---",
      "",
      "**Version**: 1.0.0",
      "**Read-only**: Yes",
      "",
      "### 1. Tool Purpose and Description",
      "",
      "Adds a note.",
      "",
      "### 2. Invocation Name",
      "",
      "`notes.add_note`",
      "",
      "### 3. Input Schema (Parameters)",
      "",
      params("text"),
    ].join("\n");
    const { tools, diags } = read(text);
    expect(tools).toEqual([]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([
      "5 warning SPEC_TOOL_PARTS_OUTSIDE the section \"2. Invocation Name\" (line 12) is a part of a tool, but it is under no tool heading, so it is not read as any tool's part (is the tool's heading missing here?)",
    ]);
  });

  it("a tool's text under a Tools heading is a warning at its first paragraph", () => {
    const text = `# Notes\n\n## Tool Reference\n\n**Description**: Adds a note.\n\n**Parameters**:\n\n${params("text")}\n### \`delete_note\`\n\n**Description**: Deletes.\n\n**Parameters**:\n\n${params("id")}`;
    const { tools, diags } = read(text);
    expect(tools.map((t) => t.name)).toEqual(["notes.delete_note"]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([
      "5 warning SPEC_TOOL_PARTS_OUTSIDE the label \"Parameters\" (line 7) is a part of a tool, but it is under no tool heading, so it is not read as any tool's part (is the tool's heading missing here?)",
    ]);
  });

  it('is no slip for a "Parameters" heading over the tools\' own headings, or file-level "Input Validation" notes', () => {
    const text = `# Notes\n\n## Parameters\n\n### \`add_note\`\n\n${params("text")}\n## Security\n\n### Input Validation\n\nEvery input is checked.\n`;
    const { tools, diags } = read(text);
    expect(tools.map((t) => t.name)).toEqual(["notes.add_note"]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([]);
  });
});

describe("table and type slips", () => {
  it("a separator row written twice is a warning at the second", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n### Parameters\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n|:---|:---|:---|:---|\n| \`text\` | string | Yes | A |\n`;
    const { diags } = read(text);
    expect(diags.filter((d) => d.includes("SPEC_TABLE_SEPARATOR_TWICE")).map((d) => d.split(" ")[0])).toEqual(["11"]);
  });

  it("a misspelled type after a result key in prose is a warning with the type meant", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\nAdds.\n\n${params("text")}\n**Returns**: \`dict\` — Dictionary with \`id\` (int), \`tags\` (lst) and \`ok\` (bool).\n`;
    const { tools, diags } = read(text);
    expect(diags.filter((d) => d.includes("SPEC_UNKNOWN_TYPE"))).toEqual([
      '11 warning SPEC_UNKNOWN_TYPE "lst" after the result key "tags" is no type, so the key is read without one (any value); did you mean `list`?',
    ]);
    expect((tools[0]!.outputSchema?.properties as Record<string, unknown>).tags).toEqual({});
  });
});

describe("a lost tool heading between two tools", () => {
  it("a second parameter table is a warning at it, and is not read as the first tool's results", () => {
    const text = `# Notes\n\n## Tools\n\n### \`add_note\`\n\n${params("text")}\n${params("id")}`;
    const { tools, diags } = read(text);
    expect(tools[0]!.outputSchema).toBeUndefined();
    expect(diags.filter((d) => d.includes("SPEC_TOOL_HEADING_MISSING")).map((d) => d.split(" ")[0])).toEqual(["11"]);
  });

  it('"No parameters." after a tool\'s parameter table is a warning', () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\n${params("text")}\nNo parameters. **Returns:** \`count\`.\n`;
    const { diags } = read(text);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_HEADING_MISSING")).map((d) => d.split(" ")[0])).toEqual(["9"]);
  });

  it("a labelled bullet list under a Tools heading is a tool's parts outside any tool; a numbered list of a spec's sections is not", () => {
    const bullets = "# Notes\n\n## Tools\n\n- **Purpose**: Adds a note.\n- **Parameters**: `text: str`\n";
    expect(
      read(bullets)
        .diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["5"]);
    const numbered =
      "# Notes\n\n## Structure\n\n1. **Invocation Name**: the name to call.\n2. **Parameters**: the inputs.\n";
    expect(read(numbered).diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))).toEqual([]);
  });

  it("a YAML tool descriptor under no tool heading is a warning", () => {
    const text =
      "# Notes\n\n## Tool Definitions\n\nAdds a note.\n\n```yaml\nname: add_note\nparameters:\n  type: object\n```\n";
    expect(
      read(text)
        .diags.filter((d) => d.includes("SPEC_TOOL_PARTS_OUTSIDE"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["5"]);
  });
});

describe("section slips inside a tool", () => {
  it("a section one level too high in a tool whose other sections sit deeper is an error at that section", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\n### 1. Purpose\n\nAdds a note.\n\n## 2. Input Schema (Parameters)\n\n${params("text")}`;
    const { diags } = read(text);
    expect(
      diags.filter((d) => d.includes("SPEC_TOOL_HEADING_LEVEL")).map((d) => d.split(" ").slice(0, 2).join(" ")),
    ).toEqual(["9 error"]);
  });

  it("a tool's name alone after its description (a lost Invocation Name heading) is a warning", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\n### 1. Purpose\n\nAdds a note.\n\n\`notes.add_note\`\n\n### 3. Parameters\n\n${params("text")}`;
    expect(
      read(text)
        .diags.filter((d) => d.includes("invocation name whose heading is lost"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["9"]);
  });

  it("a JSON value naming none of the parameters in the parameters section is a warning; example arguments are not", () => {
    const result = `# Notes\n\n## Tool: \`add_note\`\n\n### Parameters\n\n${params("text")}\n\`\`\`json\n{"status": "ok", "id": 1}\n\`\`\`\n`;
    expect(
      read(result)
        .diags.filter((d) => d.includes("names none of the parameters"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["12"]);
    const args = result.replace('"status": "ok", "id": 1', '"text": "hello"');
    expect(read(args).diags.filter((d) => d.includes("names none of the parameters"))).toEqual([]);
  });

  it("a Returns label that continues the last parameter bullet (no blank line) is a warning at the label", () => {
    const text =
      "# Notes\n\n## Tool: `add_note`\n\nAdds a note.\n\n**Parameters:**\n- `text` (str, required): The text\n**Returns:** `{id}`\n";
    expect(
      read(text)
        .diags.filter((d) => d.includes("starts a line inside the list item"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["9"]);
  });

  it("a misspelled type placeholder in an example result is a warning with the type meant", () => {
    const text =
      '# Notes\n\n## Tool: `add_note`\n\nAdds a note.\n\n**Returns**: `{"model": <dictnull>, "name": <strng>, "id": <int>}`\n';
    const typos = read(text).diags.filter((d) => d.includes("SPEC_UNKNOWN_TYPE"));
    expect(typos.map((d) => d.slice(d.indexOf("did you mean")))).toEqual([
      "did you mean `<dict|null>`?",
      "did you mean `<string>`?",
    ]);
  });

  it("a title between two code blocks (a heading without its markers) is a warning", () => {
    const text =
      '# Notes\n\n## Tool: `add_note`\n\nAdds a note.\n\n```json\n{"type": "object"}\n```\n\nUsage via MCP Client\n\n```python\nclient.call("add_note")\n```\n';
    expect(
      read(text)
        .diags.filter((d) => d.includes("reads like a heading without its # markers"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["11"]);
  });
});

describe("words that are no typos", () => {
  it("a placeholder or remark that is a word of its own (`<data>`, `(data)`) gets no did-you-mean", () => {
    const text =
      '# Notes\n\n## Tool: `add_note`\n\nAdds a note.\n\n**Returns**: `{"payload": <data>}` — Dictionary with `id` (int) and `body` (data).\n';
    expect(read(text).diags.filter((d) => d.includes("SPEC_UNKNOWN_TYPE"))).toEqual([]);
  });
});

describe("a lost heading of a tool written in prose, or of a tool that starts with its parameters", () => {
  const release = (drop?: string) =>
    [
      "# Release - MCP Tool Specification",
      "",
      "## Overview",
      "",
      "Three MCP tools expose release validation and local builds.",
      "",
      "## `release_validate`",
      "",
      "Accepts optional evidence fields for tests and coverage.",
      "",
      "Important response fields are `certified` and `blockers`.",
      "",
      "## `release_build`",
      "",
      "Parameters:",
      "",
      "- `name`",
      "- `version`",
      "",
      "Runs a real isolated build of the package.",
      "",
      "## `release_report`",
      "",
      "Accepts the same evidence as `release_validate` and returns Markdown.",
      "",
    ]
      .filter((l) => l !== drop)
      .join("\n");
  const codes = (text: string, code: string) =>
    read(text)
      .diags.filter((d) => d.includes(code))
      .map((d) => d.split(" ").slice(0, 2).join(" "));

  it("the intact file gets neither warning", () => {
    const { tools, diags } = read(release());
    expect(tools.map((t) => t.name)).toEqual(["notes.release_validate", "notes.release_build", "notes.release_report"]);
    expect(diags.filter((d) => /SPEC_TOOL_COUNT_MISMATCH|SPEC_TOOL_PROSE_UNREAD/.test(d))).toEqual([]);
  });

  it("a prose-only tool whose heading is lost (it joins the overview): the stated count is a warning", () => {
    const text = release("## `release_validate`");
    expect(read(text).tools.map((t) => t.name)).toEqual(["notes.release_build", "notes.release_report"]);
    expect(read(text).diags.filter((d) => d.includes("SPEC_TOOL_COUNT_MISMATCH"))).toEqual([
      "5 warning SPEC_TOOL_COUNT_MISMATCH this says the file has three MCP tools, but it defines 2 (`notes.release_build`, `notes.release_report`): a tool whose heading was deleted or lost its # marks is read as part of the text above it, or the number is out of date",
    ]);
  });

  it("counts that are approximate or about other tools, and smaller counts, are no slip", () => {
    for (const claim of [
      "Part of the ~303 dynamic tools available to Claude.",
      "One of about 300 tools in the package.",
      "Two MCP tools expose release validation.",
      "The codomyrmex server as a whole registers 120 tools; these cover releases.",
      "Release validation joins the 303 MCP tools available across all modules.",
    ])
      expect(
        codes(
          release().replace("Three MCP tools expose release validation and local builds.", claim),
          "SPEC_TOOL_COUNT_MISMATCH",
        ),
      ).toEqual([]);
  });

  it("a tool whose heading is lost and whose parameters join a tool above without any: a warning at the parameters", () => {
    const text = release("## `release_build`");
    expect(Object.keys(read(text).tools[0]!.inputSchema.properties ?? {})).toEqual(["name", "version"]);
    expect(codes(text, "SPEC_TOOL_PROSE_UNREAD")).toEqual(["14 warning"]);
  });

  it("prose after the parameters is no slip when it introduces a list, follows a `---`, or is the only description", () => {
    const only = release();
    expect(codes(only, "SPEC_TOOL_PROSE_UNREAD")).toEqual([]);
    const intro = release("## `release_build`").replace(
      "Runs a real isolated build of the package.",
      "Each item contains:",
    );
    expect(codes(intro, "SPEC_TOOL_PROSE_UNREAD")).toEqual([]);
    const rule = release("## `release_build`").replace("Runs a real", "---\n\nRuns a real");
    expect(codes(rule, "SPEC_TOOL_PROSE_UNREAD")).toEqual([]);
  });
});

describe("more lost tool headings between two tools (found with a second seed)", () => {
  const heading = (text: string) =>
    read(text)
      .diags.filter((d) => /SPEC_TOOL_HEADING_MISSING|SPEC_TOOL_NESTED/.test(d))
      .map((d) => d.split(" ").slice(0, 3).join(" "));

  it("a parameter table after a tool's results is a warning at it, and is not read as results", () => {
    const text = `# Notes\n\n## Tool: \`help\`\n\nShows help.\n\n**Returns:** \`status\`, \`text\`.\n\n${params("prompt")}\n**Returns:** \`status\`.\n`;
    const { tools } = read(text);
    expect(Object.keys(tools[0]!.outputSchema?.properties ?? {})).toEqual(["status", "text"]);
    expect(heading(text)).toContain("9 warning SPEC_TOOL_HEADING_MISSING");
    const intact = text.replace(`${params("prompt")}`, `## Tool: \`run\`\n\n${params("prompt")}`);
    expect(heading(intact)).toEqual([]);
  });

  it("a second tool descriptor naming another tool is a warning where that tool's text starts", () => {
    const descriptor = (name: string) =>
      `\`\`\`yaml\nname: ${name}\ndescription: Does ${name}\nparameters:\n  type: object\n  properties:\n    text:\n      type: string\n\`\`\`\n`;
    const text = `# Notes\n\n### add_note\n\nAdds a note.\n\n${descriptor("add_note")}\n---\n\nDeletes a note.\n\n${descriptor("delete_note")}`;
    expect(heading(text)).toEqual(["19 warning SPEC_TOOL_HEADING_MISSING"]);
    const intact = text.replace("---\n\nDeletes", "---\n\n### delete_note\n\nDeletes");
    expect(heading(intact)).toEqual([]);
    // The same descriptor twice (a schema and an example of it) is one tool's.
    expect(heading(text.replace("name: delete_note", "name: add_note"))).toEqual([]);
  });

  it("a tool heading a level too high over labels in one paragraph: the tool below is nested, an error", () => {
    const tool = (name: string, param: string) =>
      `**Description**: Does ${name}.\n**Input Schema**: \`{"type": "object", "properties": {"${param}": {"type": "string"}}}\`\n**Idempotent**: Yes\n`;
    const text = `# Notes\n\n### Data\n\n### \`json_query\`\n\n${tool("json_query", "path")}\n#### \`checksum_file\`\n\n${tool("checksum_file", "file")}`;
    expect(heading(text)).toContain("11 error SPEC_TOOL_NESTED");
    expect(heading(text.replace("### `json_query`", "#### `json_query`"))).toEqual([]);
  });
});

describe("a doubled bar in a type", () => {
  it("`str || None` reads as `str | None`", () => {
    const text = "# Notes\n\n### `summary`\n\n- **Purpose**: Sums up.\n- **Parameters**: `dir: str || None = None`\n";
    expect(read(text).tools[0]!.inputSchema.properties).toEqual({ dir: { type: ["string", "null"], default: null } });
  });
});

describe("lost section and tool headings (a second seed, continued)", () => {
  const at = (text: string, pattern: RegExp) =>
    read(text)
      .diags.filter((d) => pattern.test(d))
      .map((d) => d.split(" ").slice(0, 3).join(" "));

  it('a field table right after "no parameters" (a lost Output heading) is a warning at the table', () => {
    const text =
      "# Notes\n\n## Tool: `status`\n\nReports status.\n\n### Input Schema\n\nThis tool takes no parameters.\n\n### Output Schema\n\n| Field | Type | Required | Description |\n|---|---|---|---|\n| `uptime` | number | Yes | Seconds |\n";
    expect(at(text, /follows "no parameters"/)).toEqual([]);
    const lost = text.replace("### Output Schema\n\n", "");
    expect(at(lost, /follows "no parameters"/)).toEqual(["11 warning SPEC_CONTENT_IGNORED"]);
  });

  it("a numbered section title without its markers, the text on the next line, is a warning", () => {
    const text = `# Notes\n\n## Tool: \`add_note\`\n\n### 1. Tool Purpose and Description\nAdds a note.\n\n### 2. Input Schema\n\n${params("text")}`;
    expect(at(text, /without its # markers/)).toEqual([]);
    expect(at(text.replace("### 1.", " 1."), /without its # markers/)).toEqual(["5 warning SPEC_CONTENT_IGNORED"]);
  });

  it("a second paragraph after a description that follows the parameters (a prose-only tool below lost its heading) is a warning at it", () => {
    const text =
      "# Notes\n\n## `build`\n\nParameters:\n\n- `name`\n\nRuns a real isolated build of the package.\n\n## `report`\n\nAccepts the same evidence and returns Markdown.\n";
    expect(at(text, /SPEC_TOOL_PROSE_UNREAD/)).toEqual([]);
    expect(at(text.replace("## `report`\n\n", ""), /SPEC_TOOL_PROSE_UNREAD/)).toEqual([
      "11 warning SPEC_TOOL_PROSE_UNREAD",
    ]);
  });

  it("a Returns label in the introduction (the first tool's heading lost) is a tool's part outside any tool", () => {
    const text =
      "# Notes\n\n## Overview\n\nNote tools.\n\n## Tool: `help`\n\nShows help.\n\n**Returns:** `status`, `text`.\n\n## Tool: `add`\n\nAdds.\n\n**Returns:** `id`.\n";
    expect(at(text, /SPEC_TOOL_PARTS_OUTSIDE/)).toEqual([]);
    expect(at(text.replace("## Tool: `help`\n\n", ""), /SPEC_TOOL_PARTS_OUTSIDE/)).toEqual([
      "5 warning SPEC_TOOL_PARTS_OUTSIDE",
    ]);
  });

  it("a note after a parameter table under an Input Schema heading is that section's, not a lost tool's", () => {
    const text = (note: string) =>
      `# Notes\n\n## Tool: \`status\`\n\n### Description\n\nShows the status.\n\n### Input Schema\n\n${params("path")}\n${note}\n\n### Output Schema\n\n| Field | Type | Description |\n|---|---|---|\n| \`ok\` | boolean | A |\n`;
    const { diags } = read(text("The path must point inside a git repository."));
    expect(diags.filter((d) => /SPEC_TOOL_PROSE_UNREAD/.test(d))).toEqual([]);
    // Not read, so still reported: as an unread note, where it is.
    expect(diags.filter((d) => /SPEC_CONTENT_IGNORED/.test(d)).map((d) => d.split(" ").slice(0, 3).join(" "))).toEqual([
      "15 warning SPEC_CONTENT_IGNORED",
    ]);
  });

  it("a Returns label in the introduction that speaks of every tool is the file's own text", () => {
    for (const intro of [
      "Note tools.\n\nReturns: every tool returns a JSON object with a `status` field.",
      "Note tools.\n\n**Returns**: all tools return `{status, message}`.",
    ]) {
      const text = `# Notes\n\n## Overview\n\n${intro}\n\n## Tool: \`help\`\n\nShows help.\n\n**Returns:** \`status\`, \`text\`.\n`;
      expect(read(text).tools.map((t) => t.name)).toEqual(["notes.help"]);
      expect(at(text, /SPEC_TOOL_PARTS_OUTSIDE/), intro).toEqual([]);
    }
  });
});

describe("slips in results (a second seed)", () => {
  it("a type that lost a letter down to two (`(it)`) after a result key is a warning; `(in bytes)` is prose", () => {
    const text = (remark: string) =>
      `# Notes\n\n## Tool: \`count\`\n\nCounts.\n\n${params("text")}\n**Returns**: \`dict\` — Dictionary with \`total\` (${remark}).\n`;
    expect(read(text("it")).diags.filter((d) => d.includes("SPEC_UNKNOWN_TYPE"))).toEqual([
      '11 warning SPEC_UNKNOWN_TYPE "it" after the result key "total" is no type, so the key is read without one (any value); did you mean `int`?',
    ]);
    expect(read(text("in bytes")).diags.filter((d) => d.includes("SPEC_UNKNOWN_TYPE"))).toEqual([]);
  });

  it("an example result that is not strict JSON (a lost `{`) is a warning where it breaks; a line break in a string is not", () => {
    const text = (json: string) =>
      `# Notes\n\n## Tool: \`branches\`\n\nLists branches.\n\n${params("repo")}\n**Returns on success:**\n\n\`\`\`json\n${json}\n\`\`\`\n`;
    const good = '{\n  "branches": [\n    {\n      "name": "main"\n    }\n  ]\n}';
    expect(read(text(good)).diags.filter((d) => d.includes("SPEC_JSON_LENIENT"))).toEqual([]);
    const lost = good.replace("[\n    {\n", "[\n");
    expect(
      read(text(lost))
        .diags.filter((d) => d.includes("SPEC_JSON_LENIENT"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["16"]);
    const multiline = '{\n  "stdout": "a\nb"\n}';
    expect(read(text(multiline)).diags.filter((d) => d.includes("SPEC_JSON_LENIENT"))).toEqual([]);
  });

  it("a result example under the parameters (a lost Output heading) that shares one key with them is a warning", () => {
    const text = `# Notes\n\n## Tool: \`update\`\n\nUpdates.\n\n### Input Schema\n\n${params("event_id")}\n\`\`\`json\n{"status": "ok", "event_id": "e1", "link": "https://x"}\n\`\`\`\n`;
    expect(
      read(text)
        .diags.filter((d) => d.includes("reads as an example result"))
        .map((d) => d.split(" ")[0]),
    ).toEqual(["14"]);
    const args = text.replace('"status": "ok", ', "").replace(', "link": "https://x"', "");
    expect(read(args).diags.filter((d) => d.includes("reads as an example result"))).toEqual([]);
  });
});

describe("a lost blank line after a run of labels", () => {
  it("a sentence continuing a label's short value is a warning at it; a long value wrapped over lines is not", () => {
    const text =
      "# Notes\n\n### `match`\n\n**Description**: Matches a pattern.\n**Category**: analysis\n\nWhen a pattern name is given, searches for that pattern only.\n\n**Parameters**:\n- `code` (str, required): Source\n";
    const lost = text.replace("analysis\n\n", "analysis\n");
    const at = (t: string) =>
      read(t)
        .diags.filter((d) => d.includes("continues the label"))
        .map((d) => d.split(" ")[0]);
    expect(at(text)).toEqual([]);
    expect(at(lost)).toEqual(["7"]);
    const wrapped =
      "# Notes\n\n### `match`\n\n**Category**: analysis\n**Description**: Matches a pattern given by name, or\nDetects all known patterns when no name is given.\n";
    expect(at(wrapped)).toEqual([]);
  });
});

describe("a table row that lost its leading bar", () => {
  it("is read as the same row: its values listed in prose stay an enum", () => {
    const text =
      '# Notes\n\n## Tool: `memory`\n\nReads memory.\n\n### Output Schema\n\n| Field Name | Type | Description |\n|:---|:---|:---|\n| `status` | `string` | `"success"` or `"error"` |\n| `id` | `string` | The id |\n';
    const status = (t: string) =>
      (read(t).tools[0]!.outputSchema?.properties as Record<string, { enum?: unknown }>).status;
    expect(status(text)?.enum).toEqual(["success", "error"]);
    expect(status(text.replace("| `status`", " `status`"))?.enum).toEqual(["success", "error"]);
  });
});

describe("lost headings found with a third seed", () => {
  it('"This tool takes no parameters." under the invocation name (its Parameters heading lost) still says no parameters', () => {
    const text =
      "# Notes\n\n## Tool: `notes.status`\n\n### 1. Purpose\n\nReports status.\n\n### 2. Invocation Name\n\n`notes.status`\n\n### 3. Input Schema (Parameters)\n\nThis tool takes no parameters.\n";
    const input = (t: string) => read(t).tools[0]!.inputSchema;
    expect(input(text)).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect(input(text.replace("### 3. Input Schema (Parameters)\n\n", ""))).toEqual(input(text));
  });

  it("links after a tool's last section (a lost Navigation heading) are a warning", () => {
    const text =
      '# Notes\n\n## Tool: `add_note`\n\nAdds a note.\n\n### Output Schema\n\n```json\n{"id": 1}\n```\n\n## Navigation Links\n\n- **Parent**: [Overview](../README.md)\n- **Home**: [Root](../../README.md)\n';
    const links = (t: string) =>
      read(t)
        .diags.filter((d) => d.includes("only links to other documents"))
        .map((d) => d.split(" ")[0]);
    expect(links(text)).toEqual([]);
    expect(links(text.replace("## Navigation Links\n\n", ""))).toEqual(["13"]);
  });

  it("a one-word tool heading nested under a tool a level too high, at the level of the file's earlier tools, is an error", () => {
    const tool = (name: string) =>
      `### ${name}\n\nDoes ${name}.\n\n- **Parameters**: None\n- **Returns**: \`{"status": "ok"}\`\n\n`;
    const text = `# Notes\n\n## Tools\n\n${tool("get_model")}${tool("solve_model")}${tool("push")}`;
    const nested = (t: string) =>
      read(t)
        .diags.filter((d) => d.includes("error SPEC_TOOL_NESTED"))
        .map((d) => d.split(" ")[0]);
    expect(nested(text)).toEqual([]);
    expect(nested(text.replace("### solve_model", "## solve_model"))).toEqual(["19"]);
  });
});

describe("a second list of parameters", () => {
  it("naming a parameter the tool's table does not (a lost tool heading) is a warning; a restatement is not", () => {
    const text = `# Notes\n\n### \`chat\`\n\n${params("message")}\nKeyword-only: \`message\`, \`system_message\`.\n`;
    const second = (t: string) =>
      read(t)
        .diags.filter((d) => d.includes("a second list of parameters"))
        .map((d) => d.split(" ")[0]);
    expect(second(text)).toEqual(["9"]);
    expect(second(text.replace(", `system_message`", ""))).toEqual([]);
  });
});

describe("notes that are no slips", () => {
  it('a results table whose first column says "Parameter", right under an Output heading, is read as the results', () => {
    const text =
      "# Notes\n\n## Tool: `a`\n\nDoes a.\n\n### Output Schema\n\n| Parameter | Type | Description |\n|---|---|---|\n| `id` | string | Id |\n";
    const { tools, diags } = read(text);
    expect(Object.keys(tools[0]!.outputSchema?.properties ?? {})).toEqual(["id"]);
    expect(diags.filter((d) => d.includes("SPEC_TOOL_HEADING_MISSING"))).toEqual([]);
  });

  it("a note under an Input Schema heading before its JSON Schema is the section's own text", () => {
    const text =
      '# Notes\n\n## Tool: `test-tool`\n\n### 1. Tool Purpose and Description\n\nThe one tool.\n\n### 3. Input Schema (Parameters)\n\nAny arguments (the schema is an open object).\n\n```json\n{\n  "type": "object"\n}\n```\n';
    expect(read(text).diags.filter((d) => d.includes("SPEC_TOOL_PROSE_UNREAD"))).toEqual([]);
  });

  it("a file without tools that counts tools (a README) gets no count warning", () => {
    expect(
      read("# Recordings\n\nThe 20 servers have 269 tools in all.\n").diags.filter((d) => d.includes("COUNT")),
    ).toEqual([]);
  });
});
