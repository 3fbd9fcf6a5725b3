// Reading a spec file's text by its extension, with the Markdown parser given: a run whose
// inputs are all JSON never loads it (it is most of the parse stage's code, with its
// CommonMark, table and YAML libraries). `parseSpecText` (index.ts) is the same with the
// Markdown parser loaded up front.
import type { DiagnosticBag } from "../diagnostics/types.js";
import { guarded } from "../diagnostics/unexpected.js";
import type { ToolSpec } from "../ir/types.js";
import { parseJsonSpec } from "./json/index.js";
import { DEFAULT_LIMITS, type SpecLimits } from "./limits.js";
import type { parseMarkdownSpec } from "./markdown/index.js";
import type { SectionTrees } from "./markdown/sectioned-parse.js";

/** Reads one spec file's text into IR tools; see {@link specTextParser}. */
export type SpecTextParser = (
  file: string,
  text: string,
  diagnostics: DiagnosticBag,
  limits?: SpecLimits,
  sections?: SectionTrees,
) => ToolSpec[];

/** Whether `file` is read as a JSON spec (by its extension); any other file is Markdown. */
export function isJsonSpecFile(file: string): boolean {
  return /\.json$/i.test(file);
}

/**
 * A parser of spec text by extension: JSON files with the JSON reader, other files with
 * `markdown`. The parser never throws: an unexpected failure on some input is reported as
 * `SPEC_INTERNAL` at the file, and the file yields no tools (so is a Markdown file given to
 * a parser made without `markdown`, which {@link loadSpecTextParser} never makes for one).
 */
export function specTextParser(markdown: typeof parseMarkdownSpec | undefined): SpecTextParser {
  return (file, text, diagnostics, limits = DEFAULT_LIMITS, sections) => {
    const parse = () => {
      if (isJsonSpecFile(file)) return parseJsonSpec(file, text, diagnostics, { limits });
      if (!markdown) throw new Error("the Markdown parser was not loaded for this file");
      return markdown(file, text, diagnostics, { limits, sections });
    };
    return guarded(diagnostics, { file, line: 1, column: 1 }, parse) ?? [];
  };
}

/**
 * A parser for `files`, which loads the Markdown parser only when one of them is Markdown.
 * Each file it reads gives exactly what `parseSpecText` gives.
 */
export async function loadSpecTextParser(files: readonly string[]): Promise<SpecTextParser> {
  if (files.every(isJsonSpecFile)) return specTextParser(undefined);
  return specTextParser((await import("./markdown/index.js")).parseMarkdownSpec);
}
