import type { Tree } from "@lezer/common";
import { parser, Table } from "@lezer/markdown";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromMarkdown } from "mdast-util-from-markdown";
import { lezerMarkdown } from "../../../src/parse/markdown/lezer/index.js";
import { parseSpecText } from "../../../src/parse/index.js";
import { DiagnosticBag } from "../../../src/diagnostics/types.js";
import { lezerTree } from "../../../src/parse/markdown/lezer/parser.js";
import { expectLinear } from "../../helpers/growth.js";

// Lezer's HTMLTag parser matches `<!--[^]*?-->` (and `<?…?>`, `<!X…>`, `<![CDATA[…]]>`,
// `<scheme:…>`) against the rest of the paragraph from every `<`: quadratic in a paragraph
// of unclosed openers. lezer/html-tags.ts finds the same nodes with searches that
// remember their last answer. These tests check both halves: the same tree as micromark's
// (lezer's own patterns are looser than CommonMark's: `<file_path>` is a tag to them, text to
// micromark), and time linear in the length of unclosed openers.

/** Lezer's stock parser with the same block grammar (its own HTMLTag parser). */
const STOCK = parser.configure([Table]);

/** The inline HTML and autolink nodes of a tree, with their ranges. */
function htmlNodes(tree: Tree): string[] {
  const found: string[] = [];
  tree.iterate({
    enter(node) {
      if (/^(HTMLTag|Comment|ProcessingInstruction|Autolink|URL)$/.test(node.name))
        found.push(`${node.name} ${node.from}-${node.to}`);
    },
  });
  return found;
}

const N = 20_000;

/** Openers of each form, none closed, repeated to about `n` characters in one paragraph. */
const UNCLOSED: Record<string, string> = {
  "comments `<!--`": "<!-- a ",
  "processing instructions `<?`": "<? a ",
  "CDATA `<![CDATA[`": "<![CDATA[ a ",
  "declarations `<!X`": "<!X a ",
  "tags with an unclosed attribute quote": '<a href="x ',
  "autolinks `<http:`": "<http:a",
  "a mix": '<a href="x" <b <!-- c ',
};
// The paragraph starts with text: a line that starts with `<!--`, `<?` or `<!X` is an HTML block.
const repeated = (unit: string) => (n: number) => `x ${unit.repeat(Math.ceil(n / unit.length))}\n`;

// Pieces of inline HTML and autolinks, closed and not, and text around them.
const piece = fc.constantFrom(
  "<",
  ">",
  "<!--",
  "-->",
  "<!-->",
  "<!--->",
  "<!---->",
  "<?",
  "?>",
  "<??>",
  "<?>",
  "<!X",
  "<!DOCTYPE html>",
  "<![CDATA[",
  "]]>",
  "<a",
  "<a href='x'>",
  '<a b="',
  '"',
  "'",
  "</a >",
  "<br/>",
  "<http:",
  "<https://x.y/z>",
  "<a@b.c>",
  "<!a@b.c>",
  "<?x@y.z>",
  "<!--x@y.z>",
  " ",
  "\n",
  "\n\n",
  "`",
  "x",
  "=",
  "_",
  "\u00a0",
  "\t",
  "<a_b>",
  "<file_path>",
  "<x\u00a0y>",
  "<a b_c>",
  "<a_b:c>",
  "<http://a\u00a0b>",
);
const inlineHtml = fc.array(piece, { maxLength: 25 }).map((parts) => parts.join(""));

describe("lezer adapter: inline HTML", () => {
  it("finds the nodes lezer's own parser finds, where lezer reads as CommonMark does", () => {
    for (const text of [
      "a <!-- b --> c <? d ?> e <!DOCTYPE x> f <![CDATA[ g ]]> h <i j='k'> </l>",
      "<!--> <!---> <https://a.b/c> <a@b.c> <!a@b.c> <http:x <!-- y",
    ])
      expect(htmlNodes(lezerTree(text))).toEqual(htmlNodes(STOCK.parse(text)));
  });

  it("gives micromark's tree: placeholders such as `<file_path>` are text, not tags", () => {
    const reference = (text: string) => fromMarkdown(text);
    for (const text of [
      "Path like <base_dir>/<file_name> here",
      "a <a_b> b <x\u00a0y> c <http://a<b> d <a_b:c> e <my-tool> f",
      'a <a href="x>y"> b <!----> c <!--> d <?x\ny?> e <http://a b> f',
    ])
      expect(lezerMarkdown(text), JSON.stringify(text)).toEqual(reference(text));
    // Alone on a line, lezer's HTML block pattern would take them: left to micromark.
    for (const text of ["<file_path>\n", "Text.\n\n</a_b>\n\nMore.", "<x\u00a0y>"])
      expect(lezerMarkdown(text), JSON.stringify(text)).toBeUndefined();
    fc.assert(
      // Inline HTML only: a line starting with a tag may be an HTML block, whose rules are lezer's own.
      fc.property(inlineHtml, (text) => {
        if (/^[ \t]*</m.test(text)) return;
        const tree = lezerMarkdown(text);
        if (tree) expect(tree, JSON.stringify(text)).toEqual(reference(text));
      }),
      { seed: 20261128, numRuns: 2_000 },
    );
  });

  it("keeps placeholders such as `<file_name>` in a parameter's description (an HTML node there is dropped)", () => {
    const spec =
      "# X\n\n## Tool: `x.run`\n\nRuns it.\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `path` | string | Yes | Path like <base_dir>/<file_name> |\n";
    const [tool] = parseSpecText("x/MCP_TOOL_SPECIFICATION.md", spec, new DiagnosticBag());
    expect(tool!.inputSchema.properties).toEqual({
      path: { type: "string", description: "Path like <base_dir>/<file_name>" },
    });
  });

  it("keeps a placeholder CommonMark reads as a tag (`<dir>`) in a parameter's description, not a comment", () => {
    const spec =
      "# X\n\n## Tool: `x.run`\n\nRuns it.\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| `path` | string | Yes | Path like <dir>/<name>, or <base-dir><!-- hidden --> |\n";
    const [tool] = parseSpecText("x/MCP_TOOL_SPECIFICATION.md", spec, new DiagnosticBag());
    expect(tool!.inputSchema.properties).toEqual({
      path: { type: "string", description: "Path like <dir>/<name>, or <base-dir>" },
    });
  });

  for (const [name, unit] of Object.entries(UNCLOSED))
    it(`parses a paragraph of unclosed ${name} in linear time`, () => {
      expect(lezerMarkdown(repeated(unit)(N))).toBeDefined();
      expectLinear({ input: repeated(unit), run: lezerMarkdown }, N, name);
    });
});
