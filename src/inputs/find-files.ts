import { readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import type { DiagnosticBag } from "../diagnostics/types.js";
import { guarded } from "../diagnostics/unexpected.js";
import { readOwnedFiles } from "../output/ownership.js";

// Kept apart from the parsers (and free of their imports) so the `check` cache can find
// the same input files as the pipeline without loading the Markdown and JSON parsers.

/** Where to look for spec files. */
export interface FindOptions {
  cwd: string;
  /** Directories never searched (the output directory, so generated JSON is not read back as specs). */
  exclude?: string[];
}

const SPEC_FILE = /\.(md|markdown|json)$/i;
const SKIP_DIRS = new Set(["node_modules", ".git"]);

/**
 * The spec files named by `inputs`, as sorted absolute paths: files as given, directories
 * searched recursively for *.md, *.markdown and *.json, skipping node_modules, dot-files,
 * dot-folders, the excluded directories and the files mcp-specgen generated (listed in a
 * directory's ownership record: a Markdown catalogue written into a specs folder is not a
 * spec). An input that does not exist, or a directory that cannot be listed, is reported
 * as a diagnostic.
 */
export function findSpecFiles(inputs: readonly string[], diagnostics: DiagnosticBag, options: FindOptions): string[] {
  const exclude = new Set((options.exclude ?? []).map((e) => path.resolve(options.cwd, e)));
  const found = new Set<string>();
  // Each ownership record met on the way down, with the directory it lists paths from.
  type Records = readonly { dir: string; files: Set<string> }[];
  const generatedBy = (records: Records, abs: string) =>
    records.some((r) => r.files.has(toPosix(path.relative(r.dir, abs))));
  const walk = (dir: string, above: Records) => {
    const entries = guarded<Dirent[]>(
      diagnostics,
      { file: toPosix(path.relative(options.cwd, dir)) || ".", line: 1, column: 1 },
      () => readdirSync(dir, { withFileTypes: true }),
    );
    const owned = readOwnedFiles(dir);
    const records = owned.size ? [...above, { dir, files: owned }] : above;
    for (const entry of entries ?? []) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".") && !exclude.has(abs)) walk(abs, records);
      } else if (
        entry.isFile() &&
        SPEC_FILE.test(entry.name) &&
        !entry.name.startsWith(".") &&
        !generatedBy(records, abs)
      )
        found.add(abs);
    }
  };
  for (const input of inputs) {
    const abs = path.resolve(options.cwd, input);
    let stat;
    try {
      stat = statSync(abs);
    } catch {
      diagnostics.error(
        "INPUT_NOT_FOUND",
        { file: input, line: 1, column: 1 },
        `input "${input}" does not exist`,
        'pass an existing spec file or directory, or fix `inputs` in the config; in a new project, "npx mcp-specgen init" writes a config and a first spec',
      );
      continue;
    }
    if (stat.isDirectory()) walk(abs, []);
    else found.add(abs);
  }
  return [...found].sort();
}

/** Converts a path to `/` separators, the same on every OS. */
export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
