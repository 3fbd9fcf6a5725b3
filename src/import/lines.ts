// Line handling shared by the Markdown writer and its round-trip check.

/**
 * The text on one line: its lines trimmed, blank ones dropped, joined by one space.
 * (Split, not a `\s*[\r\n]+\s*` regex, which backtracks quadratically on long blank runs.)
 */
export function joinLines(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
}
