import type { List, Paragraph, Table } from "mdast";
import type { ToolErrorType } from "../../ir/types.js";
import { inlineText } from "./document.js";

/**
 * The error types a list documents: `` - `NotFound`: … `` or `- **Denied**: …` items, or
 * names such as `TimeoutError` opening an item; nested lists under a label are read too.
 */
export function errorsFromList(list: List): ToolErrorType[] {
  const out: ToolErrorType[] = [];
  for (const item of list.children) {
    const para = item.children.find((c) => c.type === "paragraph") as Paragraph | undefined;
    if (para) {
      const first = para.children[0];
      const text = inlineText(para.children).trim();
      let type: string | undefined;
      let description: string | undefined;
      if (first && (first.type === "inlineCode" || first.type === "strong")) {
        type = inlineText([first]).replace(/:$/, "").trim();
        description = text
          .slice(inlineText([first]).length)
          .replace(/^\s*[:—–-]\s*/, "")
          .trim();
      } else {
        const m = /^([A-Za-z][\w.]*(?:Error|Exception|Exceeded|NotFound|Denied|Timeout))\b\s*[:—–-]?\s*(.*)$/s.exec(
          text,
        );
        if (m) [type, description] = [m[1], m[2]];
      }
      // Labels such as "**Specific Errors**:" introduce a nested list rather than name an error.
      const nested = item.children.find((c) => c.type === "list") as List | undefined;
      if (nested) out.push(...errorsFromList(nested));
      if (type && !(nested && !description)) out.push({ type, ...(description ? { description } : {}) });
    }
  }
  return out;
}

/** The error types a table documents: a column headed error/code/type/exception, and a description column. */
export function errorsFromTable(table: Table): ToolErrorType[] {
  const [head, ...rows] = table.children;
  if (!head) return [];
  const headers = head.children.map((c) => inlineText(c.children).toLowerCase());
  const typeCol = headers.findIndex((h) => /error|code|type|exception/.test(h));
  if (typeCol < 0) return [];
  const descCol = headers.findIndex((h, i) => i !== typeCol && /desc|when|cause|trigger|condition|meaning/.test(h));
  return rows
    .map((r) => ({
      type: inlineText(r.children[typeCol]?.children ?? [])
        .replace(/[`*]/g, "")
        .trim(),
      description: descCol >= 0 ? inlineText(r.children[descCol]?.children ?? []).trim() : undefined,
    }))
    .filter((e) => e.type)
    .map((e) => ({ type: e.type, ...(e.description ? { description: e.description } : {}) }));
}
