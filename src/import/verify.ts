import { DiagnosticBag } from "../diagnostics/types.js";
import { canonicalJson } from "../generator-kit/hash.js";
import { parseMarkdownSpec } from "../parse/markdown/index.js";
import type { ListedTool } from "./source.js";
import { joinLines } from "./lines.js";

/** How a rendered spec reads back differently from the tool list it was written from. */
export interface RoundTripProblem {
  tool: string;
  /** `contract` problems (name, schemas, annotations) make the spec wrong; `description` ones only lose text. */
  kind: "contract" | "description";
  message: string;
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/**
 * Reads a rendered Markdown spec back with the real parser and compares it with the tool
 * list: every tool must come back with its exact name, schemas and stated annotations.
 * This is what makes it safe to write text from an untrusted server into a spec. The
 * description must read back byte for byte, except for its leading and trailing
 * whitespace, which the reader trims from every description (a missing one reads as "").
 */
export function verifyMarkdownRoundTrip(
  file: string,
  markdown: string,
  tools: readonly ListedTool[],
): RoundTripProblem[] {
  const parsed = parseMarkdownSpec(file, markdown, new DiagnosticBag());
  const byName = new Map(parsed.map((t) => [t.name, t]));
  const problems: RoundTripProblem[] = [];
  if (parsed.length !== tools.length)
    problems.push({
      tool: "*",
      kind: "contract",
      message: `${tools.length} tools were written but ${parsed.length} read back`,
    });
  for (const tool of tools) {
    const back = byName.get(tool.name);
    if (!back) {
      problems.push({ tool: tool.name, kind: "contract", message: "does not read back under its own name" });
      continue;
    }
    if (canonicalJson(back.inputSchema) !== canonicalJson(tool.inputSchema))
      problems.push({ tool: tool.name, kind: "contract", message: "input schema reads back differently" });
    if (canonicalJson(back.outputSchema ?? null) !== canonicalJson(tool.outputSchema ?? null))
      problems.push({ tool: tool.name, kind: "contract", message: "output schema reads back differently" });
    for (const hint of HINTS) {
      const stated = tool.annotations?.[hint];
      if (typeof stated === "boolean" && back.annotations[hint] !== stated)
        problems.push({
          tool: tool.name,
          kind: "contract",
          message: `${hint} reads back as ${back.annotations[hint]}`,
        });
    }
    // A title is one line of inline Markdown; the reader drops code-span backticks and asterisks from it.
    const title = tool.title ?? (typeof tool.annotations?.title === "string" ? tool.annotations.title : undefined);
    const wantTitle = title === undefined ? undefined : joinLines(title).replace(/[`*]/g, "").trim();
    if (wantTitle && back.title !== wantTitle)
      problems.push({
        tool: tool.name,
        kind: "description",
        message: `title reads back differently: ${firstDifference(wantTitle, back.title ?? "")}`,
      });
    const want = (tool.description ?? "").trim();
    if (back.description !== want)
      problems.push({
        tool: tool.name,
        kind: "description",
        message: `description reads back differently: ${firstDifference(want, back.description)}`,
      });
  }
  return problems;
}

/**
 * Where two texts first differ: the offset, line and column in the expected text, and a
 * few characters of each from there (JSON-quoted, so whitespace and escapes show).
 */
export function firstDifference(want: string, got: string): string {
  let i = 0;
  while (i < want.length && i < got.length && want[i] === got[i]) i++;
  const before = want.slice(0, i);
  const line = before.split("\n").length;
  const column = i - before.lastIndexOf("\n");
  const show = (s: string) => (i >= s.length ? "the end" : JSON.stringify(s.slice(i, i + 24)));
  return `first difference at offset ${i} (line ${line}, column ${column}): expected ${show(want)}, read ${show(got)}`;
}
