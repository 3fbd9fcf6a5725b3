// The parse stage: a spec file's text in, IR tools out (Markdown or JSON, by the file's
// extension). Finding and reading the files, the parse memo and the parse workers are the
// inputs stage's (src/inputs/).
import type { DiagnosticBag } from "../diagnostics/types.js";
import { guarded } from "../diagnostics/unexpected.js";
import type { ToolSpec } from "../ir/types.js";
import { parseJsonSpec } from "./json/index.js";
import { DEFAULT_LIMITS, type SpecLimits } from "./limits.js";
import { parseMarkdownSpec } from "./markdown/index.js";
import type { SectionTrees } from "./markdown/sectioned-parse.js";

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
  const parse = () =>
    /\.json$/i.test(file)
      ? parseJsonSpec(file, text, diagnostics, { limits })
      : parseMarkdownSpec(file, text, diagnostics, { limits, sections });
  return guarded(diagnostics, { file, line: 1, column: 1 }, parse) ?? [];
}
