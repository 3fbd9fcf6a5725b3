import { describe, expect, it } from "vitest";
import { lezerMarkdown } from "../../../src/parse/markdown/lezer/index.js";
import { findMarkdownExcess } from "../../../src/parse/markdown/prescan.js";
import { expectLinear } from "../../helpers/growth.js";

// Lezer's own inline parsers scan ahead from every space (for a hard break) and from every
// backtick run without a closing run (for the end of a code span): super-linear in one
// paragraph. The adapter's parser configuration takes both whole (lezer/parser.ts,
// lezer/code-spans.ts); these texts must parse in time linear in their length.

const N = 20_000;

/** Backtick runs of growing length (1, 2, 3, …), none closed, to about `n` characters. */
function backtickRuns(n: number): string {
  let text = "";
  for (let k = 1; text.length < n; k++) text += `${"`".repeat(k)} `;
  return `${text}\n`;
}

describe("lezer adapter: linear on runs", () => {
  it("parses a label followed by a long run of spaces in linear time", () => {
    const md = (n: number) => `**Label**${" ".repeat(n)}x\n`;
    expect(lezerMarkdown(md(N))).toBeDefined();
    expectLinear({ input: md, run: lezerMarkdown }, N);
  });

  it("parses unclosed backtick runs of growing length in linear time, and still closes code spans", () => {
    expectLinear({ input: backtickRuns, run: lezerMarkdown }, 4 * N);
    const tree = lezerMarkdown("a `` b ` c `` d ``` e\n");
    const paragraph = tree?.children[0];
    expect(paragraph?.type === "paragraph" && paragraph.children.map((n) => n.type)).toEqual([
      "text",
      "inlineCode",
      "text",
    ]);
  });
});

describe("lezer adapter: linear on long paragraphs", () => {
  it("reads a paragraph of many short lines in linear time, trimming each line's end", () => {
    const lines = (n: number) => "word \n".repeat(n / 6);
    expectLinear({ input: lines, run: lezerMarkdown }, 4 * N, "a paragraph of short lines");
    const paragraph = lezerMarkdown("a \nb\t\nc  \n")?.children[0];
    expect(paragraph?.type === "paragraph" && paragraph.children).toMatchObject([
      { type: "text", value: "a\nb\nc", position: { start: { offset: 0 }, end: { offset: 7 } } },
    ]);
  });
});

describe("lezer adapter: linear on long block quote paragraphs", () => {
  it("reads a block quote paragraph of many lines in linear time", () => {
    const quoted = (n: number) => "> a\n".repeat(n / 4);
    expectLinear({ input: quoted, run: lezerMarkdown }, 4 * N, "a block quote paragraph");
    const quote = lezerMarkdown("> a\n>   b\n")?.children[0];
    expect(quote?.type === "blockquote" && quote.children[0]).toMatchObject({
      type: "paragraph",
      children: [{ type: "text", value: "a\nb" }],
    });
  });
});

describe("Markdown spec prescan: linear on runs", () => {
  it("skips unclosed backtick runs of growing length in linear time", () => {
    const limits = { maxMarkdownNesting: 32, maxInlineDelimiters: 500, maxContainerClosing: 10_000_000 };
    expect(findMarkdownExcess(backtickRuns(N), limits)).toBeUndefined();
    // Runs of distinct length, each scanned to the line's end, grow as n^1.5 (8 from n to 4n).
    expectLinear({ input: backtickRuns, run: (text) => findMarkdownExcess(text, limits) }, 4 * N, "prescan", 6);
    // A closed span still hides the delimiters inside it; an unclosed run does not.
    const one = { ...limits, maxInlineDelimiters: 1 };
    expect(findMarkdownExcess("a `` *_ ` `` b\n", one)).toBeUndefined();
    expect(findMarkdownExcess("a `` *_ ` b\n", one)?.kind).toBe("inline");
  });
});
