import type { InlineContext, MarkdownConfig } from "@lezer/markdown";

/**
 * Inline HTML and autolinks, as lezer's own `HTMLTag` parser reads them, found without its
 * quadratic scans: lezer matches `<!--[^]*?-->`, `<?[^]*??>`, `<!X[^]*?>`,
 * `<![CDATA[[^]*?]]>` and `<scheme:[^\s>]+>` against the rest of the paragraph from every
 * `<`, so a paragraph of unclosed openers is scanned to its end once per opener. Here each
 * terminator (`-->`, `?>`, `>`, `]]>`, and the first space or `>` that ends an autolink) is
 * found by a search that remembers its last answer: lezer reads a paragraph left to
 * right, so the searches cover disjoint stretches of it. The answers are kept on the
 * paragraph's inline context, which lezer makes for each paragraph. Open and closing tags
 * keep lezer's pattern: it cannot run past the next `<` except inside a quoted attribute
 * value, which ends at the next quote of its kind.
 */
export const HTML_TAGS: MarkdownConfig = {
  parseInline: [
    {
      // The same name replaces lezer's parser in place (its order among the others kept).
      name: "HTMLTag",
      parse(cx, next, start) {
        if (next !== 60 /* < */ || start === cx.end - 1) return -1;
        const after = start + 1;
        // An autolink ends at the first space, control character or `>` after `<` (an email address may start
        // with `?`: lezer tries autolinks first); its pattern reads the text up to there.
        const stop = searchesOf(cx).spaceOrAngle(after);
        const autolink = stop < 0 ? null : AUTOLINK.exec(cx.slice(after, stop + 1));
        if (autolink) {
          const end = after + autolink[0].length;
          return cx.addElement(
            cx.elt("Autolink", start, end, [
              cx.elt("LinkMark", start, after),
              cx.elt("URL", after, end - 1),
              cx.elt("LinkMark", end - 1, end),
            ]),
          );
        }
        const first = cx.char(after);
        if (first === 33 /* ! */) return declaration(cx, start);
        if (first === 63 /* ? */) {
          const close = searchesOf(cx).find("?>", after + 1);
          return close < 0 ? -1 : cx.addElement(cx.elt("ProcessingInstruction", start, close + 2));
        }
        const tag = TAG.exec(cx.slice(after, cx.end));
        return tag ? cx.addElement(cx.elt("HTMLTag", start, after + tag[0].length)) : -1;
      },
    },
  ],
};

// Lezer's patterns (its HTMLTag parser), for the forms whose scan is bounded, narrowed to
// CommonMark's (what micromark reads): a tag name of letters, digits and hyphens (`<file_path>`
// is text, not a tag), whitespace of spaces, tabs and line ends only (not a no-break space),
// a scheme of up to 32 characters without `_`, no `<` or control character in a URI, and no
// `!` in an email address (micromark's atext has none).
const AUTOLINK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: CommonMark's URIs exclude ASCII control characters
  /^(?:[a-z][a-z\d+.-]{1,31}:[^\x00-\x20<>\x7f]*|[a-z\d.#$%&'*+/=?^_`{|}~-]+@[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*)>/i;
// Open and closing tags (the `<!` and `<?` forms are read by the searches below).
const TAG =
  /^(?:\/[a-zA-Z][a-zA-Z\d-]*[ \t\n]*>|[a-zA-Z][a-zA-Z\d-]*(?:[ \t\n]+[a-zA-Z:_][\w.:-]*(?:[ \t\n]*=[ \t\n]*(?:[^ \t\n"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t\n]*\/?>)/;
const CDATA = "![CDATA[";

/** `<!--…-->`, `<![CDATA[…]]>` or `<!X…>` at `start` (`<!` there), as lezer reads them. */
function declaration(cx: InlineContext, start: number): number {
  const searches = searchesOf(cx);
  const after = start + 1;
  if (cx.char(after + 1) === 45 && cx.char(after + 2) === 45) {
    // `<!--`: `<!-->` and `<!--->` are comments too.
    let end = -1;
    if (cx.char(after + 3) === 62) end = after + 4;
    else if (cx.char(after + 3) === 45 && cx.char(after + 4) === 62) end = after + 5;
    else {
      const close = searches.find("-->", after + 3);
      if (close >= 0) end = close + 3;
    }
    return end < 0 ? -1 : cx.addElement(cx.elt("Comment", start, end));
  }
  const letter = cx.char(after + 1);
  if (letter >= 65 && letter <= 90) {
    const close = searches.find(">", after + 2);
    return close < 0 ? -1 : cx.addElement(cx.elt("HTMLTag", start, close + 1));
  }
  if (cx.slice(after, after + CDATA.length) === CDATA) {
    const close = searches.find("]]>", after + CDATA.length);
    return close < 0 ? -1 : cx.addElement(cx.elt("HTMLTag", start, close + 3));
  }
  return -1;
}

/**
 * Searches in one paragraph that remember their last answer: a search from a point at or
 * after the last one's start, and not past its answer, has the same answer.
 */
class ParagraphSearches {
  private readonly found = new Map<string, { from: number; at: number }>();

  constructor(private readonly cx: InlineContext) {}

  /** The document offset of the first `needle` at or after `from` in the paragraph, or -1. */
  find(needle: string, from: number): number {
    const last = this.found.get(needle);
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    const index = this.cx.text.indexOf(needle, from - this.cx.offset);
    const at = index < 0 ? -1 : index + this.cx.offset;
    this.found.set(needle, { from, at });
    return at;
  }

  private lastStop: { from: number; at: number } | undefined;
  // Global for `lastIndex`: the search starts where it is set, just before each use.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an autolink's URI ends at a control character
  private readonly spaceOrAngleSearch = /[\x00-\x20>]/g;

  /** The document offset of the first space, control character or `>` at or after `from` in the paragraph, or -1. */
  spaceOrAngle(from: number): number {
    const last = this.lastStop;
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    this.spaceOrAngleSearch.lastIndex = from - this.cx.offset;
    const match = this.spaceOrAngleSearch.exec(this.cx.text);
    const at = match ? match.index + this.cx.offset : -1;
    this.lastStop = { from, at };
    return at;
  }
}

/** An inline context with its searches. */
type WithSearches = InlineContext & { htmlSearches?: ParagraphSearches };

function searchesOf(cx: InlineContext): ParagraphSearches {
  const withSearches = cx as WithSearches;
  withSearches.htmlSearches ??= new ParagraphSearches(cx);
  return withSearches.htmlSearches;
}
