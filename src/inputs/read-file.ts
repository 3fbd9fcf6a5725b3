import { readFileSync, statSync } from "node:fs";
import type { DiagnosticBag } from "../diagnostics/types.js";
import type { SourceLocation } from "../ir/types.js";
import type { SpecLimits } from "../parse/limits.js";
import { createLineIndex } from "../parse/primitives/position.js";
import { invalidUtf8Offset } from "../parse/unicode.js";

/**
 * Reads one spec file as text, or reports why it cannot be used and returns undefined:
 * not a regular file, larger than its limit (checked with `stat` before reading, so a
 * huge file costs nothing), UTF-16, not UTF-8, or holding NUL characters (a binary file).
 * A UTF-8 byte-order mark is dropped and line endings become `\n`, so a CRLF checkout
 * generates the same bytes as LF.
 */
export function readSpecFile(
  abs: string,
  file: string,
  limits: SpecLimits,
  diagnostics: DiagnosticBag,
): string | undefined {
  const start: SourceLocation = { file, line: 1, column: 1 };
  const stat = statSync(abs);
  if (!stat.isFile()) {
    diagnostics.error(
      "INPUT_UNREADABLE",
      start,
      "this input is not a regular file",
      "pass spec files (*.md, *.json) or directories",
    );
    return undefined;
  }
  const json = /\.json$/i.test(file);
  const max = json ? limits.maxJsonBytes : limits.maxMarkdownBytes;
  const key = json ? "maxJsonBytes" : "maxMarkdownBytes";
  if (stat.size > max) {
    diagnostics.error(
      "SPEC_FILE_TOO_LARGE",
      start,
      `this ${json ? "JSON" : "Markdown"} spec is ${stat.size} bytes, more than the limit of ${max}; it is not read`,
      `split it into several files, or raise \`limits.${key}\` in the config`,
    );
    return undefined;
  }
  const bytes = readFileSync(abs);
  if (bytes.length > max) {
    diagnostics.error(
      "SPEC_FILE_TOO_LARGE",
      start,
      `this spec grew to ${bytes.length} bytes while being read, more than the limit of ${max}`,
      `split it into several files, or raise \`limits.${key}\` in the config`,
    );
    return undefined;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    diagnostics.error(
      "SPEC_TEXT_INVALID",
      start,
      "this file is UTF-16 text; spec files must be UTF-8",
      "save the file as UTF-8",
    );
    return undefined;
  }
  const bad = invalidUtf8Offset(bytes);
  if (bad >= 0) {
    const prefix = bytes.subarray(0, bad).toString("utf8");
    diagnostics.error(
      "SPEC_TEXT_INVALID",
      at(file, prefix, prefix.length),
      `this file is not valid UTF-8 (byte ${bad} is 0x${bytes[bad]!.toString(16).padStart(2, "0")}): a binary file, or text in another encoding`,
      "save the file as UTF-8",
    );
    return undefined;
  }
  const raw = bytes.toString("utf8");
  const nul = raw.indexOf("\0");
  if (nul >= 0) {
    diagnostics.error(
      "SPEC_TEXT_INVALID",
      at(file, raw, nul),
      "this file holds a NUL character: a binary file, or UTF-16 text without a byte-order mark",
      "save the file as UTF-8 text",
    );
    return undefined;
  }
  return raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

function at(file: string, text: string, offset: number): SourceLocation {
  return { file, ...createLineIndex(text)(offset) };
}
