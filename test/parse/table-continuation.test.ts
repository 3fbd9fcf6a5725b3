import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { parseMarkdown } from "../../src/parse/markdown/document.js";

function parse(md: string) {
  const diagnostics = new DiagnosticBag();
  const tools = parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
  return { tools, diagnostics };
}

const HEAD =
  "## Tool: `read_file`\n\nReads.\n\n### Parameters\n\n| Name | Type | Required | Description |\n|---|---|---|---|\n";

describe("table cells continued on the next line", () => {
  it("joins an indented continuation into the last cell and keeps the rows after it", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file path to read,\n    relative to the workspace root |\n| \`limit\` | int | no | Max lines |\n\n### Returns\n\nText.\n`;
    const { tools, diagnostics } = parse(md);
    const props = tools[0]!.inputSchema.properties!;
    expect(Object.keys(props)).toEqual(["path", "limit"]);
    expect((props as unknown as Record<string, { description?: string }>).path!.description).toBe(
      "The file path to read, relative to the workspace root",
    );
    const w = diagnostics.items.filter((d) => d.code === "SPEC_TABLE_CELL_CONTINUED");
    expect(w).toHaveLength(1);
    expect(w[0]!.severity).toBe("warning");
    expect(w[0]!.loc).toMatchObject({ line: 10, column: 5 });
    expect(diagnostics.items.some((d) => d.code === "SPEC_TABLE_ROW_CELLS")).toBe(false);
  });

  it("keeps positions in the file as written", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file path,\n    relative |\n| \`limit\` | int | no | Max lines |\n\n## After\n`;
    const doc = parseMarkdown("x.md", md);
    const table = doc.root.children.find((n) => n.type === "table")!;
    expect(table.position!.start.line).toBe(7);
    expect(table.position!.end.line).toBe(11);
    const heading = doc.root.children[doc.root.children.length - 1]!;
    expect(heading.position!.start).toMatchObject({ line: 13, column: 1 });
    expect(md.slice(heading.position!.start.offset, heading.position!.end.offset)).toBe("## After");
    const limit = table.type === "table" ? table.children[2]!.children[0]! : undefined;
    expect(limit!.position!.start.line).toBe(11);
  });

  it("joins an unindented line that finishes a row missing its closing pipe", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file path,\nrelative to the root |\n| \`limit\` | int | no | Max lines |\n`;
    const { tools, diagnostics } = parse(md);
    expect(Object.keys(tools[0]!.inputSchema.properties!)).toEqual(["path", "limit"]);
    expect(
      (tools[0]!.inputSchema.properties as unknown as Record<string, { description?: string }>).path!.description,
    ).toBe("The file path, relative to the root");
    expect(diagnostics.items.filter((d) => d.code === "SPEC_TABLE_CELL_CONTINUED")).toHaveLength(1);
  });

  it("counts the cells of a continued row as read: no SPEC_TABLE_ROW_CELLS for the joined pipe", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file |\n    relative to root |\n| \`b\` | int | no | B\n  more |\n| \`c\` | int | no | C |\n`;
    const { tools, diagnostics } = parse(md);
    expect(Object.keys(tools[0]!.inputSchema.properties!)).toEqual(["path", "b", "c"]);
    expect(diagnostics.items.filter((d) => d.code === "SPEC_TABLE_CELL_CONTINUED")).toHaveLength(2);
    expect(diagnostics.items.some((d) => d.code === "SPEC_TABLE_ROW_CELLS")).toBe(false);
  });

  it("negative: a continued row with a real extra cell still reports SPEC_TABLE_ROW_CELLS", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file | extra |\n    relative to root |\n| \`c\` | int | no | C |\n`;
    const { diagnostics } = parse(md);
    const w = diagnostics.items.filter((d) => d.code === "SPEC_TABLE_ROW_CELLS");
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toContain("5 cells");
  });

  it("negative: an indented code block after a finished table is left alone", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file path |\n    example_code()\n\nText.\n`;
    const doc = parseMarkdown("x.md", md);
    expect(doc.continuations).toBeUndefined();
    expect(doc.root.children.some((n) => n.type === "code")).toBe(true);
  });

  it("negative: an unindented paragraph line after a table is not joined", () => {
    const md = `${HEAD}| \`path\` | string | yes | The file path |\nSome text after.\n| \`limit\` | int | no | Max |\n`;
    expect(parseMarkdown("x.md", md).continuations).toBeUndefined();
  });

  it("negative: table-like text in a code fence is not touched", () => {
    const md = "```\n| a | b |\n|---|---|\n| x | y\n    z |\n| p | q |\n```\n";
    expect(parseMarkdown("x.md", md).continuations).toBeUndefined();
  });
});
