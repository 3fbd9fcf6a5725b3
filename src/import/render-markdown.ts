import { toMarkdown } from "mdast-util-to-markdown";
import type { JsonSchema } from "../ir/types.js";
import type { ListedTool } from "./source.js";
import { isObject } from "../schema/walk.js";
import { joinLines } from "./lines.js";
import { verifyMarkdownRoundTrip } from "./verify.js";

/**
 * Renders imported tools as a spec (`source` is Markdown: build it with {@link inline} and {@link codeSpan}) in the canonical Markdown template.
 * The JSON Schemas are written verbatim (they win over the tables, which are for
 * reading), and `**MCP Name**` keeps each wire name exact (`get-sum` stays `get-sum`).
 *
 * A description is written as Markdown prose when the spec reader reads that prose back
 * byte for byte (tried on the tool alone, with the real reader); otherwise — leading
 * indentation, line breaks inside a paragraph, code fences, headings, bold labels… — it is
 * kept verbatim as the `description` of the JSON definition under Input Schema, which the
 * reader takes as the description when the description section has no prose. Either way
 * the text reads back exactly, up to the leading and trailing whitespace the reader trims.
 * Other server text (titles, table cells) is escaped by a Markdown serializer, so it can
 * never open a heading, a fence or a table.
 */
export function renderMarkdownSpec(title: string, source: string, tools: readonly ListedTool[]): string {
  const out = [
    `# ${inline(title)} — MCP Tool Specification`,
    "",
    `Imported by \`mcp-specgen import\` from ${source}. Edit freely: this file is now the source of truth.`,
    "",
  ];
  for (const tool of tools) out.push("---", "", ...renderTool(tool));
  return `${out.join("\n").trimEnd()}\n`;
}

/** How a tool's description is written: as prose, or only in the JSON definition. */
export type DescriptionMode = "prose" | "definition";

/** Renders one tool, its description as prose when that reads back exactly, else in its JSON definition. */
function renderTool(tool: ListedTool): string[] {
  const prose = toolLines(tool, "prose");
  const alone = `# t\n\n---\n\n${prose.join("\n")}`;
  return verifyMarkdownRoundTrip("specs/import/MCP_TOOL_SPECIFICATION.md", alone, [tool]).length
    ? toolLines(tool, "definition")
    : prose;
}

/** The mode {@link renderMarkdownSpec} chose for a tool's description (for tests and measurements). */
export function descriptionMode(tool: ListedTool): DescriptionMode {
  return renderTool(tool).some((l) => l.startsWith(DEFINITION_NOTE)) ? "definition" : "prose";
}

const DEFINITION_NOTE = "<!-- The description is kept verbatim";

function toolLines(tool: ListedTool, mode: DescriptionMode): string[] {
  const a = tool.annotations ?? {};
  const labels = [`**MCP Name**: \`${tool.name}\``];
  const title = tool.title ?? (typeof a.title === "string" ? a.title : undefined);
  if (title) labels.push(`**Title**: ${inline(title)}`);
  if (typeof a.readOnlyHint === "boolean") labels.push(`**Read-only**: ${a.readOnlyHint ? "Yes" : "No"}`);
  if (typeof a.destructiveHint === "boolean") labels.push(`**Destructive**: ${a.destructiveHint ? "Yes" : "No"}`);
  if (typeof a.openWorldHint === "boolean") labels.push(`**Open-world**: ${a.openWorldHint ? "Yes" : "No"}`);
  const lines = [
    `## Tool: \`${tool.name}\``,
    "",
    labels.join("\n"),
    "",
    "### 1. Tool Purpose and Description",
    "",
    mode === "definition"
      ? `${DEFINITION_NOTE} (line breaks, indentation and Markdown as the server wrote it) in the "description" of the JSON definition under Input Schema: edit it there. -->`
      : (tool.description ?? "").trim() || "<!-- The server gives no description. -->",
    "",
  ];
  lines.push("### 2. Invocation Name", "", `\`${tool.name}\``, "");
  const definition =
    mode === "definition"
      ? { name: tool.name, description: tool.description ?? "", inputSchema: tool.inputSchema }
      : undefined;
  lines.push("### 3. Input Schema (Parameters)", "", ...schemaSection(tool.inputSchema, true, definition));
  lines.push(
    "### 4. Output Schema (Return Value)",
    "",
    // "None." and not a sentence: the reader takes a sentence found there for the description when there is none.
    ...(tool.outputSchema ? schemaSection(tool.outputSchema, false) : ["None.", ""]),
  );
  lines.push(
    "### 5. Error Handling",
    "",
    "- `ToolExecutionError`: the server reports failures as `isError` results.",
    "",
  );
  if (typeof a.idempotentHint === "boolean")
    lines.push("### 6. Idempotency", "", `- **Idempotent**: ${a.idempotentHint ? "Yes" : "No"}`, "");
  lines.push(
    "### 8. Security Considerations",
    "",
    a.destructiveHint === false || a.readOnlyHint === true
      ? "- No destructive effects are declared."
      : "- The server does not declare this tool read-only; treat it as able to change state.",
    "",
  );
  return lines;
}

function schemaSection(schema: JsonSchema, input: boolean, definition?: object): string[] {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [],
  );
  const lines: string[] = [];
  const names = Object.keys(props);
  if (names.length) {
    // The delimiter row as wide as the header, as `mcp-specgen fmt` writes it.
    lines.push(
      input ? "| Parameter Name | Type | Required | Description |" : "| Field Name | Type | Required | Description |",
      input ? "| :------------- | :--- | :------- | :---------- |" : "| :--------- | :--- | :------- | :---------- |",
    );
    for (const name of names) {
      const p = isObject(props[name]) ? (props[name] as JsonSchema) : {};
      lines.push(
        `| \`${cell(name)}\` | ${typeText(p)} | ${required.has(name) ? "Yes" : "No"} | ${cell(typeof p.description === "string" ? p.description : "")} |`,
      );
    }
    lines.push("");
  } else if (input) lines.push("This tool takes no parameters.", "");
  lines.push("```json", JSON.stringify(definition ?? schema, null, 2), "```", "");
  return lines;
}

/** A type string the Markdown reader maps back to the same JSON type; `any` when the schema is not a plain type. */
function typeText(s: JsonSchema): string {
  const t = s.type;
  if (typeof t === "string") {
    if (t === "array" && isObject(s.items) && typeof s.items.type === "string") return code(`array[${s.items.type}]`);
    return code(t);
  }
  if (Array.isArray(t) && t.every((x) => typeof x === "string")) return code(t.join(" or "));
  return "`any`";
}

/** Text as inline Markdown that reads back as the same text (line breaks become spaces). */
export function inline(text: string): string {
  const one = joinLines(text);
  if (!one) return "";
  return toMarkdown({ type: "paragraph", children: [{ type: "text", value: one }] }).trim();
}

/** A code span holding `text` exactly (on one line), however many backticks it contains. */
export function codeSpan(text: string): string {
  return toMarkdown({ type: "inlineCode", value: text.replace(/[\r\n]+/g, " ") }).trim();
}

/** A code span for a type word; anything but plain type characters becomes `any`. */
function code(text: string): string {
  return /^[A-Za-z0-9_[\] ]+$/.test(text) ? `\`${text}\`` : "`any`";
}

function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/`/g, "'")
    .trim();
}
