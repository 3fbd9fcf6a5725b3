import type { PhrasingContent } from "mdast";
import type { SourceLocation } from "../../ir/types.js";
import { codeSpanName, locOf } from "./document.js";
import type { SectionKind } from "./sections.js";
import { readIdempotency } from "./tool-idempotency.js";
import type { ToolReader } from "./tool-reader.js";
import { isSpaceAt } from "../primitives/scan.js";

/**
 * Reads a label that states a fact about the tool rather than starting a section (`**Version**`,
 * `**Read Only**`, `**Deprecated**`, `**Idempotent**`, `**MCP Name**`…); false when the label is none of them.
 */
export function readFactLabel(
  r: ToolReader,
  label: string,
  value: string,
  nodes: PhrasingContent[],
  loc: SourceLocation,
  kind: SectionKind,
): boolean {
  const l = label.toLowerCase().replace(/[-_]/g, " ").trim();
  const parts = r.parts;
  const yes = /^(yes|true|y)\b/i.test(value);
  const no = /^(no|false|n)\b/i.test(value);
  if (l === "version") {
    parts.version ??= { value: readVersion(value), loc };
    return true;
  }
  if (l === "title") return ((parts.title ??= value.replace(/[`*]/g, "").trim()), true);
  if (l === "read only" || l === "readonly" || l === "readonlyhint")
    return yes || no ? ((parts.stated.readOnlyHint = yes), true) : false;
  if (l === "destructive" || l === "destructivehint")
    return yes || no ? ((parts.stated.destructiveHint = yes), true) : false;
  if (l === "open world" || l === "openworld" || l === "openworldhint")
    return yes || no ? ((parts.stated.openWorldHint = yes), true) : false;
  if (l === "idempotenthint") return yes || no ? ((parts.stated.idempotentHint = yes), true) : false;
  if (l === "deprecated") {
    if (no) return true;
    const since = /(?:since|in)\s+v?(\d+\.\d+\.\d+)/i.exec(value)?.[1];
    const message = value.replace(/^(yes|true)\b[\s.,;:—–-]*/i, "").trim();
    parts.deprecated = { ...(since ? { since } : {}), ...(message ? { message } : {}) };
    return true;
  }
  if (l === "idempotent" || (kind === "idempotency" && l.startsWith("idempot"))) {
    parts.idempotencyLoc ??= loc;
    readIdempotency(value, parts);
    return true;
  }
  if (kind === "idempotency" && l === "explanation") {
    if (parts.idempotency) parts.idempotency.explanation = value;
    return true;
  }
  if (l === "mcp name" || l === "wire name") {
    const named = nameIn(r, nodes, value, loc);
    if (named) parts.wireName = named;
    return true;
  }
  if (l === "module") {
    const module = value.replace(/[`*]/g, "").trim();
    if (module) parts.module = module;
    return true;
  }
  if ((l === "invocation name" || l === "invocation" || l === "tool name") && !parts.invocation) {
    parts.invocation = nameIn(r, nodes, value, loc);
    return true;
  }
  return false;
}

/**
 * A tool name given after a label or in a section: its code span, else the first word of
 * the text (without stray `*` and backticks); undefined when there is none.
 */
export function nameIn(
  r: ToolReader,
  nodes: PhrasingContent[],
  text: string,
  loc: SourceLocation,
): { name: string; loc: SourceLocation } | undefined {
  const { name, code } = codeSpanName(nodes, text.replace(/[`*]/g, "").split(/\s/)[0] ?? "");
  return name ? { name, loc: code ? locOf(r.doc, code) : loc } : undefined;
}

/**
 * The version a label or a Version section states: `1.2.0` in "v1.2.0", "1.2.0-beta.1
 * (stable)" or "1.2.0, released …" (a version ends at a space, `|` or `,`), else the text
 * itself without stray `*` and backticks, for the semver check to report.
 */
export function readVersion(text: string): string {
  const v = findVersion(text);
  return v ?? text.replace(/[`*]/g, "").trim();
}

const isDigit = (s: string, i: number): boolean => i < s.length && s[i]! >= "0" && s[i]! <= "9";

/**
 * The first `1.2.3…` in the text, up to whitespace, `|` or `,` — the capture of the former regex
 * `v?(\d+\.\d+\.\d+[^\s|,]*)`, which rescanned a long run of digits from each of its positions.
 * Only the start of a run of digits can begin a match (a later start in the run reaches the same
 * end), and each run is read by at most three candidates, so the scan is linear.
 */
export function findVersion(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    if (!isDigit(text, i) || isDigit(text, i - 1)) continue;
    let j = i;
    let ok = true;
    for (let part = 0; part < 3 && ok; part++) {
      if (part > 0) ok = text[j++] === ".";
      const start = j;
      while (isDigit(text, j)) j++;
      ok &&= j > start;
    }
    if (!ok) continue;
    while (j < text.length && text[j] !== "|" && text[j] !== "," && !isSpaceAt(text, j)) j++;
    return text.slice(i, j);
  }
  return undefined;
}
