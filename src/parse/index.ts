import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { DiagnosticBag } from "../diagnostics/types.js";
import type { SpecSet, ToolSpec } from "../ir/types.js";
import { parseMarkdownSpec } from "./markdown/index.js";
import { parseJsonSpec } from "./json/index.js";

/** Options for finding and reading spec files. */
export interface LoadOptions {
  cwd: string;
  /** Directories never searched (the output directory, so generated JSON is not read back as specs). */
  exclude?: string[];
}

const SPEC_FILE = /\.(md|markdown|json)$/i;
const SKIP_DIRS = new Set(["node_modules", ".git"]);

/**
 * Finds spec files (directories are searched recursively for *.md and *.json) and reads
 * each into IR tools. Paths in the IR are relative to `cwd` with `/` separators, and files
 * are read in sorted order so output never depends on the file system's listing order.
 */
export function loadSpecs(inputs: readonly string[], diagnostics: DiagnosticBag, options: LoadOptions): SpecSet {
  const files = findSpecFiles(inputs, diagnostics, options);
  const tools: ToolSpec[] = [];
  for (const abs of files) {
    const rel = toPosix(path.relative(options.cwd, abs));
    // Line endings are normalised so a CRLF checkout generates the same bytes as LF.
    const text = readFileSync(abs, "utf8").replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
    tools.push(...parseSpecText(rel, text, diagnostics));
  }
  return { tools, files: files.map((f) => toPosix(path.relative(options.cwd, f))) };
}

/** Reads one spec file's text by its extension. */
export function parseSpecText(file: string, text: string, diagnostics: DiagnosticBag): ToolSpec[] {
  return /\.json$/i.test(file) ? parseJsonSpec(file, text, diagnostics) : parseMarkdownSpec(file, text, diagnostics);
}

function findSpecFiles(inputs: readonly string[], diagnostics: DiagnosticBag, options: LoadOptions): string[] {
  const exclude = new Set((options.exclude ?? []).map((e) => path.resolve(options.cwd, e)));
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
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
