// The `--format markdown` form of a diff: a changelog with a migration note per breaking change.
import { byTool } from "./render.js";
import { IMPACTS, type DiffResult } from "../contract-rules/types.js";

const HEADINGS = { major: "Breaking changes", minor: "New features", patch: "Fixes and documentation" } as const;

/**
 * A Markdown changelog: a section per impact, a bullet per change under its tool, and for
 * every breaking change a migration note saying what a caller must change. Description
 * changes are listed again at the end for review, since a description is text a model reads.
 */
export function diffChangelog(result: DiffResult, title = "Changelog"): string {
  const out: string[] = [`# ${title}`, "", `Overall impact: **${result.impact}**.`, ""];
  if (result.changes.length === 0) return `${out.join("\n")}No changes.\n`;
  for (const impact of IMPACTS) {
    const changes = result.changes.filter((c) => c.impact === impact);
    if (!changes.length) continue;
    out.push(`## ${HEADINGS[impact]}`, "");
    for (const group of byTool(changes)) {
      out.push(`### \`${group.tool}\``, "");
      for (const c of group.changes) {
        out.push(`- ${c.message} (\`${c.code}\`)`);
        if (impact === "major")
          out.push(`  - **Migration:** ${c.migration ?? "review the change; it may break callers"}.`);
      }
      out.push("");
    }
  }
  const reviews = result.changes.filter((c) => c.review);
  if (reviews.length) {
    out.push(
      "## For review",
      "",
      "Tool descriptions are text a model reads; their changes change how models use the tools.",
      "",
    );
    for (const c of reviews) {
      out.push(
        `- \`${c.tool}\`:`,
        "",
        "  Before:",
        "",
        quote(String(c.before ?? "")),
        "",
        "  After:",
        "",
        quote(String(c.after ?? "")),
        "",
      );
    }
  }
  return `${out.join("\n").trimEnd()}\n`;
}

function quote(text: string): string {
  return (text || "(empty)")
    .split("\n")
    .map((l) => `  > ${l}`)
    .join("\n");
}
