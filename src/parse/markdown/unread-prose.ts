import type { ToolReader } from "./tool-reader.js";

/**
 * Reports prose after a tool's parameters that nothing reads. Prose where parameters are
 * expected ("Parameters:", a list, then "Runs a real isolated build…") becomes the tool's
 * description only when the tool has none; when it has one above its parameters, the later
 * prose is dropped. That is what a deleted tool heading leaves when the tool below it starts
 * with its parameters: its parameters and description join the tool above, which had none
 * (two tools read as one, with no second Parameters part to show it). The warning is at the
 * parameters, where that heading belongs. Not reported: a line that introduces what follows
 * ("Each item contains:"), and text after a thematic break (`---`), which closes a tool's
 * parts in many files and is then the file's own text.
 */
export function reportUnreadProse(r: ToolReader): void {
  const parts = r.parts;
  const input = parts.input.loc;
  const described = parts.descriptionLoc ?? parts.stray[0]?.loc;
  if (!described || !input || described.line >= input.line) return;
  const unread = parts.description.length ? parts.stray : parts.stray.slice(1);
  const stray = unread.find(
    (s) =>
      s.side === "input" &&
      s.loc.line > input.line &&
      !s.text.trimEnd().endsWith(":") &&
      !parts.breaks.some((b) => b > input.line && b < s.loc.line),
  );
  if (!stray) return;
  r.ctx.diagnostics.warning(
    "SPEC_TOOL_PROSE_UNREAD",
    input,
    `tool "${r.ownName}" has a description (line ${described.line}) above its parameters, and more prose after them (line ${stray.loc.line}) that is not read: these parameters and that text read like another tool whose heading is missing here, joined to "${r.ownName}"`,
    "if the parameters and the text after them are another tool's, add its heading (for example \"## Tool: `name`\") above them; if the text is this tool's, move it into the description",
  );
}
