import { bannerText } from "../generator-kit/banner.js";

/**
 * Text made safe to stand inside an HTML comment: every run of `-` is spaced out, so the text
 * holds no `--` (thus no `-->` or `--!>`), does not end with `-` and does not start with `>`
 * or `->`, any of which would end the comment early.
 */
export function htmlCommentText(text: string): string {
  let out = text.replace(/-{2,}/g, (run) => run.split("").join(" "));
  if (out.startsWith(">") || out.startsWith("->")) out = ` ${out}`;
  if (out.endsWith("-")) out = `${out} `;
  return out;
}

/**
 * The first line of a catalogue file: mcp-specgen's banner as an HTML comment (Markdown
 * hides it too), which marks the file as one mcp-specgen wrote and may overwrite. Input
 * paths pass through {@link htmlCommentText} so that none can end the comment.
 */
export function catalogueBanner(sources: readonly string[]): string {
  return `<!-- ${htmlCommentText(bannerText(sources))} -->\n`;
}
