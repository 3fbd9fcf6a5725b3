import { bannerText } from "../generator-kit/banner.js";

/**
 * The first line of a catalogue file: mcp-specgen's banner as an HTML comment (Markdown
 * hides it too), which marks the file as one mcp-specgen wrote and may overwrite. A `--` in
 * an input's path is split so that it cannot end the comment.
 */
export function catalogueBanner(sources: readonly string[]): string {
  return `<!-- ${bannerText(sources).replace(/--/g, "- -")} -->\n`;
}
