import type { Code } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonValue, ToolExample } from "../../ir/types.js";
import { parseLenientJson } from "../primitives/lenient-json.js";
import { locInCode, type MarkdownDocument } from "./document.js";

const RESULT_STATUSES = new Set(["success", "failure", "no_change_needed", "partial_success"]);

/**
 * Reads the usage examples in a fenced block: tool calls in any of the envelopes people
 * write (`{tool_name, arguments}`, `{name, arguments}`, `{tool, parameters}`) and tool
 * results (`{status, data | error}`). Messy JSON is read leniently with a warning.
 */
export function readExamples(doc: MarkdownDocument, code: Code, diagnostics: DiagnosticBag): ToolExample[] {
  if (code.lang && !/^(json|jsonc|json5|javascript|js)$/i.test(code.lang)) return [];
  const parsed = parseLenientJson(code.value);
  for (const p of parsed.problems) {
    diagnostics.warning("SPEC_EXAMPLE_UNREADABLE", locInCode(doc, code, p.offset), `usage example is not valid JSON: ${p.message}`, "fix the JSON so the example can be checked against the schema");
  }
  const out: ToolExample[] = [];
  for (const v of parsed.values) {
    const example = classifyExample(v.value);
    if (!example) continue;
    out.push({ ...example, ...(v.placeholder ? { placeholder: true } : {}), loc: locInCode(doc, code, v.offset) });
  }
  return out;
}

/** Recognises a tool call or a tool result, or returns undefined for other JSON. */
export function classifyExample(value: JsonValue): Omit<ToolExample, "loc"> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const name = value.tool_name ?? value.name ?? value.tool;
  const args = value.arguments ?? value.parameters ?? value.params ?? value.args;
  if (typeof name === "string" && args !== undefined && typeof args === "object") {
    return { kind: "call", toolName: name, value: args };
  }
  if (typeof value.status === "string" && RESULT_STATUSES.has(value.status) && ("data" in value || "error" in value)) {
    return { kind: "result", value };
  }
  return undefined;
}
