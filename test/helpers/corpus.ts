import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { REPO } from "./project.js";

// The real-world specs some tests read live beside the repository, not in it: the
// `codomyrmex` corpus (78 MCP_TOOL_SPECIFICATION.md files of docxology/codomyrmex) in
// ../shared/corpus. CI always has it there. A checkout without it never skips in silence:
// under CI the test file fails, naming the path; elsewhere it prints one line saying what
// is skipped, and the skipped tests name the corpus in their titles.

/** The directory of real-world corpora beside the repository. */
export const CORPUS_ROOT = path.resolve(REPO, "../shared/corpus");
/** The codomyrmex corpus: Markdown specs, one module per directory. */
export const CODOMYRMEX = path.join(CORPUS_ROOT, "codomyrmex");

/** Appended to the titles of tests and suites that need the corpus. */
export const NEEDS_CORPUS = "(needs ../shared/corpus)";

/** True when the tests run in CI (`CI` set, as CI services do, and not "false" or "0"). */
function inCI(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/**
 * Whether the codomyrmex corpus is there for the test file `testFile` (a path relative to
 * the repository). When it is not: under CI this throws, so the file fails loudly instead
 * of passing with its corpus tests skipped; elsewhere it prints one line naming the file
 * and what it skips, and returns false. (`dir` is for this helper's own test.)
 */
export function hasCorpus(testFile: string, skipped = "its corpus tests", dir = CODOMYRMEX): boolean {
  if (existsSync(dir)) return true;
  const message = `${testFile}: ${skipped} need the codomyrmex corpus at ${dir}, which is absent`;
  if (inCI()) throw new Error(`${message}; CI must have it beside the repository`);
  console.warn(`SKIPPED ${message}`);
  return false;
}

/** Every Markdown file of the codomyrmex corpus, as absolute paths in sorted order (none when it is absent). */
export function corpusMarkdownFiles(): string[] {
  if (!existsSync(CODOMYRMEX)) return [];
  return readdirSync(CODOMYRMEX, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
