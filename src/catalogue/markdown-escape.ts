// The one way spec text reaches the Markdown catalogue: inline text through
// `escapeMarkdown`, code through `fencedCode`. Spec text never becomes Markdown syntax.

/**
 * Escapes text for an inline position of CommonMark/GFM (a paragraph, a heading, a list
 * item, a table cell) so that it reads as the same text and nothing else: a backslash goes
 * before each character that could start markup anywhere (emphasis, code, links, raw HTML,
 * entities, table pipes, strikethrough, math: `\ ` * _ [ ] < > & | ~ $`) and before a
 * block marker at the start (`#`, `>`, `-`, `+`, `=`, `1.`, `1)`); line breaks and runs of
 * blanks become one space, so the text cannot start a block of its own.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[ \t\n\r\f\v]+/g, " ")
    .replace(/[\\`*_[\]<>&|~$]/g, (c) => `\\${c}`)
    .replace(/^( ?)([#>+=-])/, "$1\\$2")
    .replace(/^( ?\d+)([.)])/, "$1\\$2");
}

/**
 * A fenced code block holding `code` verbatim: the fence is a run of backticks longer than
 * any in the code, so the code cannot close it; `info` names the language.
 */
export function fencedCode(code: string, info = ""): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${code}\n${fence}`;
}
