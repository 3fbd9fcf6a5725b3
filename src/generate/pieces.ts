import type { GeneratedFile } from "./generator.js";
import { keptText, writeLiteral, type KeptTexts } from "./ts.js";

/**
 * Text made in pieces, for the files that hold every tool (see `GeneratedFile.pieces`). A
 * long string (`OWN_PIECE_CHARS` or more) is a piece of its own, the very string given (a
 * frozen tool's kept text is the same string in every rebuild of `generate --watch`);
 * short strings between them are gathered into pieces of up to about 8,000 characters.
 */
export class PieceList {
  private readonly pieces: string[] = [];
  /** Short strings not yet gathered: joined, not concatenated (`+=` makes a rope, flattened later at a cost). */
  private pending: string[] = [];
  private pendingChars = 0;

  /** Adds text, or pieces in order. */
  add(text: string | readonly string[]): this {
    if (typeof text !== "string") {
      for (const piece of text) this.add(piece);
      return this;
    }
    if (text.length >= OWN_PIECE_CHARS) {
      this.flush();
      this.pieces.push(text);
    } else if (text) {
      this.pending.push(text);
      this.pendingChars += text.length;
      if (this.pendingChars >= OWN_PIECE_CHARS * 16) this.flush();
    }
    return this;
  }

  /** The pieces so far, in order. */
  done(): string[] {
    this.flush();
    return this.pieces;
  }

  private flush(): void {
    if (this.pending.length) this.pieces.push(this.pending.join(""));
    this.pending = [];
    this.pendingChars = 0;
  }
}

/** Strings this long are pieces of their own; shorter ones are gathered. */
const OWN_PIECE_CHARS = 512;

/** A generated file made of `pieces`; its `contents` are joined when first read, if ever. */
export function piecedFile(path: string, pieces: readonly string[]): GeneratedFile {
  let joined: string | undefined;
  return {
    path,
    pieces,
    get contents() {
      return (joined ??= pieces.join(""));
    },
  };
}

/**
 * Lines joined by `\n`, as pieces: a line is a string, or pieces that make one line
 * (`["const x = ", ...tsLiteralPieces(value), ";"]`).
 */
export function piecedLines(lines: ReadonlyArray<string | readonly string[]>): string[] {
  const out = new PieceList();
  lines.forEach((line, i) => {
    if (i) out.add("\n");
    out.add(line);
  });
  return out.done();
}

/**
 * `tsLiteral(value, indent)` as pieces: the text of each frozen value in it is kept (the
 * same string in every rebuild while the value lives), a piece of its own when long.
 */
export function tsLiteralPieces(value: unknown, indent = ""): string[] {
  const out = new PieceList();
  writeLiteral(out, value, indent);
  return out.done();
}

/** Levels of plain objects and arrays walked by `jsonPieces`; deeper ones are written whole. */
const JSON_WALK_DEPTH = 3;

const jsonTexts: KeptTexts = new WeakMap();

/**
 * `JSON.stringify(value, null, 2)` and a newline, as pieces: the first levels of plain
 * objects and arrays are written here, and every frozen object or array met there is
 * written once per indentation and kept while it lives (frozen values are deep-frozen and
 * cannot change). Below those levels values are written by `JSON.stringify` whole.
 *
 * Only once a frozen value met there comes back (a rebuild of `generate --watch`): until
 * then the text is made whole, in one piece, and the frozen values are noted. Keeping
 * their texts costs a run that never sees them again (a one-shot `generate`) more than
 * writing all at once.
 */
export function jsonPieces(value: unknown): string[] {
  if (!notedBefore(value, 0)) return [`${JSON.stringify(value, null, 2)}\n`];
  const out = new PieceList();
  // (`JSON.stringify` gives undefined for undefined itself, a function or a symbol.)
  if (!pushJson(out, value, "", "", 0)) out.add("undefined");
  return out.add("\n").done();
}

/** Frozen values that `jsonPieces` met where it would keep their text. */
const metFrozen = new WeakSet<object>();

/** Whether a frozen value among the walked levels of `value` was met before; notes those met now. */
function notedBefore(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Object.isFrozen(value)) {
    if (metFrozen.has(value)) return true;
    metFrozen.add(value);
    return false;
  }
  if (depth >= JSON_WALK_DEPTH || !isPlainContainer(value)) return false;
  let met = false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) met = notedBefore(v, depth + 1) || met;
  return met;
}

/**
 * Adds `value`, the member `key` of its parent ("" at the top), at `indent`, `depth` levels
 * down; false (adding nothing) where JSON.stringify writes nothing.
 */
function pushJson(out: PieceList, value: unknown, indent: string, key: string, depth: number): boolean {
  if (depth >= JSON_WALK_DEPTH || !isPlainContainer(value)) {
    const text = jsonLeaf(value, indent, key);
    if (text !== undefined) out.add(text);
    return text !== undefined;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) out.add("[]");
    // By index, as JSON.stringify goes: a hole is written as null.
    for (let i = 0; i < value.length; i++) {
      out.add(i ? `,\n${inner}` : `[\n${inner}`);
      if (!pushJson(out, value[i], inner, String(i), depth + 1)) out.add("null");
    }
    if (value.length) out.add(`\n${indent}]`);
    return true;
  }
  let first = true;
  for (const [member, v] of Object.entries(value)) {
    // A member whose value JSON.stringify writes nothing for is left out; the key is added
    // before the value is walked, so only values written whole can be such.
    const walked = depth + 1 < JSON_WALK_DEPTH && isPlainContainer(v);
    const text = walked ? undefined : jsonLeaf(v, inner, member);
    if (!walked && text === undefined) continue;
    out.add(`${first ? "{\n" : ",\n"}${inner}${JSON.stringify(member)}: `);
    first = false;
    if (walked) pushJson(out, v, inner, member, depth + 1);
    else out.add(text!);
  }
  out.add(first ? "{}" : `\n${indent}}`);
  return true;
}

/**
 * `value`, the member `key` of its parent, written whole at `indent` (kept, when frozen);
 * undefined where JSON.stringify writes nothing.
 */
function jsonLeaf(value: unknown, indent: string, key: string): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value) as string | undefined;
  // `toJSON` is given the member's key: written as the member of an object, as JSON.stringify
  // writes it, then taken out of it (its lines after the first are indented by two there).
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") {
    const text = JSON.stringify({ [key]: value }, null, 2);
    if (text === "{}") return undefined;
    return text.slice(`{\n  ${JSON.stringify(key)}: `.length, -2).replaceAll("\n  ", `\n${indent}`);
  }
  const write = () => {
    const text = JSON.stringify(value, null, 2) as string | undefined;
    // Nested, every line after the first is indented further; a JSON string holds no newline.
    return text === undefined || !indent ? text : text.replaceAll("\n", `\n${indent}`);
  };
  if (!Object.isFrozen(value)) return write();
  // ("" stands for nothing written: JSON.stringify never gives an empty text.)
  return keptText(jsonTexts, value, indent, () => write() ?? "") || undefined;
}

/** An array or an object that JSON.stringify writes member by member (no `toJSON`, no class). */
function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
