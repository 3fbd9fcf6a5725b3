/**
 * The block containers (block quotes, list items) a leaf block sits in, outermost first,
 * and how their marks and indentation are cut from the start of a line of code or HTML.
 * Columns are offsets from the line start: index.ts gives texts with a tab in a line's
 * indentation to the reference parser, so a space is one column.
 */
export type Container = { kind: "quote" } | { kind: "item"; column: number };

/** Where the content of a line starts inside `containers` (lazy lines keep what they lack). */
export function contentStart(
  text: string,
  lineStart: number,
  lineEnd: number,
  containers: readonly Container[],
): number {
  let at = lineStart;
  for (const container of containers) {
    if (container.kind === "quote") {
      let i = at;
      while (i < lineEnd && i - at < 3 && text.charCodeAt(i) === 32) i++;
      if (text.charCodeAt(i) !== 62 /* > */) return at;
      at = i + 1;
      if (text.charCodeAt(at) === 32) at++;
    } else {
      let i = at;
      while (i < lineEnd && i - lineStart < container.column && text.charCodeAt(i) === 32) i++;
      // Indented less than the item's content and not blank: a lazy line, which keeps its indentation.
      if (i - lineStart < container.column && i < lineEnd) return at;
      at = i;
    }
  }
  return at;
}
