import path from "node:path";
import type { DiagnosticBag } from "../diagnostics/types.js";
import { guarded } from "../diagnostics/unexpected.js";
import type { SpecSet, ToolSpec } from "../ir/types.js";
import { parseSpecText } from "../parse/index.js";
import { DEFAULT_LIMITS } from "../parse/limits.js";
import { findSpecFiles, toPosix } from "./find-files.js";
import type { LoadOptions } from "./load-specs.js";
import { readSpecFile } from "./read-file.js";

// Reading specs on this thread, synchronously (the programmatic API, `diff`): it loads both
// parsers up front. A build reads its inputs with `loadSpecsParallel` (load-specs.ts),
// which loads the Markdown parser only for Markdown files.

/**
 * Finds spec files (directories are searched recursively for *.md and *.json) and reads
 * each into IR tools. Paths in the IR are relative to `cwd` with `/` separators, and files
 * are read in sorted order so output never depends on the file system's listing order.
 * Never throws: every problem with an input, expected or not, is a diagnostic.
 */
export function loadSpecs(inputs: readonly string[], diagnostics: DiagnosticBag, options: LoadOptions): SpecSet {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const files = findSpecFiles(inputs, diagnostics, options);
  const tools: ToolSpec[] = [];
  for (const [i, abs] of files.entries()) {
    options.onFile?.(i, files.length);
    const rel = toPosix(path.relative(options.cwd, abs));
    const text = guarded(diagnostics, { file: rel, line: 1, column: 1 }, () =>
      readSpecFile(abs, rel, limits, diagnostics),
    );
    if (text !== undefined) tools.push(...parseSpecText(rel, text, diagnostics, limits));
  }
  return { tools, files: files.map((f) => toPosix(path.relative(options.cwd, f))) };
}
