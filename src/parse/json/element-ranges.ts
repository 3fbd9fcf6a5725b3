/**
 * Offsets of the elements of a JSON text's list of tools — the root array, or the array
 * that is the value of the root object's first `tools` member — in one pass over the
 * characters of a text `JSON.parse` accepted. A tokenizer with a callback per token (what
 * a general JSON parser offers) does the same at many times the cost, and a file of
 * thousands of tools is scanned whole before any of them is read.
 */

/** Where one element of the list starts and ends (exclusive), as character offsets. */
export type ElementRange = [start: number, end: number];

/**
 * The element ranges of the list (empty when there is none), or undefined when the text is
 * not strict JSON in a way the scan notices (a comment, an unterminated string, a bare word
 * or a character JSON does not have outside strings, brackets that do not pair): the caller
 * then scans it with a parser that allows those (a leniently read example in Markdown).
 */
export function strictListElementRanges(text: string, inTools: boolean): ElementRange[] | undefined {
  const ranges: ElementRange[] = [];
  const n = text.length;
  let depth = 0;
  // The depth of the list's elements once the list has begun; -1 before, -2 after.
  let elements = -1;
  // Whether the next value to begin is the one that may be the list.
  let candidate = !inTools;
  let toolsSeen = false;
  let start = 0;
  // Per open container, whether it is an object; and whether a string now is a member name.
  const objects: boolean[] = [];
  let nameNext = false;
  const begin = (offset: number, isArray: boolean): void => {
    if (candidate && depth === (inTools ? 1 : 0)) {
      candidate = false;
      if (isArray) {
        elements = depth + 1;
        return;
      }
    }
    if (depth === elements) start = offset;
  };
  const end = (offset: number): void => {
    if (depth === elements) ranges.push([start, offset]);
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a /* : */) continue;
    if (c === 0x2c /* , */) {
      nameNext = objects[objects.length - 1] === true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      begin(i, c === 0x5b);
      depth++;
      objects.push(c === 0x7b);
      nameNext = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      // A closer of the other kind, or one too many: not JSON.
      if (objects.pop() !== (c === 0x7d)) return undefined;
      depth--;
      nameNext = false;
      if (c === 0x5d && depth === elements - 1) elements = -2;
      else end(i + 1);
    } else if (c === 0x22 /* " */) {
      const close = stringEnd(text, i);
      if (close < 0) return undefined;
      if (nameNext) {
        nameNext = false;
        if (inTools && depth === 1 && !toolsSeen && isTools(text, i, close)) {
          toolsSeen = true;
          candidate = true;
        }
      } else {
        begin(i, false);
        end(close + 1);
      }
      i = close;
    } else if (c === 0x2f /* / */) {
      return undefined;
    } else {
      // A number, true, false or null: up to the next delimiter.
      let j = i + 1;
      while (j < n && !isDelimiter(text.charCodeAt(j))) j++;
      // Anything else (a single-quoted string, `True`, a no-break space, a BOM) is not JSON.
      if (!JSON_LITERAL.test(text.slice(i, j))) return undefined;
      begin(i, false);
      end(j);
      i = j - 1;
    }
  }
  // An array or object left open: not JSON.
  return depth === 0 ? ranges : undefined;
}

/** A JSON number, `true`, `false` or `null`: what a value that is not a string or a container is. */
const JSON_LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

/** The offset of the quote that closes the string opened at `open`, or -1 when none does. */
function stringEnd(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    // Escaped when an odd number of backslashes stands right before it.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Whether the member name written from `open` to `close` (its quotes) is `tools`, escapes decoded. */
function isTools(text: string, open: number, close: number): boolean {
  const raw = text.slice(open, close + 1);
  if (raw === '"tools"') return true;
  return raw.includes("\\") && JSON.parse(raw) === "tools";
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x5d || c === 0x7d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a;
}
