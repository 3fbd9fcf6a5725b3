import { DiagnosticBag } from "../diagnostics/types.js";
import { canonicalJson } from "../generate/hash.js";
import { parseMarkdownSpec } from "../parse/markdown/index.js";
import type { ListedTool } from "./source.js";

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
 * This is what makes it safe to write text from an untrusted server into a spec.
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
    if (
      (tool.description ?? "").replace(/\s+/g, " ").trim() !==
        back.description
          .replace(/\\(?=[^\w\s])/g, "")
          .replace(/\s+/g, " ")
          .trim() &&
      tool.description
    ) {
      problems.push({
        tool: tool.name,
        kind: "description",
        message: "description could not be kept verbatim in Markdown",
      });
    }
  }
  return problems;
}
