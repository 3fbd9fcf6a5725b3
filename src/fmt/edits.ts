/** One replacement in a text: `[start, end)` of the text it was made for becomes `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * A rewrite fmt makes or refuses as a whole: the edits that only make sense together (the
 * rows of one table, the items of one list and the lines they indent).
 */
export interface Change {
  /** What the change does, for the report when it is refused ("the table", "the heading"). */
  what: string;
  /** 1-based line of the text where the change starts. */
  line: number;
  edits: Edit[];
}

/**
 * Applies edits made for `text`; they must not overlap. Edits that leave their range as
 * it is are fine (a rule may propose them; they change nothing).
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`fmt: overlapping edits at offset ${e.start}`);
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/** The edits of the changes, dropping those that replace a range with itself. */
export function effectiveChanges(text: string, changes: readonly Change[]): Change[] {
  return changes
    .map((c) => ({ ...c, edits: c.edits.filter((e) => text.slice(e.start, e.end) !== e.text) }))
    .filter((c) => c.edits.length > 0);
}

/**
 * Offsets where each line of a text starts (line `n`, 1-based, starts at `starts[n - 1]`).
 * Lines end at `\n`, `\r\n` and a lone `\r`, as for the Markdown parser, so line numbers
 * agree with its positions.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** The text of line `n` (1-based) without its line break. */
export function lineText(text: string, starts: readonly number[], n: number): string {
  const start = starts[n - 1]!;
  const next = starts[n];
  let end = next === undefined ? text.length : next - 1;
  if (next !== undefined && text.charCodeAt(end) === 10 && end > start && text.charCodeAt(end - 1) === 13) end--;
  return text.slice(start, end);
}
