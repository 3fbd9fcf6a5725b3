import { afterEach, describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { lintTools, summarizeByCode } from "../../src/lint/index.js";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

const FILE = "specs/demo/MCP_TOOL_SPECIFICATION.md";

function lint(md: string) {
  const d = new DiagnosticBag();
  const tools = parseMarkdownSpec(FILE, md, d);
  lintTools(tools, d);
  return d.sorted().filter((x) => x.code.startsWith("LINT_"));
}

const COMPLETE = `# Demo

## Tool: \`demo.delete_note\`

**Version**: 1.0.0
**Destructive**: Yes

### 1. Tool Purpose and Description

Deletes a note.

### 3. Input Schema (Parameters)

\`\`\`json
{"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
\`\`\`

### 4. Output Schema (Return Value)

\`\`\`json
{"type": "object", "properties": {"deleted": {"type": "boolean"}}}
\`\`\`

### 5. Error Handling

- \`NotFoundError\`: no such note.

### 6. Idempotency

**Idempotent**: Yes

### 7. Usage Examples

\`\`\`json
{"tool_name": "demo.delete_note", "arguments": {"id": "n1"}}
\`\`\`

### 8. Security Considerations

- Only the owner may delete a note.
`;

describe("lintTools (seed 000 §11.1 checklist)", () => {
  it("a tool that follows the template has no findings", () => {
    expect(lint(COMPLETE)).toEqual([]);
  });

  it("reports each missing part at the tool heading, with the seed's wording", () => {
    const md =
      "# Demo\n\n## Tool: `demo.delete_note`\n\nDeletes a note.\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `id` | string | Yes | Id |\n| `why` | | No | Reason |\n";
    const found = lint(md).map((d) => [d.code, d.severity, d.loc.line, d.loc.column]);
    expect(found).toEqual([
      ["LINT_ERRORS_MISSING", "warning", 3, 1],
      ["LINT_EXAMPLES_MISSING", "warning", 3, 1],
      ["LINT_OUTPUT_MISSING", "warning", 3, 1],
      ["LINT_SECURITY_MISSING", "warning", 3, 1],
      ["LINT_VERSION_MISSING", "info", 3, 1],
      ["LINT_INPUT_NOT_JSON_SCHEMA", "info", 7, 1],
      ["LINT_PARAM_UNTYPED", "warning", 10, 3],
    ]);
  });

  it("asks for security notes only on tools that change state", () => {
    const readOnly = "## Tool: `demo.list_notes`\n\nLists.\n\n**Parameters**: None\n";
    const stated = "## Tool: `demo.tidy`\n\n**Destructive**: Yes\n\nTidies.\n\n**Parameters**: None\n";
    const notDestructive = "## Tool: `demo.write_log`\n\n**Destructive**: No\n\nWrites.\n\n**Parameters**: None\n";
    expect(lint(readOnly).some((d) => d.code === "LINT_SECURITY_MISSING")).toBe(false);
    expect(lint(stated).find((d) => d.code === "LINT_SECURITY_MISSING")?.message).toMatch(/marked destructive/);
    expect(lint(notDestructive).some((d) => d.code === "LINT_SECURITY_MISSING")).toBe(false);
  });

  it("flags undocumented parameters, and a file-level Error Handling section counts for every tool", () => {
    const md =
      '# Demo\n\n## Tools\n\n### `demo.a`\n\nDoes a.\n\n## Error Handling\n\nAll tools return `{"status": "error"}`.\n';
    const codes = lint(md).map((d) => d.code);
    expect(codes).toContain("LINT_INPUT_UNDOCUMENTED");
    expect(codes).not.toContain("LINT_ERRORS_MISSING");
  });

  it("summarises by code, errors first, then by count", () => {
    const d = new DiagnosticBag();
    const at = { file: FILE, line: 1, column: 1 };
    d.warning("LINT_OUTPUT_MISSING", at, "x");
    d.warning("LINT_EXAMPLES_MISSING", at, "x");
    d.warning("LINT_EXAMPLES_MISSING", at, "x");
    d.error("SPEC_NAME_INVALID", at, "x");
    expect(summarizeByCode(d.items)).toEqual([
      { code: "SPEC_NAME_INVALID", severity: "error", count: 1 },
      { code: "LINT_EXAMPLES_MISSING", severity: "warning", count: 2 },
      { code: "LINT_OUTPUT_MISSING", severity: "warning", count: 1 },
    ]);
  });
});

describe("mcp-specgen lint", () => {
  let project: TempProject | undefined;
  afterEach(() => {
    project?.dispose();
    project = undefined;
  });

  it("prints findings as file:line:col with a per-code summary, writes nothing, and exits 0 on warnings", async () => {
    project = tempProject({ [FILE]: "# Demo\n\n## Tool: `demo.echo`\n\nEchoes.\n\n**Parameters**: None\n" });
    const r = await runCli(["lint"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /specs\/demo\/MCP_TOOL_SPECIFICATION\.md:3:1 warning LINT_OUTPUT_MISSING tool "demo\.echo" has no output schema/,
    );
    expect(r.stdout).toMatch(/LINT_EXAMPLES_MISSING\s+warning\s+1/);
    expect(r.stdout).toMatch(/mcp-specgen lint: 1 file, 1 tool: 0 errors, \d+ warnings/);
    expect(project.list("generated")).toEqual([]);
  });

  it("--strict fails on warnings; spec errors always fail; --json gives diagnostics and the summary", async () => {
    project = tempProject({ [FILE]: COMPLETE.replace("1.0.0", "1.0") });
    const strict = await runCli(["lint", "--strict"], project.dir);
    expect(strict.code).toBe(1);
    const json = await runCli(["lint", "--json", "specs"], project.dir);
    expect(json.code).toBe(1);
    const out = JSON.parse(json.stdout) as {
      ok: boolean;
      tools: number;
      diagnostics: Array<{ code: string; loc: { line: number } }>;
      summary: Array<{ code: string; count: number }>;
    };
    expect(out.ok).toBe(false);
    expect(out.tools).toBe(1);
    expect(out.diagnostics).toContainEqual(
      expect.objectContaining({ code: "SPEC_VERSION_INVALID", loc: expect.objectContaining({ line: 5 }) }),
    );
    expect(out.summary).toContainEqual({ code: "SPEC_VERSION_INVALID", severity: "error", count: 1 });
    project.write(FILE, COMPLETE);
    expect((await runCli(["lint", "--strict"], project.dir)).code).toBe(0);
  });

  it("reports a usage error with exit code 2", async () => {
    project = tempProject({});
    expect((await runCli(["lint", "--nope"], project.dir)).code).toBe(2);
  });
});
