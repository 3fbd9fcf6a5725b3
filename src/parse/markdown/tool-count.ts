import type { DiagnosticBag } from "../../diagnostics/types.js";
import { inlineText, locOf, type Block, type MarkdownDocument } from "./document.js";

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/**
 * "Three MCP tools", "the 5 MCP tools", "All 7 tools", "exposes 6 Model Context Protocol
 * (MCP) tools": a number, then words that only qualify the tools, then "tools". Bounded
 * repetitions, so the match stays linear on any text.
 */
const COUNT_CLAIM =
  /(^|[^\w~.,-])(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)((?:\s+(?:mcp|\(mcp\)|model|context|protocol|public|exposed|registered|available|distinct)){0,5})\s+tools?\b/gi;

/**
 * Words before a count that make it approximate or about other tools ("~303", "about 300",
 * "part of the 303 tools", "more than 5"): such a count says nothing about this file.
 */
const NOT_THIS_FILE = /(about|around|over|than|to|of|of the|approximately|nearly|some|roughly|total|totals)\s*$/i;

/**
 * Reports a count of tools stated in the file's own text (its introduction or overview)
 * that is larger than the number of tools the file defines: a tool heading that was
 * deleted or lost its `#` marks leaves its tool's text in the introduction or in the tool
 * above, and a tool written in prose only leaves nothing else to show it. Only a larger
 * count is reported (a smaller one is a stale number, and no tool is lost to it); counts
 * that are approximate ("~300 tools") or about other tools ("part of the 303 tools") are not
 * read. `defined` counts every tool section, those skipped as planned or templates included.
 */
export function reportToolCount(
  doc: MarkdownDocument,
  fileBlocks: readonly Block[],
  defined: number,
  names: readonly string[],
  diagnostics: DiagnosticBag,
): void {
  // A file without any tool (a README that counts a collection) is not a spec with a lost one.
  if (defined === 0) return;
  for (const block of fileBlocks)
    for (const node of block.nodes) {
      if (node.type !== "paragraph") continue;
      const text = inlineText(node.children);
      for (const m of text.matchAll(COUNT_CLAIM)) {
        const word = m[2]!.toLowerCase();
        const stated = NUMBER_WORDS[word] ?? Number(word);
        if (!(stated > defined) || NOT_THIS_FILE.test(text.slice(0, m.index! + m[1]!.length))) continue;
        const read = names.length ? ` (${names.map((n) => `\`${n}\``).join(", ")})` : "";
        diagnostics.warning(
          "SPEC_TOOL_COUNT_MISMATCH",
          locOf(doc, node),
          `this says the file has ${word}${m[3]} tools, but it defines ${defined}${read}: a tool whose heading was deleted or lost its # marks is read as part of the text above it, or the number is out of date`,
          'add the missing tool\'s heading (for example "## Tool: `name`") above its description, or correct the number',
        );
        return;
      }
    }
}
