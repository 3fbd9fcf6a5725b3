import { afterEach, describe, expect, it } from "vitest";
import { runCli, type TempProject, tempProject } from "../helpers/project.js";

const UNFORMATTED =
  "# Demo\n\n## Tool: `demo.echo` ##\n### 1. Tool Purpose and Description\n\nEchoes.   \n\n\n" +
  "### 3. Input Schema (Parameters)\n\n|Parameter Name|Type|Required|Description|\n|:--|:--|:--|:--|\n|`text`|`string`|Yes|Text.|\n";
const FORMATTED =
  "# Demo\n\n## Tool: `demo.echo`\n\n### 1. Tool Purpose and Description\n\nEchoes.\n\n" +
  "### 3. Input Schema (Parameters)\n\n| Parameter Name | Type | Required | Description |\n" +
  "| :------------- | :--- | :------- | :---------- |\n| `text` | `string` | Yes | Text. |\n";
/** A description holding a list: fmt cannot change its markers without changing the description. */
const UNPROVABLE =
  "# Other\n\n## Tool: `other.t`\n\n### 1. Tool Purpose and Description\n\nDoes:\n\n*   one\n*   two\n";

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

describe("mcp-specgen fmt", () => {
  it("--check exits 1 listing an unformatted spec and writes nothing; fmt formats it; --check then exits 0", async () => {
    project = tempProject({ "specs/demo/MCP_TOOL_SPECIFICATION.md": UNFORMATTED, "specs/tools.json": "[ ]" });
    const check = await runCli(["fmt", "--check", "specs"], project.dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe("specs/demo/MCP_TOOL_SPECIFICATION.md: not formatted\n");
    expect(check.stderr).toMatch(/1 file of 1 not formatted/);
    expect(project.read("specs/demo/MCP_TOOL_SPECIFICATION.md")).toBe(UNFORMATTED);

    const fmt = await runCli(["fmt", "specs"], project.dir);
    expect(fmt.code).toBe(0);
    expect(fmt.stdout).toBe("formatted specs/demo/MCP_TOOL_SPECIFICATION.md\n");
    expect(project.read("specs/demo/MCP_TOOL_SPECIFICATION.md")).toBe(FORMATTED);
    expect(project.read("specs/tools.json")).toBe("[ ]");

    const again = await runCli(["fmt", "--check", "specs"], project.dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("");
  });

  it("leaves a file it cannot prove equivalent untouched and says why, without failing", async () => {
    project = tempProject({ "specs/other/MCP_TOOL_SPECIFICATION.md": UNPROVABLE });
    const fmt = await runCli(["fmt"], project.dir);
    expect(fmt.code).toBe(0);
    expect(fmt.stderr).toContain(
      'fmt: specs/other/MCP_TOOL_SPECIFICATION.md:9: left as is: rewriting the list would change tool "other.t": description',
    );
    expect(project.read("specs/other/MCP_TOOL_SPECIFICATION.md")).toBe(UNPROVABLE);
    const check = await runCli(["fmt", "--check"], project.dir);
    expect(check.code).toBe(0);
  });

  it("fails on an input that does not exist, and on an unknown option", async () => {
    project = tempProject({});
    expect((await runCli(["fmt", "nope"], project.dir)).code).toBe(1);
    expect((await runCli(["fmt", "--nope"], project.dir)).code).toBe(2);
  });
});
