import { OWNERSHIP_FILE, hasBanner, isSafeRelativePath } from "../output/ownership.js";
import type { GeneratedFile } from "../generator-kit/contract.js";

/**
 * The files a custom generator returned, copied (contents given as a list of strings
 * joined), or why they cannot be written: not a list of `{ path, contents }` strings, a path that is not relative or leads out of the output
 * directory (`../x`, `/x`, `a\b`), the ownership record's own path, or a file that does not
 * start with the banner — a later run could not tell it from a file of the user's, so could
 * neither update nor remove it. Checked before anything is compared or written, so `check`
 * never reads outside the output directory either.
 */
export function customGeneratorFiles(
  name: string,
  returned: unknown,
): { files: GeneratedFile[] } | { problem: string; help: string } {
  const generator = `the "${name}" generator`;
  if (!Array.isArray(returned))
    return {
      problem: `${generator} returned ${describe(returned)} instead of a list of files`,
      help: "return an array of { path, contents } from generate (or a promise of one)",
    };
  const files: GeneratedFile[] = [];
  for (const [i, entry] of returned.entries()) {
    const { path, contents: given } = (entry ?? {}) as Partial<Record<string, unknown>>;
    // Contents as a list of strings (the text in order) are copied, and read as that text.
    const contents = Array.isArray(given) && given.every((c) => typeof c === "string") ? given.join("") : given;
    if (typeof path !== "string" || typeof contents !== "string")
      return {
        problem: `${generator} returned a file (#${i + 1}) without a string path and string contents`,
        help: "each file is { path: string, contents: string } (or contents as a list of strings, in order)",
      };
    if (!isSafeRelativePath(path))
      return {
        problem: `${generator} returned the path ${JSON.stringify(path)}, which is not inside the output directory`,
        help: 'paths are relative to the output directory, "/"-separated, without "." or ".." segments',
      };
    if (path === OWNERSHIP_FILE)
      return {
        problem: `${generator} returned ${OWNERSHIP_FILE}, the ownership record mcp-specgen writes itself`,
        help: "give the file another name",
      };
    if (!hasBanner(contents))
      return {
        problem: `${generator} returned "${path}" without mcp-specgen's banner on its first line, so a later run could neither update nor remove it`,
        help: 'start the file with ctx.banner in a comment: "<!-- … -->" (Markdown, HTML), "/* … */" (code), "# …" (YAML, shell), or a first "$comment" member (JSON)',
      };
    files.push({ path, contents });
  }
  return { files };
}

function describe(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
