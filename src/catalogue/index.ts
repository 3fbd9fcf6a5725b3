// The tool catalogue (`mcp-specgen docs`): a model of every tool made from the checked IR
// (model.ts), rendered as one HTML page (html.ts) or one Markdown file (markdown.ts).
import { renderCatalogueHtml } from "./html.js";
import { renderCatalogueMarkdown } from "./markdown.js";
import { buildCatalogue, type CatalogueInput } from "./model.js";

export { buildCatalogue, type Catalogue, type CatalogueInput, type CatalogueTool } from "./model.js";
export { renderCatalogueHtml } from "./html.js";
export { renderCatalogueMarkdown } from "./markdown.js";
export { catalogueBanner } from "./banner.js";

/** The formats of the catalogue. */
export type CatalogueFormat = "html" | "markdown";

/** The file each format is written to, in the output directory. */
export const CATALOGUE_FILES: Readonly<Record<CatalogueFormat, string>> = {
  html: "index.html",
  markdown: "README.md",
};

/** The catalogue file of `input` in `format`: its path in the output directory and its text. */
export function renderCatalogue(input: CatalogueInput, format: CatalogueFormat): { path: string; contents: string } {
  const catalogue = buildCatalogue(input);
  return {
    path: CATALOGUE_FILES[format],
    contents: format === "html" ? renderCatalogueHtml(catalogue) : renderCatalogueMarkdown(catalogue),
  };
}
