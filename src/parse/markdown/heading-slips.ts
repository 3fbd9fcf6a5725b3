import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { SourceLocation, ToolContent } from "../../ir/types.js";
import { locOf, type Block, type MarkdownDocument } from "./document.js";
import type { Discovery, ToolSection } from "./discover.js";
import { classifySection } from "./sections.js";

/**
 * Sections of a tool ("### Parameters", "### Returns") cut off from it by a heading-level
 * slip: the tool heading is as deep as its own sections (`### Tool: x` above `### Parameters`),
 * or a section is a level too high (`## Parameters` under `## Tool: x`). Markdown then ends
 * the tool at the section, and what the section holds is read as no tool's.
 */
export interface LostToolPart {
  /** The tool the sections follow. */
  section: ToolSection;
  /** The first cut-off section. */
  first: Block;
  /** Every cut-off section (the first, its subsections and the sections after it at its level). */
  blocks: Block[];
  /** True when one of them holds the tool's parameters. */
  input: boolean;
  /** The line to fix: the tool heading (one `#` too many) or the section heading (one too few). */
  blame: "tool" | "section";
}

const TOOL_PARTS = new Set(["input", "output", "schema", "invocation"]);

/**
 * Finds the sections cut off from the tool above them by a heading-level slip: a file-level
 * section that directly follows a tool's blocks and is titled like a part of a tool. The
 * sections after it at its level or deeper are cut off too, up to the next tool.
 */
export function findLostToolParts(blocks: readonly Block[], found: Discovery): LostToolPart[] {
  const fileSet = new Set(found.fileBlocks);
  const out: LostToolPart[] = [];
  blocks.forEach((b, i) => {
    if (i === 0 || !b.heading || !fileSet.has(b) || fileSet.has(blocks[i - 1]!)) return;
    const prev = blocks[i - 1]!;
    const section = found.sections.find((s) => s.head === prev || s.body.includes(prev));
    if (!section?.head) return;
    const lost: Block[] = [];
    for (let j = i; j < blocks.length && fileSet.has(blocks[j]!) && blocks[j]!.depth >= b.depth; j++)
      lost.push(blocks[j]!);
    // Judged by the sections at the first one's level: a tool's parts deeper down, under
    // "## Related Documentation", are another tool's whose heading was lost (orphan-parts.ts).
    const kinds = lost.filter((l) => l.depth === b.depth).map((l) => classifySection(l.title));
    if (!kinds.some((k) => TOOL_PARTS.has(k))) return;
    const input = lost.some((l) => ["input", "schema"].includes(classifySection(l.title)));
    out.push({ section, first: b, blocks: lost, input, blame: blameOf(section, b, found) });
  });
  return out;
}

/**
 * Which heading is off: when the other tools' headings are at this tool's level, the section
 * is a level too high; otherwise (they sit a level above the section, or there are no others)
 * the tool heading is a level too deep, unless the section is already at the top level.
 */
function blameOf(section: ToolSection, first: Block, found: Discovery): "tool" | "section" {
  const depth = section.head!.depth;
  const peers = found.sections.filter((s) => s.head && s.head !== section.head).map((s) => s.head!.depth);
  if (depth < first.depth) return "section";
  if (peers.length && peers.every((d) => d === depth)) return "section";
  // The tool's other sections sit deeper ("### 2. Invocation Name" before "## 3. Input Schema"): this one lost a `#`.
  if (section.body.some((b) => b.heading && b.depth > first.depth)) return "section";
  return first.depth > 1 ? "tool" : "section";
}

/**
 * Reports each lost tool part. When the lost sections hold the parameters and the tool was
 * read without any, the tool would be generated to accept anything: that is an error
 * (nothing is generated from the guess), at the heading to fix. Otherwise it is a warning.
 * `toolOf` gives the tool read from a section, when it was read.
 */
export function reportLostToolParts(
  doc: MarkdownDocument,
  lost: readonly LostToolPart[],
  toolOf: (section: ToolSection) => ToolContent | undefined,
  diagnostics: DiagnosticBag,
): void {
  for (const part of lost) {
    const head = part.section.head!;
    const toolDepth = head.depth;
    const partDepth = part.first.depth;
    const titles = part.blocks
      .filter((b) => b.depth === partDepth)
      .slice(0, 3)
      .map((b) => `"${b.title}"`)
      .join(", ");
    const name = part.section.name;
    const toolLoc = locOf(doc, head.heading);
    const partLoc = locOf(doc, part.first.heading);
    const tool = toolOf(part.section);
    const withoutInput = part.input && !!tool && !hasInput(tool);
    const they = part.blocks.length > 1 ? "they end the tool and are" : "it ends the tool and is";
    const message =
      part.blame === "tool"
        ? `the heading of tool "${name}" is ${marks(toolDepth)}, as deep as its section${part.blocks.length > 1 ? "s" : ""} ${titles} (line ${partLoc.line}), so ${they} not read as part of it`
        : `the section ${titles} after tool "${name}" is ${marks(partDepth)}, as high as the tool's own heading (line ${toolLoc.line}), so ${they} not read as part of it`;
    const help =
      part.blame === "tool"
        ? `write the tool heading with ${marks(partDepth - 1)} (one \`#\` fewer), so that its sections sit under it`
        : `write the section heading with ${marks(toolDepth + 1)} (one level below the tool's heading)`;
    const loc: SourceLocation = part.blame === "tool" ? toolLoc : partLoc;
    if (withoutInput)
      diagnostics.error(
        "SPEC_TOOL_HEADING_LEVEL",
        loc,
        `${message}; "${name}" would be generated without its parameters, accepting any arguments`,
        help,
      );
    else diagnostics.warning("SPEC_TOOL_HEADING_LEVEL", loc, message, help);
  }
}

const marks = (depth: number) => `\`${"#".repeat(Math.max(1, depth))}\``;

/** True when a tool read some input: properties, or a stated "no parameters". */
function hasInput(tool: ToolContent): boolean {
  return Object.keys(tool.inputSchema).some((k) => k !== "type");
}
