/**
 * Reads JSON as people write it in documentation code blocks: with comments,
 * trailing commas, several values in one block, `...` for elided parts, raw
 * newlines inside strings, single quotes, Python literals and unquoted keys.
 *
 * A hand-written recursive-descent reader rather than a pre-pass of regex
 * rewrites, so that comment markers inside strings (`"http://x"`) are never
 * touched and every value and problem keeps its offset in the original text.
 */
import type { JsonValue } from "../../ir/types.js";
import { isPlaceholder } from "./placeholders.js";

/** One top-level value found in a block. */
export interface LenientValue {
  value: JsonValue;
  /** Character offset in the input where the value starts. */
  offset: number;
  /**
   * True when a string inside (key or value) is a placeholder such as
   * `[ExampleValue]` or `<path>`, or when a value had to be read from
   * unquoted text. Such values must not be validated against a schema.
   */
  placeholder: boolean;
  /**
   * True when a `...` / `…` was dropped somewhere inside, so the value is
   * known to be incomplete (e.g. `{"results": {...}}` became `{"results": {}}`).
   */
  elided: boolean;
}

/** Something that is not JSON and was skipped or repaired. */
export interface LenientProblem {
  message: string;
  /** Character offset in the input where the problem is. */
  offset: number;
}

/** Result of {@link parseLenientJson}. */
export interface LenientJsonResult {
  values: LenientValue[];
  problems: LenientProblem[];
}

/**
 * Parses every JSON value in `text`, tolerating what documentation authors
 * write: `//`, `/* *\/` and `#` comments; trailing and missing-on-newline
 * commas; concatenated values; bare `...` / `…` as an element, member, member
 * value or top-level line (dropped, see {@link LenientValue.elided}); raw
 * newlines and tabs in strings; `'single'` quotes; `None`/`True`/`False`;
 * unquoted keys; Python tuples. Never throws: a value that cannot be
 * recovered is skipped and reported in `problems`.
 */
export function parseLenientJson(text: string): LenientJsonResult {
  const reader = new Reader(text);
  try {
    reader.readAll();
  } catch (err) {
    // Defensive: internal errors end the scan but keep what was read.
    reader.problems.push({ message: `could not read further: ${String(err)}`, offset: reader.pos });
  }
  return { values: reader.values, problems: reader.problems };
}

// ------------------------------------------------------------ internals

const ELLIPSIS: unique symbol = Symbol("ellipsis");
type Read = JsonValue | typeof ELLIPSIS;

