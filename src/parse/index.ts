// The parse stage: a spec file's text in, IR tools out (Markdown or JSON, by the file's
// extension). Finding and reading the files, the parse memo and the parse workers are the
// inputs stage's (src/inputs/), which loads the Markdown parser only for Markdown files
// (spec-text-parser.ts).
import type { DiagnosticBag } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import { DEFAULT_LIMITS, type SpecLimits } from "./limits.js";
import { parseMarkdownSpec } from "./markdown/index.js";
import type { SectionTrees } from "./markdown/sectioned-parse.js";
import { specTextParser } from "./spec-text-parser.js";

/** A constant: the parser of both kinds of spec. */
const parseEither = specTextParser(parseMarkdownSpec);

/**
 * Reads one spec file's text by its extension, each tool with its content hash (computed
 * once per parse, and kept with the parsed file by the parse memo). Never throws: an
 * unexpected failure on some input is reported as `SPEC_INTERNAL` at the file, and the file
 * yields no tools.
 */
export function parseSpecText(
  file: string,
  text: string,
  diagnostics: DiagnosticBag,
  limits: SpecLimits = DEFAULT_LIMITS,
  sections?: SectionTrees,
): ToolSpec[] {
  return parseEither(file, text, diagnostics, limits, sections);
}
