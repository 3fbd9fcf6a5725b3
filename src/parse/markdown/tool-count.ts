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
 * Words in the count's sentence that put it in a wider scope than this file ("the server as
 * a whole registers 120 tools", "303 tools across all modules"): a module's spec often says
 * how many tools the server has besides its own.
 */
const WIDER_SCOPE =
  /\b(servers?|platform|whole|across|entire|overall|altogether|ecosystem|registry|codebase|repository)\b/i;

/**
 * The sentence of `text` around the offsets `from`–`to`: from the end of the one before to
 * the next full stop, within a window of bounded width (so a paragraph of many counts stays
 * linear).
 */
function sentenceAround(text: string, from: number, to: number): string {
  const lo = Math.max(0, from - SENTENCE_WINDOW);
  const window = text.slice(lo, to + SENTENCE_WINDOW);
  const at = from - lo;
  const start = Math.max(0, window.lastIndexOf(". ", at), window.lastIndexOf("; ", at), window.lastIndexOf("\n\n", at));
  const ends = [". ", "; ", "\n\n"].map((s) => window.indexOf(s, to - lo)).filter((i) => i >= 0);
  return window.slice(start, ends.length ? Math.min(...ends) : window.length);
}

/** How far around a count its sentence is looked for, in characters. */
const SENTENCE_WINDOW = 300;

/**
 * Reports a count of tools stated in the file's own text (its introduction or overview)
 * that is larger than the number of tools the file defines: a tool heading that was
 * deleted or lost its `#` marks leaves its tool's text in the introduction or in the tool
 * above, and a tool written in prose only leaves nothing else to show it. Only a larger
 * count is reported (a smaller one is a stale number, and no tool is lost to it); counts
 * that are approximate ("~300 tools") or about other tools ("part of the 303 tools") are not
 * read, nor are counts in a sentence about a wider scope (the server, all modules). `defined` counts every tool section, those skipped as planned or templates included.
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
        if (WIDER_SCOPE.test(sentenceAround(text, m.index!, m.index! + m[0].length))) continue;
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
