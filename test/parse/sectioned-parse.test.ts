import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Root } from "mdast";
import { parseTree } from "../../src/parse/markdown/document.js";
import { parseInSections } from "../../src/parse/markdown/sectioned-parse.js";
import { memoryStore } from "../../src/memo/store.js";
import { corpusMarkdownFiles, hasCorpus, NEEDS_CORPUS } from "../helpers/corpus.js";

// The benchmark's synthetic specs (plain JavaScript, outside the type-checked tree).
const synthetic = "../../bench/synthetic.js";
const { markdownFiles } = (await import(synthetic)) as {
  markdownFiles: (count: number) => Iterable<[string, string]>;
};

// A Markdown file parsed section by section (as `generate --watch` does, to re-parse only
// the sections an edit touched) must give exactly the tree the whole file gives: the same
// nodes, values and positions, whatever the text holds.

const CORPUS_FILES = hasCorpus("test/parse/sectioned-parse.test.ts", "its test of every corpus file")
  ? corpusMarkdownFiles()
  : [];

/** Counts the parser's calls and the characters it read. */
function countingParser() {
  const seen = { calls: 0, chars: 0 };
  return {
    seen,
    parse: (text: string): Root => {
      seen.calls++;
      seen.chars += text.length;
      return parseTree(text);
    },
  };
}

/** Every node of a tree without its children, in document order (without recursion: trees here may be very deep). */
function flattened(root: Root): string[] {
  const out: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const { children, ...node } = stack.pop() as { children?: unknown[] };
    out.push(JSON.stringify(node));
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/** Lines that open, close or break the blocks a split must not cut through. */
const line = fc.oneof(
  fc.constantFrom(
    "# Title",
    "## Tool: `a.b`",
    "### 3. Input Schema",
    "#",
    "####### seven",
    "#hash",
    "   ## indented heading",
    "    ## code, not heading",
    "```json",
    "```",
    "~~~",
    "````",
    "<div>",
    "</div>",
    "<!-- comment",
    "-->",
    "<pre>",
    "</pre>",
    "<script>",
    "</script>",
    "- item",
    "  ## in an item",
    "1. first",
    "> quote",
    "> ## quoted heading",
    "| a | b |",
    "| :-- | --: |",
    "| `x` | y |",
    "[ref]: https://example.com",
    "> [q]: /quoted",
    "see [ref] and [q]",
    "Heading",
    "===",
    "---",
    "",
    "   ",
    "\t## tab",
    "text with `code` and *emphasis*",
    "\u0000 nul",
  ),
  fc.string({ maxLength: 12 }),
);
const eol = fc.constantFrom("\n", "\n", "\n", "\r\n", "\r");
const document = fc
  .array(fc.tuple(line, eol), { maxLength: 40 })
  .map((lines) => lines.map(([l, e]) => l + e).join(""))
  .chain((text) => fc.constantFrom(text, text.replace(/[\r\n]+$/, ""), `\uFEFF${text}`));

describe("parseInSections", () => {
  it("gives the whole text's tree for any text, fresh and from stored sections", () => {
    fc.assert(
      fc.property(document, document, (a, b) => {
        const trees = memoryStore();
        expect(parseInSections(a, parseTree, trees)).toEqual(parseTree(a));
        // Sections of `a` come back from the store, shifted to where they are in `b + a`.
        expect(parseInSections(b + a, parseTree, trees)).toEqual(parseTree(b + a));
      }),
      { seed: 20261123, numRuns: 400 },
    );
  });

  it.skipIf(!CORPUS_FILES.length)(`gives the whole file's tree for every corpus file ${NEEDS_CORPUS}`, () => {
    expect(CORPUS_FILES.length).toBeGreaterThanOrEqual(78);
    for (const file of CORPUS_FILES) {
      const text = readFileSync(file, "utf8");
      expect(parseInSections(text, parseTree, memoryStore()), path.basename(path.dirname(file))).toEqual(
        parseTree(text),
      );
    }
  });

  it("parses only the edited section again", () => {
    const [, text] = [...markdownFiles(1000)][0]!; // one module: 20 tools
    const trees = memoryStore();
    const first = countingParser();
    expect(parseInSections(text, first.parse, trees)).toEqual(parseTree(text));
    expect(first.seen.calls).toBeGreaterThan(20);

    // One tool's description grows by a line: only its section is parsed, and every later
    // section comes back from the store, moved one line down.
    const edited = text.replace("Tool number 150:", "Tool number 150, now\nwith two lines:");
    expect(edited).not.toBe(text);
    const again = countingParser();
    expect(parseInSections(edited, again.parse, trees)).toEqual(parseTree(edited));
    expect(again.seen.calls).toBe(1);
    expect(again.seen.chars).toBeLessThan(text.length / 10);
  });

  it("parses a file whole when its splits keep failing", () => {
    // Every heading line sits inside one fenced block: no split holds.
    const text = `# Top\n\`\`\`\n${Array.from({ length: 50 }, (_, i) => `## line ${i}\n`).join("")}\`\`\`\n`;
    const counting = countingParser();
    expect(parseInSections(text, counting.parse, memoryStore())).toEqual(parseTree(text));
    expect(counting.seen.chars).toBeLessThanOrEqual(text.length * 3);
  });

  it("parses a file with link reference definitions whole", () => {
    const text = "# A\n\nsee [x]\n\n## B\n\n- [x]: https://example.com\n";
    const counting = countingParser();
    const tree = parseInSections(text, counting.parse, memoryStore());
    expect(tree).toEqual(parseTree(text));
    expect(JSON.stringify(tree)).toContain('"linkReference"');
  });

  it("keeps sections apart whatever characters they hold (a NUL included)", () => {
    const trees = memoryStore();
    const first = "# Z\n# A\n\0# foo";
    expect(parseInSections(first, parseTree, trees)).toEqual(parseTree(first));
    const second = "# A\n# foo\0";
    expect(parseInSections(second, parseTree, trees)).toEqual(parseTree(second));
  });

  it("parses deeply nested Markdown whole when its sections are too deep to walk", () => {
    // Block quotes nested deeper than a walk of the tree can recurse, as far as the parser manages.
    for (const depth of [2000, 4000, 8000]) {
      const text = `# A\n\n${">".repeat(depth)} deep\n\n# B\n\ntext\n`;
      let whole: Root;
      try {
        whole = parseTree(text);
      } catch {
        break; // the parser's own limit on this stack
      }
      expect(flattened(parseInSections(text, parseTree, memoryStore())), `depth ${depth}`).toEqual(flattened(whole));
    }
  });
});
