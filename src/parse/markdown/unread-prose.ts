import type { ToolReader } from "./tool-reader.js";

/**
 * Reports prose after a tool's parameters that nothing reads. Prose where parameters are
 * expected ("Parameters:", a list, then "Runs a real isolated build…") becomes the tool's
 * description only when the tool has none; when it has one above its parameters, the later
 * prose is dropped. That is what a deleted tool heading leaves when the tool below it starts
 * with its parameters: its parameters and description join the tool above, which had none
 * (two tools read as one, with no second Parameters part to show it). The warning is at the
 * parameters, where that heading belongs. When the description itself is the first paragraph
 * after the parameters, a further paragraph is dropped the same way (a tool of prose only
 * whose heading was lost below): the warning is at it. Not reported: a line that introduces what follows
 * ("Each item contains:"), and text after a thematic break (`---`), which closes a tool's
 * parts in many files and is then the file's own text.
 */
export function reportUnreadProse(r: ToolReader): void {
  const parts = r.parts;
  const input = parts.input.loc;
  const described = parts.descriptionLoc ?? parts.stray[0]?.loc;
  // Only prose after a list or table of parameters: a note under an "Input Schema" heading is the section's own.
  const fields = parts.input.fields?.loc.line;
  if (!described || !input || fields === undefined) return;
  const unread = parts.description.length ? parts.stray : parts.stray.slice(1);
  const stray = unread.find(
    (s) =>
      s.side === "input" &&
      s.loc.line > input.line &&
      s.loc.line > fields &&
      !s.text.trimEnd().endsWith(":") &&
      !parts.breaks.some((b) => b > input.line && b < s.loc.line),
  );
  if (!stray) return;
  // Under an "Input Schema" heading, prose after the parameters is that section's own note
  // (a lost tool heading would leave the other tool's sections, not prose, below it).
  if (parts.input.fromHeading)
    r.ctx.diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      stray.loc,
      `this note after the parameters of tool "${r.ownName}" is not read: it reaches neither the tool's description nor its input schema`,
      "move it into the tool's description, or into the description of the parameter it is about",
    );
  else if (described.line < input.line)
    r.ctx.diagnostics.warning(
      "SPEC_TOOL_PROSE_UNREAD",
      input,
      `tool "${r.ownName}" has a description (line ${described.line}) above its parameters, and more prose after them (line ${stray.loc.line}) that is not read: these parameters and that text read like another tool whose heading is missing here, joined to "${r.ownName}"`,
      "if the parameters and the text after them are another tool's, add its heading (for example \"## Tool: `name`\") above them; if the text is this tool's, move it into the description",
    );
  // The description is the first paragraph after the parameters: a second one starts another tool.
  else
    r.ctx.diagnostics.warning(
      "SPEC_TOOL_PROSE_UNREAD",
      stray.loc,
      `tool "${r.ownName}" has its description after its parameters (line ${described.line}), and this further prose is not read: it reads like the description of another tool whose heading is missing here`,
      "if this text is another tool's, add its heading (for example \"## Tool: `name`\") above it; if it is this tool's, join it to the description",
    );
}
