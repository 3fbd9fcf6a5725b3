import path from "node:path";
import { DiagnosticBag } from "../diagnostics/types.js";
import { guarded } from "../diagnostics/unexpected.js";
import type { SpecSet, ToolSpec } from "../ir/types.js";
import { DEFAULT_LIMITS, type SpecLimits } from "../parse/limits.js";
import { isJsonSpecFile, loadSpecTextParser } from "../parse/spec-text-parser.js";
import type { SectionTrees } from "../parse/markdown/sectioned-parse.js";
import type { MemoStore } from "../memo/store.js";
import { readSpecFile } from "./read-file.js";
import { findSpecFiles, toPosix } from "./find-files.js";
import { parseFiles, type SpecText } from "./parse-files.js";

/** Options for finding and reading spec files. */
export interface LoadOptions {
  cwd: string;
  /** Directories never searched (the output directory, so generated JSON is not read back as specs). */
  exclude?: string[];
  /** Limits on file sizes, nesting and schema sizes; DEFAULT_LIMITS when absent. */
  limits?: SpecLimits;
  /** Called before each file is read (`done` files of `total` read so far), for a progress display. */
  onFile?: (done: number, total: number) => void;
}

/** Options of {@link loadSpecsParallel}: those of `loadSpecs` (load-specs-sync.ts), a memo store and worker threads. */
export interface ParallelLoadOptions extends LoadOptions {
  /** Parsed files found again by their content (see `parseFiles`). */
  store?: MemoStore;
  /** Worker threads for parsing: a number, or "auto" (one per CPU when there is enough to parse). */
  workers?: number | "auto";
  /** Called once with the number of files parsed, that is not found in `store`. */
  onParsed?: (count: number) => void;
  /** Markdown sections parsed before, found again by their text (see `parseFiles`). */
  sections?: SectionTrees;
}

/**
 * `loadSpecs`, with the parsing of files not in `options.store` shared among worker
 * threads. Reads the files on this thread, in sorted order; the tools and diagnostics are
 * exactly those `loadSpecs` gives, in the same order. Never throws.
 */
export async function loadSpecsParallel(
  inputs: readonly string[],
  diagnostics: DiagnosticBag,
  options: ParallelLoadOptions,
): Promise<SpecSet> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const files = findSpecFiles(inputs, diagnostics, options);
  const texts: SpecText[] = [];
  for (const abs of files) {
    const file = toPosix(path.relative(options.cwd, abs));
    const text = guarded(diagnostics, { file, line: 1, column: 1 }, () => readSpecFile(abs, file, limits, diagnostics));
    if (text !== undefined) texts.push({ file, text });
  }
  options.onFile?.(0, texts.length);
  const parsed = await parseFiles(texts, {
    limits,
    store: options.store,
    workers: options.workers,
    onFile: options.onFile,
    onParsed: options.onParsed,
    sections: options.sections,
  });
  const tools: ToolSpec[] = [];
  for (const p of parsed) {
    tools.push(...p.tools);
    for (const d of p.diagnostics) diagnostics.items.push(d);
  }
  return { tools, files: files.map((f) => toPosix(path.relative(options.cwd, f))) };
}

/**
 * Parses the Markdown spec `file` (relative to `cwd`) as a build reads it, into `sections`,
 * and drops the result and its findings: the next parse of the file with that store (the
 * first rebuild of `generate --watch` after an edit to it) re-parses only the sections
 * that changed. JSON specs are not parsed in sections, and are skipped. Never rejects.
 * Asynchronous because the Markdown parser is loaded when first needed (it is loaded
 * already when a build has read a Markdown spec).
 */
export async function primeSections(
  cwd: string,
  file: string,
  limits: SpecLimits,
  sections: SectionTrees,
): Promise<void> {
  if (isJsonSpecFile(file)) return;
  const diagnostics = new DiagnosticBag();
  const text = guarded(diagnostics, { file, line: 1, column: 1 }, () =>
    readSpecFile(path.resolve(cwd, file), file, limits, diagnostics),
  );
  if (text === undefined) return;
  try {
    const parse = await loadSpecTextParser([file]);
    parse(file, text, diagnostics, limits, sections);
  } catch {
    // Priming only saves time later; a parser that cannot load is reported by the build.
  }
}
