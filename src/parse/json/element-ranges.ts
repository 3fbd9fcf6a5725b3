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
 * The list's element ranges, from the events of one scan of the text (the strict scan
 * here, or a lenient parser's callbacks): containers, values and member names as they come.
 */
export class ListElements {
  readonly ranges: ElementRange[] = [];
  private depth = 0;
  // The depth of the list's elements once the list has begun; -1 before, -2 after.
  private elements = -1;
  // Whether the next value to begin is the one that may be the list.
  private candidate: boolean;
  private toolsSeen = false;
  private start = 0;

  constructor(private readonly inTools: boolean) {
    this.candidate = !inTools;
  }

  /** An object or array begins at `offset`. */
  beginContainer(offset: number, isArray: boolean): void {
    this.begin(offset, isArray);
    this.depth++;
  }

  /** An object or array ends just before `endOffset`. */
  endContainer(endOffset: number, isArray: boolean): void {
    this.depth--;
    if (isArray && this.depth === this.elements - 1) this.elements = -2;
    else this.end(endOffset);
  }

  /** A string, number, true, false or null from `start` to `endOffset`. */
  value(start: number, endOffset: number): void {
    this.begin(start, false);
    this.end(endOffset);
  }

  /** Whether a member name here could be the `tools` whose value is the list (the root object's first one). */
  awaitsToolsMember(): boolean {
    return this.inTools && this.depth === 1 && !this.toolsSeen;
  }

  /** The member named `tools` that {@link awaitsToolsMember} waited for: its value may be the list. */
  toolsMember(): void {
    this.toolsSeen = true;
    this.candidate = true;
  }

  private begin(offset: number, isArray: boolean): void {
    if (this.candidate && this.depth === (this.inTools ? 1 : 0)) {
      this.candidate = false;
      if (isArray) {
        this.elements = this.depth + 1;
        return;
      }
    }
    if (this.depth === this.elements) this.start = offset;
  }

  private end(endOffset: number): void {
    if (this.depth === this.elements) this.ranges.push([this.start, endOffset]);
  }
}

/**
 * The element ranges of the list (empty when there is none), or undefined when the text is
 * not strict JSON in a way the scan notices (a comment, an unterminated string, a bare word
 * or a character JSON does not have outside strings, brackets that do not pair): the caller
 * then scans it with a parser that allows those (a leniently read example in Markdown).
 */
export function strictListElementRanges(text: string, inTools: boolean): ElementRange[] | undefined {
  const list = new ListElements(inTools);
  const n = text.length;
  // Per open container, whether it is an object; and whether a string now is a member name.
  const objects: boolean[] = [];
  let nameNext = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a /* : */) continue;
    if (c === 0x2c /* , */) {
      nameNext = objects[objects.length - 1] === true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      list.beginContainer(i, c === 0x5b);
      objects.push(c === 0x7b);
      nameNext = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      // A closer of the other kind, or one too many: not JSON.
      if (objects.pop() !== (c === 0x7d)) return undefined;
      nameNext = false;
      list.endContainer(i + 1, c === 0x5d);
    } else if (c === 0x22 /* " */) {
      const close = stringEnd(text, i);
      if (close < 0) return undefined;
      if (nameNext) {
        nameNext = false;
        if (list.awaitsToolsMember() && isTools(text, i, close)) list.toolsMember();
      } else {
        list.value(i, close + 1);
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
      list.value(i, j);
      i = j - 1;
    }
  }
  // An array or object left open: not JSON.
  return objects.length === 0 ? list.ranges : undefined;
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
