import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

// Tools without a Read-only/Destructive label are destructive by MCP's default, and a
// generated server refuses them without a trust policy: `generate` says so in one line,
// `lint` lists them one by one.

const tool = (name: string, label: string) => `## Tool: \`notes.${name}\`

${label}

### 1. Tool Purpose and Description

Works on notes.

### 3. Input Schema (Parameters)

No parameters.

### 6. Idempotency

**Idempotent**: Yes
`;

const SPEC = [
  "# Notes\n",
  tool("list_notes", "**Read-only**: Yes"),
  tool("purge_notes", "**Destructive**: Yes"),
  tool("validate_note", ""),
  tool("touch_note", ""),
].join("\n");

const FILE = "specs/notes/MCP_TOOL_SPECIFICATION.md";
// The manifest alone: it carries the annotations the generated server registers.
const CONFIG = { "mcp-specgen.config.json": JSON.stringify({ generators: ["manifest"] }) };

describe("tools refused without a trust policy", () => {
  let project: TempProject | undefined;
  afterEach(() => project?.dispose());

  it("generate prints one line saying how many and why, from the cache too; not with --quiet; in --json", async () => {
    project = tempProject({ [FILE]: SPEC, ...CONFIG });
    const expected =
      /^mcp-specgen: 3 tools will be refused at run time unless the registry has a trustPolicy: they are destructive, 2 of them only by MCP's default \(no read-only\/destructive label\); label read-only tools "\*\*Read-only\*\*: Yes" \(readOnlyHint in JSON\) — "mcp-specgen lint" lists them$/m;
    const first = await runCli(["generate"], project.dir);
    expect(first.code).toBe(0);
    expect(first.stdout.match(/will be refused/g)).toHaveLength(1);
    expect(first.stdout).toMatch(expected);
    // The generated tools carry what the line counts: three destructive, one read-only.
    expect(project.read("generated/manifest.json").match(/"destructiveHint": true/g)).toHaveLength(3);
    const cached = await runCli(["generate"], project.dir);
    expect(cached.stdout).toMatch(/0 written/);
    expect(cached.stdout).toMatch(expected);
    const quiet = await runCli(["generate", "--quiet"], project.dir);
    expect(quiet.stdout + quiet.stderr).not.toMatch(/refused/);
    const json = JSON.parse((await runCli(["generate", "--json", "--no-cache"], project.dir)).stdout) as {
      refusedWithoutTrustPolicy: unknown;
    };
    expect(json.refusedWithoutTrustPolicy).toEqual({ total: 3, byDefault: 2 });
  });

  it("generate prints nothing about it when every tool is labelled read-only or not destructive", async () => {
    project = tempProject({
      ...CONFIG,
      [FILE]: ["# Notes\n", tool("list_notes", "**Read-only**: Yes"), tool("tag_note", "**Destructive**: No")].join(
        "\n",
      ),
    });
    const r = await runCli(["generate"], project.dir);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/refused/);
  });

  it("lint lists each tool destructive only by default at its heading, and none that states a label", async () => {
    project = tempProject({ [FILE]: SPEC });
    const r = await runCli(["lint", "--json"], project.dir);
    const out = JSON.parse(r.stdout) as {
      diagnostics: Array<{ code: string; severity: string; message: string; loc: { file: string; line: number } }>;
    };
    const listed = out.diagnostics.filter((d) => d.code === "LINT_DESTRUCTIVE_BY_DEFAULT");
    const lines = SPEC.split("\n");
    expect(listed.map((d) => [d.loc.file, d.loc.line, d.severity])).toEqual([
      [FILE, lines.indexOf("## Tool: `notes.validate_note`") + 1, "warning"],
      [FILE, lines.indexOf("## Tool: `notes.touch_note`") + 1, "warning"],
    ]);
    expect(listed[0]!.message).toContain('"notes.validate_note"');
    const text = await runCli(["lint"], project.dir);
    expect(text.stderr).toMatch(
      /MCP_TOOL_SPECIFICATION\.md:\d+:1 warning LINT_DESTRUCTIVE_BY_DEFAULT tool "notes\.touch_note"/,
    );
  });
});