/** The current top-level value cannot be recovered. */
class Fatal extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The current element cannot be read; the enclosing container may skip it. */
class Skip extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 500;
const NUMBER_RE = /[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;
const KEYWORD_RE = /(?:true|false|null|True|False|None)(?![\w$])/y;
const BARE_KEY_RE = /[A-Za-z_$][\w$\-.]*|\d+/y;
const CLOSE_QUOTE: Record<string, string> = { '"': '"', "'": "'", "“": "”", "‘": "’" };

class Reader {
  pos = 0;
  readonly values: LenientValue[] = [];
  readonly problems: LenientProblem[] = [];
  // Per top-level value flags.
  private elided = false;
  private bare = false;

  constructor(private readonly text: string) {}

  readAll(): void {
    const t = this.text;
    for (;;) {
      try {
        this.skipTrivia();
      } catch (err) {
        if (err instanceof Fatal) this.problem(err.message, err.offset);
        return;
      }
      if (this.pos >= t.length) return;
      const ch = t[this.pos];
      if (ch === "," || ch === ";") {
        this.pos++; // separators between top-level values
        continue;
      }
      if (this.atEllipsis()) {
        this.readEllipsis();
        continue;
      }
      if (ch === "}" || ch === "]" || ch === ")") {
        this.problem(`unexpected '${ch}' outside a JSON value`, this.pos);
        this.pos++;
        continue;
      }
      const start = this.pos;
      if (!this.startsTopLevelValue()) {
        const end = this.lineEnd(start);
        this.problem(`unexpected text outside a JSON value: ${JSON.stringify(t.slice(start, end).trim())}`, start);
        this.pos = end;
        continue;
      }
      this.elided = false;
      this.bare = false;
      const problemsBefore = this.problems.length;
      try {
        const v = this.readValue(0);
        if (v === ELLIPSIS) continue;
        this.values.push({
          value: v,
          offset: start,
          placeholder: this.bare || hasPlaceholder(v, false),
          elided: this.elided,
        });
      } catch (err) {
        if (!(err instanceof Fatal) && !(err instanceof Skip)) throw err;
        // Repairs made inside a value that is dropped anyway would only confuse.
        this.problems.length = problemsBefore;
        this.problem(`${err.message}; value skipped`, err.offset);
        this.pos = this.resync(start);
      }
    }
  }

  // ---- values

  private readValue(depth: number): Read {
    if (depth > MAX_DEPTH) throw new Fatal("value nested too deeply", this.pos);
    this.skipTrivia();
    const t = this.text;
    if (this.pos >= t.length) throw new Fatal("unexpected end of input, expected a value", this.pos);
    const ch = t[this.pos];
    if (ch === "{" && t[this.pos + 1] === "{") return this.readTemplate();
    if (ch === "{") return this.readObject(depth);
    if (ch === "[") return this.readArray(depth, "]");
    if (ch === "(") return this.readArray(depth, ")");
    if (ch in CLOSE_QUOTE) return this.readString();
    if (this.atEllipsis()) {
      this.readEllipsis();
      return ELLIPSIS;
    }
    const scalar = this.readScalar();
    if (scalar !== undefined) return scalar;
    return this.readBare();
  }

  private readObject(depth: number): JsonValue {
    const t = this.text;
    const open = this.pos++;
    const obj: { [key: string]: JsonValue } = {};
    for (;;) {
      this.skipTrivia();
      if (this.pos >= t.length) throw new Fatal("unterminated object (missing '}')", open);
      const ch = t[this.pos];
      if (ch === "}") {
        this.pos++;
        return obj;
      }
      if (ch === ",") {
        this.pos++; // trailing, leading or doubled comma
        continue;
      }
      if (this.atEllipsis()) {
        this.readEllipsis(); // `...` standing for more members
        continue;
      }
      const keyAt = this.pos;
      const key = this.readKey();
      if (key === undefined) {
        this.problem(`expected a member name, found '${ch}'`, keyAt);
        this.skipToDelimiter("}");
        continue;
      }
      this.skipTrivia();
      if (t[this.pos] !== ":" && t[this.pos] !== "=") {
        this.problem(`expected ':' after member name ${JSON.stringify(key)}`, this.pos);
        this.skipToDelimiter("}");
        continue;
      }
      this.pos++;
      let value: Read;
      try {
        value = this.readValue(depth + 1);
      } catch (err) {
        if (!(err instanceof Skip)) throw err;
        this.problem(`${err.message}; member ${JSON.stringify(key)} dropped`, err.offset);
        this.skipToDelimiter("}");
        continue;
      }
      // Defined rather than assigned so a `__proto__` key stays an ordinary member.
      if (value !== ELLIPSIS)
        Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
      this.afterElement("}");
    }
  }

  private readArray(depth: number, closer: "]" | ")"): JsonValue {
    const t = this.text;
    const open = this.pos++;
    const arr: JsonValue[] = [];
    for (;;) {
      this.skipTrivia();
      if (this.pos >= t.length) throw new Fatal(`unterminated array (missing '${closer}')`, open);
      const ch = t[this.pos];
      if (ch === closer) {
        this.pos++;
        return arr;
      }
      if (ch === ",") {
        this.pos++;
        continue;
      }
      let value: Read;
      try {
        value = this.readValue(depth + 1);
      } catch (err) {
        if (!(err instanceof Skip)) throw err;
        this.problem(`${err.message}; element dropped`, err.offset);
        this.skipToDelimiter(closer);
        continue;
      }
      if (value !== ELLIPSIS) arr.push(value);
      this.afterElement(closer);
    }
  }

  /** After a member or element: expect `,` or the closer, repairing a missing comma. */
  private afterElement(closer: string): void {
    this.skipTrivia();
    const t = this.text;
    if (this.pos >= t.length) return; // the container reports the missing closer
    const ch = t[this.pos];
    if (ch === ",") {
      this.pos++;
      return;
    }
    if (ch === closer) return;
    if (ch in CLOSE_QUOTE || ch === "{" || ch === "[" || /[\w$\-.…]/.test(ch)) {
      this.problem("missing ','", this.pos);
      return;
    }
    this.problem(`unexpected '${ch}'`, this.pos);
    this.skipToDelimiter(closer);
  }

  private readKey(): string | undefined {
    const ch = this.text[this.pos];
    if (ch in CLOSE_QUOTE) return this.readString();
    BARE_KEY_RE.lastIndex = this.pos;
    const m = BARE_KEY_RE.exec(this.text);
    if (!m) return undefined;
    this.pos += m[0].length;
    return m[0];
  }

  private readString(): string {
    const t = this.text;
    const open = this.pos;
    const close = CLOSE_QUOTE[t[open]];
    let out = "";
    let i = open + 1;
    while (i < t.length) {
      const ch = t[i];
      if (ch === close) {
        this.pos = i + 1;
        return out;
      }
      if (ch !== "\\") {
        out += ch; // raw newlines and tabs are kept as written
        i++;
        continue;
      }
      const esc = t[i + 1];
      i += 2;
      switch (esc) {
        case "n":
          out += "\n";
          break;
        case "t":
          out += "\t";
          break;
        case "r":
          out += "\r";
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "v":
          out += "\v";
          break;
        case "0":
          out += "\0";
          break;
        case "u":
        case "x": {
          const len = esc === "u" ? 4 : 2;
          const hex = t.slice(i, i + len);
          if (new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) {
            out += String.fromCharCode(parseInt(hex, 16));
            i += len;
          } else {
            out += "\\" + esc;
          }
          break;
        }
        case "\n":
          break; // line continuation
        case "\r":
          if (t[i] === "\n") i++;
          break;
        case undefined:
          out += "\\";
          break;
        default:
          // `\"`, `\\`, `\/`, `\'` unescape; any other escape is kept verbatim, as Python does.
          out += `"\\/'`.includes(esc) || esc === close ? esc : "\\" + esc;
      }
    }
    throw new Fatal("unterminated string", open);
  }

  /** Numbers and literal keywords, only when followed by a delimiter. */
  private readScalar(): JsonValue | undefined {
    const t = this.text;
    for (const re of [KEYWORD_RE, NUMBER_RE]) {
      re.lastIndex = this.pos;
      const m = re.exec(t);
      if (!m || !this.delimiterAt(this.pos + m[0].length)) continue;
      this.pos += m[0].length;
      switch (m[0]) {
        case "true":
        case "True":
          return true;
        case "false":
        case "False":
          return false;
        case "null":
        case "None":
          return null;
      }
      const n = Number(m[0].replace(/_/g, "").replace(/^\+/, "").replace(/\.$/, ""));
      if (Number.isFinite(n)) return n;
      this.pos -= m[0].length;
    }
    return undefined;
  }

  /** Unquoted text in value position (`<path>`, `some_value`): kept as a string, flagged. */
  private readBare(): string {
    const t = this.text;
    const start = this.pos;
    let i = start;
    while (i < t.length && !",]})\n\r".includes(t[i])) {
      if (/\s/.test(t[i]) && (t.startsWith("//", i + 1) || t[i + 1] === "#")) break;
      i++;
    }
    const raw = t.slice(start, i).trim();
    if (raw === "") throw new Skip(`expected a value, found '${t[start] ?? "end of input"}'`, start);
    this.pos = start + t.slice(start, i).trimEnd().length;
    this.bare = true;
    this.problem(`unquoted value ${JSON.stringify(raw)} read as a string`, start);
    return raw;
  }

  /** `{{var}}` written without quotes. */
  private readTemplate(): string {
    const t = this.text;
    const start = this.pos;
    const end = t.indexOf("}}", start + 2);
    const lineEnd = this.lineEnd(start);
    if (end < 0 || end > lineEnd) throw new Skip("unterminated '{{' template", start);
    this.pos = end + 2;
    this.bare = true;
    const raw = t.slice(start, this.pos);
    this.problem(`unquoted template ${JSON.stringify(raw)} read as a string`, start);
    return raw;
  }

  // ---- lexical helpers

  /** Skips whitespace and comments. An unterminated block comment is fatal. */
  private skipTrivia(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const ch = t[this.pos];
      if (/\s/.test(ch)) {
        this.pos++;
      } else if (ch === "/" && t[this.pos + 1] === "/") {
        this.pos = this.lineEnd(this.pos);
      } else if (ch === "#") {
        this.pos = this.lineEnd(this.pos);
      } else if (ch === "/" && t[this.pos + 1] === "*") {
        const end = t.indexOf("*/", this.pos + 2);
        if (end < 0) {
          const at = this.pos;
          this.pos = t.length;
          throw new Fatal("unterminated /* comment", at);
        }
        this.pos = end + 2;
      } else {
        return;
      }
    }
  }

  private atEllipsis(): boolean {
    const t = this.text;
    return t.startsWith("...", this.pos) || t[this.pos] === "…";
  }

  private readEllipsis(): void {
    while (this.pos < this.text.length && (this.text[this.pos] === "." || this.text[this.pos] === "…")) this.pos++;
    this.elided = true;
  }

  /** True at the end of a scalar: whitespace-then-delimiter, a delimiter, a comment or the end. */
  private delimiterAt(i: number): boolean {
    const t = this.text;
    while (i < t.length && (t[i] === " " || t[i] === "\t")) i++;
    if (i >= t.length) return true;
    const ch = t[i];
    return ",]})\n\r".includes(ch) || ch === "#" || t.startsWith("//", i) || t.startsWith("/*", i);
  }

  private startsTopLevelValue(): boolean {
    const ch = this.text[this.pos];
    if (ch === "{" || ch === "[" || ch in CLOSE_QUOTE) return true;
    for (const re of [KEYWORD_RE, NUMBER_RE]) {
      re.lastIndex = this.pos;
      const m = re.exec(this.text);
      if (m && this.delimiterAt(this.pos + m[0].length)) return true;
    }
    return false;
  }

  private lineEnd(from: number): number {
    const t = this.text;
    let i = from;
    while (i < t.length && t[i] !== "\n" && t[i] !== "\r") i++;
    return i;
  }

  /**
   * Skips the rest of a broken member or element: up to the next `,` or
   * `closer` at the same nesting level (not consumed). Double-quoted strings
   * are skipped whole; single quotes are not, since they are often apostrophes.
   */
  private skipToDelimiter(closer: string): void {
    const t = this.text;
    let depth = 0;
    while (this.pos < t.length) {
      const ch = t[this.pos];
      if (depth === 0 && (ch === "," || ch === closer)) return;
      if (ch === '"') {
        const end = t.indexOf('"', this.pos + 1);
        const nl = this.lineEnd(this.pos);
        this.pos = end >= 0 && end < nl ? end + 1 : nl;
        continue;
      }
      if (ch === "{" || ch === "[" || ch === "(") depth++;
      else if ((ch === "}" || ch === "]" || ch === ")") && depth > 0) depth--;
      this.pos++;
    }
  }

  /**
   * Where to continue after an unrecoverable value: the next line that starts
   * with `{` or `[` at the same or a smaller indentation than the failed
   * value, so a nested line of the broken value is not mistaken for a new one.
   */
  private resync(start: number): number {
    const t = this.text;
    let lineStart = start;
    while (lineStart > 0 && t[lineStart - 1] !== "\n" && t[lineStart - 1] !== "\r") lineStart--;
    const indent = start - lineStart;
    let i = this.lineEnd(start);
    while (i < t.length) {
      while (i < t.length && (t[i] === "\n" || t[i] === "\r")) i++;
      let j = i;
      while (j < t.length && (t[j] === " " || t[j] === "\t")) j++;
      if ((t[j] === "{" || t[j] === "[") && j - i <= indent) return j;
      i = this.lineEnd(j);
    }
    return t.length;
  }

  private problem(message: string, offset: number): void {
    this.problems.push({ message, offset });
  }
}

/**
 * True when any string in `v` is a placeholder. Type words (`"string"`) count
 * except as the value of a `type` member, where they are JSON Schema.
 */
function hasPlaceholder(v: JsonValue, underTypeKey: boolean): boolean {
  if (typeof v === "string") return isPlaceholder(v, { typeWords: !underTypeKey });
  if (Array.isArray(v)) return v.some((item) => hasPlaceholder(item, underTypeKey));
  if (v !== null && typeof v === "object") {
    for (const [key, item] of Object.entries(v)) {
      if (isPlaceholder(key, { typeWords: false })) return true;
      if (hasPlaceholder(item, key === "type")) return true;
    }
  }
  return false;
}
