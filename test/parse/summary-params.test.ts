import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";

function parse(md: string) {
  const diagnostics = new DiagnosticBag();
  const tools = parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
  return { tools, diagnostics };
}

const table = (head: string, rows: string[]) =>
  `# Notes\n\n## Tools\n\n| ${head} |\n|${head
    .split("|")
    .map(() => "---")
    .join("|")}|\n${rows.join("\n")}\n`;

describe("parameters in a summary table cell", () => {
  it("reads `name` (type, optional) items", () => {
    const { tools } = parse(
      table("Tool | Key parameters | Description", [
        "| `search_notes` | `query` (string), `limit` (int, optional) | Search notes |",
      ]),
    );
    expect(tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: { query: { type: "string" }, limit: { type: "integer" } },
      required: ["query"],
      additionalProperties: false,
    });
  });

  it("reads Python-like signatures in plain text, with defaults", () => {
    const { tools } = parse(table("Name | Args", ["| list_files | path: str, recursive: bool = False |"]));
    expect(tools[0]!.inputSchema.properties).toEqual({
      path: { type: "string" },
      recursive: { type: "boolean", default: false },
    });
    expect(tools[0]!.inputSchema.required).toEqual(["path"]);
  });

  it("reads defaults and required markers in parentheses", () => {
    const { tools } = parse(
      table("Tool | Inputs", ['| `get_note` | `id` (string, required), `format` (string, default "md") |']),
    );
    expect(tools[0]!.inputSchema.properties).toEqual({
      id: { type: "string" },
      format: { type: "string", default: "md" },
    });
    expect(tools[0]!.inputSchema.required).toEqual(["id"]);
  });

  it("fills a tool with its own heading but no parameter section", () => {
    const md = `${table("Tool | Parameters | Description", ["| `get_note` | `id` (string), `limit` (int, optional) | Get |"])}\n### \`get_note\`\n\nGets a note.\n`;
    const { tools } = parse(md);
    expect(tools.map((t) => t.name)).toEqual(["demo.get_note"]);
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(["id", "limit"]);
  });

  it("keeps the tool's own parameter section when the summary differs, with an info", () => {
    const md = `${table("Tool | Parameters", ["| `get_note` | `id` (string), `limit` (int, optional) |"])}\n### \`get_note\`\n\n**Parameters**:\n\n| Name | Type | Required | Description |\n|---|---|---|---|\n| \`note_id\` | string | yes | The note |\n`;
    const { tools, diagnostics } = parse(md);
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(["note_id"]);
    expect(diagnostics.items.some((d) => d.code === "SPEC_SUMMARY_PARAMS_DIFFER")).toBe(true);
  });

  it("no info when the summary agrees with the section", () => {
    const md = `${table("Tool | Parameters", ["| `get_note` | `id` (string) |"])}\n### \`get_note\`\n\n**Parameters**:\n\n| Name | Type | Required | Description |\n|---|---|---|---|\n| \`id\` | string | yes | The note |\n`;
    const { diagnostics } = parse(md);
    expect(diagnostics.items.some((d) => d.code === "SPEC_SUMMARY_PARAMS_DIFFER")).toBe(false);
  });

  it("negative: prose in the cell is not read as parameters", () => {
    const { tools } = parse(table("Tool | Parameters", ["| `search` | the query text and a limit |"]));
    expect(tools[0]!.inputSchema.properties ?? {}).toEqual({});
  });

  it("negative: an unknown type word makes the cell prose", () => {
    const { tools } = parse(table("Tool | Parameters", ["| `search` | query: whatever text you like |"]));
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).not.toContain("query");
  });

  it("reads a continued cell as the parser does: the closing pipe of the line it continues is dropped", () => {
    const md =
      "# Tools\n\n| Tool | Description | Key parameters |\n| --- | --- | --- |\n" +
      "| `search` | Search docs | `query` (string), |\n    `limit` (int, default 10) |\n| `fetch` | Fetch | `url` (string) |\n";
    const { tools, diagnostics } = parse(md);
    expect(tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: { query: { type: "string" }, limit: { type: "integer", default: 10 } },
      required: ["query"],
      additionalProperties: false,
    });
    expect(diagnostics.items.filter((d) => d.code === "SPEC_TABLE_CELL_CONTINUED")).toHaveLength(1);
    expect(diagnostics.items.some((d) => d.code === "SPEC_TABLE_ROW_CELLS")).toBe(false);
  });

  it("a continued cell without a closing pipe on the first line reads the same", () => {
    const md =
      "# Tools\n\n| Tool | Description | Key parameters |\n| --- | --- | --- |\n" +
      "| `search` | Search docs | `query` (string),\n    `limit` (int, default 10) |\n";
    expect(Object.keys(parse(md).tools[0]!.inputSchema.properties!)).toEqual(["query", "limit"]);
  });

  it("negative: `name` (or `other`) names an alternative, not a type; the cell is not read as typed items", () => {
    const { tools } = parse(
      table("Tool | Args", ["| `fetch` | `url` (or `path`) |", "| `open` | `target` (string, or `file`) |"]),
    );
    for (const t of tools) {
      const props = (t.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
      expect(props.path, t.name).toBeUndefined();
      expect(props.url?.type, t.name).toBeUndefined();
      expect(props.file, t.name).toBeUndefined();
      expect(t.inputSchema.required ?? [], t.name).toEqual([]);
    }
  });

  it("negative: `none` means no parameters", () => {
    const { tools } = parse(table("Tool | Parameters", ["| `ping` | none |"]));
    expect(tools[0]!.inputSchema.properties).toEqual({});
  });
});
