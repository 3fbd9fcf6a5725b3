import type { JsonSchema } from "../ir/types.js";
import type { ListedTool } from "./source.js";
import { isObject } from "../schema/walk.js";

/**
 * Renders imported tools as a spec in the canonical Markdown template.
 * The JSON Schemas are written verbatim (they win over the tables, which are for
 * reading), and `**MCP Name**` keeps each wire name exact (`get-sum` stays `get-sum`).
 * Server-provided text is escaped so it can never open a heading, a fence or a table.
 */
export function renderMarkdownSpec(title: string, source: string, tools: readonly ListedTool[]): string {
  const out = [
    `# ${inline(title)} — MCP Tool Specification`,
    "",
    `Imported by \`mcp-specgen import\` from ${inline(source)}. Edit freely: this file is now the source of truth.`,
    "",
  ];
  for (const tool of tools) out.push("---", "", ...renderTool(tool));
  return `${out.join("\n").trimEnd()}\n`;
}

function renderTool(tool: ListedTool): string[] {
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
    block(tool.description ?? ""),
    "",
  ];
  lines.push("### 2. Invocation Name", "", `\`${tool.name}\``, "");
  lines.push("### 3. Input Schema (Parameters)", "", ...schemaSection(tool.inputSchema, true));
  lines.push(
    "### 4. Output Schema (Return Value)",
    "",
    ...(tool.outputSchema ? schemaSection(tool.outputSchema, false) : ["The server declares no output schema.", ""]),
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

function schemaSection(schema: JsonSchema, input: boolean): string[] {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [],
  );
  const lines: string[] = [];
  const names = Object.keys(props);
  if (names.length) {
    lines.push(
      input ? "| Parameter Name | Type | Required | Description |" : "| Field Name | Type | Required | Description |",
      "| :-- | :-- | :-- | :-- |",
    );
    for (const name of names) {
      const p = isObject(props[name]) ? (props[name] as JsonSchema) : {};
      lines.push(
        `| \`${cell(name)}\` | ${typeText(p)} | ${required.has(name) ? "Yes" : "No"} | ${cell(typeof p.description === "string" ? p.description : "")} |`,
      );
    }
    lines.push("");
  } else if (input) lines.push("This tool takes no parameters.", "");
  lines.push("```json", JSON.stringify(schema, null, 2), "```", "");
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

// Markdown that starts a block when it begins a line — headings, fences, quotes, lists,
// tables, setext underlines, HTML, thematic breaks — and bold labels (`**Read-only**: …`),
// which the spec reader would take as facts about the tool.
const BLOCK_START = /^(\s*)(#|```|~~~|>|[-*+](\s|$)|\d+[.)](\s|$)|\||<|=+\s*$|-+\s*$|_{3,}\s*$|\*{2,}|__)/;

/** Free text as paragraphs that cannot start a Markdown block. */
export function block(text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => (BLOCK_START.test(l) ? l.replace(BLOCK_START, (m, ws: string) => `${ws}\\${m.slice(ws.length)}`) : l));
  return lines.join("\n").trim() || "No description provided.";
}

function inline(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/[`*_[\]<>|#]/g, (c) => `\\${c}`);
}

/** A code span for a type word; anything but plain type characters becomes `any`. */
function code(text: string): string {
  return /^[A-Za-z0-9_[\] ]+$/.test(text) ? `\`${text}\`` : "`any`";
}

function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/`/g, "'");
}
