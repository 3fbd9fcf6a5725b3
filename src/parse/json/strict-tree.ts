/**
 * The syntax tree of a strict JSON text, with the offset of every value, in one pass over
 * its characters. jsonc-parser's `parseTree` builds the same tree for any text (comments,
 * trailing commas, errors) through a tokenizer and a callback per token, at several times
 * the cost; every tool of a JSON spec is located through a tree of its text, so the strict
 * case, the common one, is built here and anything else is left to jsonc-parser.
 */

/**
 * What a locator reads of a syntax tree node: its kind, where it starts, its children (an
 * object's `property` nodes, an array's items, a property's name and value) and, for a
 * property's name, the name. jsonc-parser's `Node` has all of these.
 */
export interface JsonNode {
  type: "object" | "array" | "property" | "string" | "number" | "boolean" | "null";
  offset: number;
  children?: JsonNode[];
  /** A property name's text, escapes decoded (the builder here sets it on names only). */
  value?: unknown;
}

// What the scan expects next.
const VALUE = 0;
const VALUE_OR_CLOSE = 1; // after `[`
const NAME = 2; // after `,` in an object
const NAME_OR_CLOSE = 3; // after `{`
const COLON = 4;
const NEXT = 5; // after a value: `,` or the closer of its container

/**
 * The tree jsonc-parser's `parseTree` builds for `text` (types, offsets, children and
 * member names alike), or undefined when `text` is not strict JSON (RFC 8259: a comment,
 * a trailing comma, a control character in a string, a bad escape, anything after the
 * value…) or holds no value. Iterative: a deep text cannot overflow the stack.
 */
export function strictJsonTree(text: string): JsonNode | undefined {
  // Made per call: a sticky expression's `lastIndex` is state.
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const n = text.length;
  const open: JsonNode[] = [];
  let root: JsonNode | undefined;
  let expect = VALUE;
  let i = 0;
  // An object member's name, until its value begins: the member's node is then made whole.
  let name: JsonNode | undefined;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++;
      continue;
    }
    if (expect === NEXT) {
      const parent = open[open.length - 1];
      if (!parent) return undefined;
      const isObject = parent.type === "object";
      if (c === 0x2c /* , */) expect = isObject ? NAME : VALUE;
      else if (c === (isObject ? 0x7d /* } */ : 0x5d) /* ] */) open.pop();
      else return undefined;
      i++;
    } else if (expect === COLON) {
      if (c !== 0x3a /* : */) return undefined;
      expect = VALUE;
      i++;
    } else if (expect === NAME || expect === NAME_OR_CLOSE) {
      if (c === 0x7d && expect === NAME_OR_CLOSE) {
        open.pop();
        expect = NEXT;
        i++;
        continue;
      }
      const end = c === 0x22 ? stringEnd(text, i) : -1;
      if (end < 0) return undefined;
      const written = text.slice(i + 1, end - 1);
      name = { type: "string", offset: i, value: written.includes("\\") ? JSON.parse(text.slice(i, end)) : written };
      expect = COLON;
      i = end;
    } else {
      if (c === 0x5d && expect === VALUE_OR_CLOSE) {
        open.pop();
        expect = NEXT;
        i++;
        continue;
      }
      let node: JsonNode;
      let end: number;
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        node = { type: c === 0x7b ? "object" : "array", offset: i, children: [] };
        end = i + 1;
      } else if (c === 0x22 /* " */) {
        end = stringEnd(text, i);
        if (end < 0) return undefined;
        node = { type: "string", offset: i };
      } else if (c === 0x74 /* t */ || c === 0x66 /* f */ || c === 0x6e /* n */) {
        const word = c === 0x74 ? "true" : c === 0x66 ? "false" : "null";
        if (!text.startsWith(word, i)) return undefined;
        node = { type: c === 0x6e ? "null" : "boolean", offset: i };
        end = i + word.length;
      } else {
        number.lastIndex = i;
        if (!number.test(text)) return undefined;
        node = { type: "number", offset: i };
        end = number.lastIndex;
      }
      const parent = open[open.length - 1];
      if (!parent) {
        if (root) return undefined;
        root = node;
      } else if (parent.type === "object")
        parent.children!.push({ type: "property", offset: name!.offset, children: [name!, node] });
      else parent.children!.push(node);
      if (node.children) {
        open.push(node);
        expect = node.type === "object" ? NAME_OR_CLOSE : VALUE_OR_CLOSE;
      } else expect = NEXT;
      i = end;
    }
  }
  return open.length === 0 && expect === NEXT ? root : undefined;
}

/**
 * The offset just past the JSON string that starts with the `"` at `start`, or -1 when
 * no strict JSON string starts there (a raw control character, a bad escape, no closing
 * quote). A loop rather than a regular expression: V8 keeps a backtracking entry for
 * every character a `(a|b)*` group reads, and a long enough string overflows its stack.
 */
function stringEnd(text: string, start: number): number {
  const n = text.length;
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) return i + 1;
    if (c < 0x20) return -1;
    if (c !== 0x5c /* \ */) {
      i++;
      continue;
    }
    const e = text.charCodeAt(i + 1);
    if (e === 0x75 /* u */) {
      for (let k = i + 2; k < i + 6; k++) if (!isHexDigit(text.charCodeAt(k))) return -1;
      i += 6;
    } else if (ESCAPED.includes(e)) i += 2;
    else return -1;
  }
  return -1;
}

/** The characters a backslash may escape in JSON, besides `u`: `" \ / b f n r t`. */
const ESCAPED: readonly number[] = [0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74];

/** True for the code of 0-9, a-f or A-F (false for NaN, past the end of the text). */
function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}
