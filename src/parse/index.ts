import { readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import type { DiagnosticBag } from "../diagnostics/types.js";
import { reportUnexpected } from "../diagnostics/unexpected.js";
import type { SourceLocation, SpecSet, ToolSpec } from "../ir/types.js";
import { parseMarkdownSpec } from "./markdown/index.js";
import { parseJsonSpec } from "./json/index.js";
import { DEFAULT_LIMITS, type SpecLimits } from "./limits.js";
import { readSpecFile } from "./read-file.js";

/** Options for finding and reading spec files. */
export interface LoadOptions {
  cwd: string;
  /** Directories never searched (the output directory, so generated JSON is not read back as specs). */
  exclude?: string[];
  /** Limits on file sizes, nesting and schema sizes; DEFAULT_LIMITS when absent. */
  limits?: SpecLimits;
}

const SPEC_FILE = /\.(md|markdown|json)$/i;
const SKIP_DIRS = new Set(["node_modules", ".git"]);

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
  for (const abs of files) {
    const rel = toPosix(path.relative(options.cwd, abs));
    const text = guarded(diagnostics, { file: rel, line: 1, column: 1 }, () => readSpecFile(abs, rel, limits, diagnostics));
    if (text !== undefined) tools.push(...parseSpecText(rel, text, diagnostics, limits));
  }
  return { tools, files: files.map((f) => toPosix(path.relative(options.cwd, f))) };
}

/**
 * Reads one spec file's text by its extension. Never throws: an unexpected failure on
 * some input is reported as `SPEC_INTERNAL` at the file, and the file yields no tools.
 */
export function parseSpecText(file: string, text: string, diagnostics: DiagnosticBag, limits: SpecLimits = DEFAULT_LIMITS): ToolSpec[] {
  const parse = () => (/\.json$/i.test(file) ? parseJsonSpec(file, text, diagnostics, { limits }) : parseMarkdownSpec(file, text, diagnostics, { limits }));
  return guarded(diagnostics, { file, line: 1, column: 1 }, parse) ?? [];
}

/**
 * Runs one step on one input, turning any exception (a bug some input trips, a stack
 * overflow, an I/O error) into an error diagnostic, so one bad file cannot stop the run.
 */
function guarded<T>(diagnostics: DiagnosticBag, loc: SourceLocation, step: () => T): T | undefined {
  try {
    return step();
  } catch (e) {
    reportUnexpected(diagnostics, loc, "reading this spec", e);
    return undefined;
  }
}

function findSpecFiles(inputs: readonly string[], diagnostics: DiagnosticBag, options: LoadOptions): string[] {
  const exclude = new Set((options.exclude ?? []).map((e) => path.resolve(options.cwd, e)));
  const found = new Set<string>();
  const walk = (dir: string) => {
    const entries = guarded<Dirent[]>(diagnostics, { file: toPosix(path.relative(options.cwd, dir)) || ".", line: 1, column: 1 }, () => readdirSync(dir, { withFileTypes: true }));
    for (const entry of entries ?? []) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".") && !exclude.has(abs)) walk(abs);
      } else if (entry.isFile() && SPEC_FILE.test(entry.name)) found.add(abs);
    }
  };
  for (const input of inputs) {
    const abs = path.resolve(options.cwd, input);
    let stat;
    try {
      stat = statSync(abs);
    } catch {
      diagnostics.error("INPUT_NOT_FOUND", { file: input, line: 1, column: 1 }, `input "${input}" does not exist`, "pass an existing spec file or directory, or fix `inputs` in the config");
      continue;
    }
    if (stat.isDirectory()) walk(abs);
    else found.add(abs);
  }
  return [...found].sort();
}

/** Converts a path to `/` separators, the same on every OS. */
export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
