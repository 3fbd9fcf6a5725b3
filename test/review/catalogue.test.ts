// Review of `mcp-specgen docs`: spec text must not become markup. The banner comment on the
// first line holds the input paths; a path with `--->` ends the comment early, and what
// follows is live HTML — before the Content-Security-Policy meta, so not covered by it.
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "../helpers/project.js";

let project: TempProject | undefined;
afterEach(() => project?.dispose());

const DIR = "specs--->x<img src=x onerror=alert(1)>";
const SPEC = JSON.stringify({
  tools: [{ name: "t", description: "T.", inputSchema: { type: "object", properties: {} } }],
});

describe("docs: an input path cannot end the banner comment", () => {
  it.each([
    ["html", "catalogue/index.html"],
    ["markdown", "catalogue/README.md"],
  ])("the %s catalogue of a directory named with --->… keeps it inside the comment", async (format, file) => {
    project = tempProject({ [`${DIR}/tools.json`]: SPEC });
    const r = await runCli(["docs", DIR, "--format", format], project.dir);
    expect(r.code).toBe(0);
    const page = project.read(file);
    const banner = page.split("\n")[0]!;
    // The comment ends where the banner line ends, and nowhere before.
    expect(banner.indexOf("-->")).toBe(banner.length - 3);
    expect(page).not.toContain("<img");
  });
});
