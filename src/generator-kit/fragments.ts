// Files that hold every tool (vendor formats and modules, manifest.json, tools.ts, the types
// index) are assembled from each tool's part, made once per tool with `ctx.perTool`, and the
// text around them. A file's contents are then that list of strings in order (see
// `GeneratedFile.contents`): written, hashed and compared a string at a time, never joined.
import { writeLiteral, type TextSink } from "./ts.js";

/**
 * Text made already for one value of a JSON document or a TypeScript literal, for the place
 * it sits at: `depth` levels of objects and arrays below the root (the root's members are at
 * depth 1). {@link jsonDocument} and {@link tsLiteralDocument} put it where the value would
 * be written, and refuse it at another depth. It stands for an object or an array.
 */
export class Fragment {
  constructor(
    readonly text: string,
    readonly depth: number,
  ) {}

  /** A fragment reaches `JSON.stringify` only when it sits where no document walks: a mistake. */
  toJSON(): never {
    throw new Error("a Fragment inside a value that jsonDocument writes whole (put it in plain objects and arrays)");
  }
}

/**
 * `JSON.stringify(document, null, 2)` would write `value` as this text when it sits `depth`
 * levels down as the member (or array index) `key`, which its `toJSON` is given: exactly
 * that text, nested lines indented for that depth. Undefined where `JSON.stringify` writes
 * nothing (undefined, a function, a symbol, a `toJSON` that gives one of those).
 */
export function jsonAt(value: unknown, depth = 0, key = ""): string | undefined {
  if (depth <= 0) return JSON.stringify(value, null, 2) as string | undefined;
  // The value as the member `key` of an object `depth - 1` levels down: one native
  // stringify, then the text between the wrappers (a slice, not a copy).
  let wrapped: unknown = { [key]: value };
  for (let level = 1; level < depth; level++) wrapped = { "": wrapped };
  const text = JSON.stringify(wrapped, null, 2);
  let before = `{\n${"  ".repeat(depth)}${JSON.stringify(key)}: `.length;
  let after = 0;
  for (let level = 1; level < depth; level++) before += `{\n${"  ".repeat(level)}"": `.length;
  for (let level = 0; level < depth; level++) after += `\n${"  ".repeat(level)}}`.length;
  // Left out, the member leaves `{}` where the wrappers' text had it: shorter than they are.
  return text.length > before + after ? text.slice(before, text.length - after) : undefined;
}

/** The text of a TypeScript literal (see `tsLiteral`) for `value` sitting `depth` levels down. */
export { tsLiteralAt } from "./ts.js";

/**
 * `JSON.stringify(document, null, 2)` and a newline, as a list of strings, with each
 * {@link Fragment} in it written as its text. Plain objects and arrays that hold fragments
 * are walked; everything else is written whole, as `JSON.stringify` writes it.
 */
export function jsonDocument(document: unknown): string[] {
  const out = new TextList();
  if (!writeJson(out, document, 0, "")) out.add("undefined");
  return out.add("\n").done();
}

/**
 * `tsLiteral(value, "  ".repeat(depth))` as a list of strings, with each {@link Fragment} in
 * it (made for its depth with `tsLiteralAt`) written as its text.
 */
export function tsLiteralDocument(value: unknown, depth = 0): string[] {
  const out = new TextList();
  writeLiteral(out, value, "  ".repeat(depth), (v, indent) => {
    if (!(v instanceof Fragment)) return undefined;
    checkDepth(v, indent.length / 2);
    return v.text;
  });
  return out.done();
}

/**
 * Lines joined by `\n`, as a list of strings: a line is a string, or a list of strings that
 * make one line (`["export const x = ", ...tsLiteralDocument(value), ";"]`), kept as they are.
 */
export function lines(list: ReadonlyArray<string | readonly string[]>): string[] {
  const out = new TextList();
  list.forEach((line, i) => {
    if (i) out.add("\n");
    if (typeof line === "string") out.add(line);
    else for (const part of line) out.keep(part);
  });
  return out.done();
}

/**
 * The strings of a file in order: short text around the kept parts is gathered into one
 * string (joined, not concatenated: `+=` builds a rope that is flattened later at a cost);
 * a part kept as it is (a tool's fragment) stays its own string, the same one in every
 * rebuild of `generate --watch` that finds it in the session, which makes comparing it a
 * pointer comparison.
 */
class TextList implements TextSink {
  private readonly parts: string[] = [];
  private pending: string[] = [];

  /** Adds text to gather. */
  add(text: string): this {
    if (text) this.pending.push(text);
    return this;
  }

  /** Adds a part of its own. */
  keep(text: string): this {
    this.flush();
    if (text) this.parts.push(text);
    return this;
  }

  done(): string[] {
    this.flush();
    return this.parts;
  }

  private flush(): void {
    if (this.pending.length) this.parts.push(this.pending.length === 1 ? this.pending[0]! : this.pending.join(""));
    this.pending = [];
  }
}

/** Adds `value`, the member `key` of its parent ("" at the top), `depth` levels down; false (adding nothing) where JSON writes nothing. */
function writeJson(out: TextList, value: unknown, depth: number, key: string): boolean {
  if (value instanceof Fragment) {
    checkDepth(value, depth);
    out.keep(value.text);
    return true;
  }
  if (!isPlainContainer(value) || !holdsFragment(value)) {
    const text = jsonAt(value, depth, key);
    if (text !== undefined) out.add(text);
    return text !== undefined;
  }
  const indent = "  ".repeat(depth);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    // By index, as JSON.stringify goes: a hole is written as null.
    for (let i = 0; i < value.length; i++) {
      out.add(i ? `,\n${inner}` : `[\n${inner}`);
      if (!writeJson(out, value[i], depth + 1, String(i))) out.add("null");
    }
    out.add(value.length ? `\n${indent}]` : "[]");
    return true;
  }
  let first = true;
  for (const [member, v] of Object.entries(value)) {
    // A member JSON.stringify writes nothing for is left out, with its key.
    const walked = v instanceof Fragment || (isPlainContainer(v) && holdsFragment(v));
    const text = walked ? undefined : jsonAt(v, depth + 1, member);
    if (!walked && text === undefined) continue;
    out.add(`${first ? "{\n" : ",\n"}${inner}${JSON.stringify(member)}: `);
    first = false;
    if (walked) writeJson(out, v, depth + 1, member);
    else out.add(text!);
  }
  out.add(first ? "{}" : `\n${indent}}`);
  return true;
}

/** Whether a fragment sits in `value` (plain objects and arrays only). */
function holdsFragment(value: object): boolean {
  for (const v of Array.isArray(value) ? value : Object.values(value))
    if (v instanceof Fragment || (isPlainContainer(v) && holdsFragment(v))) return true;
  return false;
}

/** An array or an object that JSON.stringify writes member by member (no `toJSON`, no class). */
function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function checkDepth(fragment: Fragment, depth: number): void {
  if (fragment.depth !== depth) throw new Error(`a fragment made for depth ${fragment.depth} placed at depth ${depth}`);
}
