// Regression (adversarial review): spec text must not become markup. The banner comment on
// the first line holds the input paths; a path with `--->` ended the comment early, and what
// followed was live HTML, before the Content-Security-Policy meta, so not covered by it.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { htmlCommentText } from "../../src/catalogue/banner.js";
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
    expect(banner.slice(4, -3)).not.toMatch(/--|^>|^->|-$/);
    // Inside the comment the path is inert text; past it, `<` is escaped (`&lt;` in HTML,
    // `\<` in Markdown), so no `<img` element starts anywhere.
    expect(page.slice(banner.length)).not.toMatch(/(?<!\\)<img/);
  });
});

describe("htmlCommentText", () => {
  it("never holds what ends or breaks an HTML comment, whatever the text", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-!<> a-z]*$/), (text) => {
        const safe = htmlCommentText(text);
        expect(safe).not.toMatch(/--|^>|^->|-$/);
        // Only spaces are added: the text reads the same.
        expect(safe.replace(/ /g, "")).toBe(text.replace(/ /g, ""));
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });
});
