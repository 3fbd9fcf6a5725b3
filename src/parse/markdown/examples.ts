import type { Code } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonValue, ToolExample } from "../../ir/types.js";
import { parseLenientJson } from "../primitives/lenient-json.js";
import { locInCode, type MarkdownDocument } from "./document.js";
import { isJsonBlock } from "./blocks.js";
import { splitTopLevel } from "./bullets.js";

const RESULT_STATUSES = new Set(["success", "failure", "no_change_needed", "partial_success"]);
const ARG_KEYS = ["arguments", "parameters", "params", "args", "input"];
const DESCRIPTOR_KEYS = ["inputSchema", "input_schema", "description", "outputSchema", "annotations"];

/**
 * Reads the usage examples in a fenced block: tool calls in any of the envelopes people
 * write (`{tool_name, arguments}`, `{name, arguments}`, `{tool, parameters}`, the flat
 * `{"tool": "x", "a": 1}`, arrays of calls), Python calls (`tool_x(a=1)`,
 * `call_tool("tool_x", {...})`) and tool results (`{status, data | error}`). Messy JSON
 * is read leniently with a warning. Values that are placeholders, or that had `...`
 * elided, are marked `placeholder` so they are never validated against a schema.
 */
export function readExamples(
  doc: MarkdownDocument,
  code: Code,
  diagnostics: DiagnosticBag,
  toolNames: ReadonlySet<string> = new Set(),
): ToolExample[] {
  if (code.lang && /^(py|python|python3|ipython)$/i.test(code.lang)) return readPythonCalls(doc, code, toolNames);
  if (!isJsonBlock(code)) return [];
  const parsed = parseLenientJson(code.value);
  for (const p of parsed.problems) {
    diagnostics.warning(
      "SPEC_EXAMPLE_UNREADABLE",
      locInCode(doc, code, p.offset),
      `usage example is not valid JSON: ${p.message}`,
      "fix the JSON so the example can be checked against the schema",
    );
  }
  const out: ToolExample[] = [];
  for (const v of parsed.values) {
    const items =
      Array.isArray(v.value) && v.value.every((x) => x && typeof x === "object" && !Array.isArray(x))
        ? v.value
        : [v.value];
    for (const item of items) {
      const example = classifyExample(item);
      if (!example) continue;
      const unchecked = v.placeholder || v.elided;
      out.push({ ...example, ...(unchecked ? { placeholder: true } : {}), loc: locInCode(doc, code, v.offset) });
    }
  }
  return out;
}

/** Recognises a tool call or a tool result, or returns undefined for other JSON. */
export function classifyExample(value: JsonValue): Omit<ToolExample, "loc"> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  // A JSON-RPC request: {"method": "tools/call", "params": {"name": …, "arguments": …}}.
  if (value.method === "tools/call" && value.params && typeof value.params === "object" && !Array.isArray(value.params))
    return classifyExample(value.params);
  // A JSON-RPC response carrying an MCPToolResult.
  if (value.jsonrpc !== undefined && value.result && typeof value.result === "object" && !Array.isArray(value.result))
    return classifyExample(value.result);
  const name = value.tool_name ?? value.name ?? value.tool ?? value.toolName;
  const argKey = ARG_KEYS.find(
    (k) => value[k] !== undefined && value[k] !== null && typeof value[k] === "object" && !Array.isArray(value[k]),
  );
  const args = argKey ? (value[argKey] as { [k: string]: JsonValue }) : undefined;
  const isDescriptor =
    "inputSchema" in value ||
    "input_schema" in value ||
    (args?.type === "object" && typeof args.properties === "object");
  if (typeof name === "string" && args && !isDescriptor) return { kind: "call", toolName: name, value: args };
  // The flat form: {"tool": "x", "a": 1, …} — every other key is an argument.
  const flatKey = ["tool", "tool_name"].find((k) => typeof value[k] === "string");
  if (flatKey && !ARG_KEYS.some((k) => k in value) && !DESCRIPTOR_KEYS.some((k) => k in value)) {
    const args: { [k: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value))
      if (k !== flatKey)
        Object.defineProperty(args, k, { value: v, enumerable: true, writable: true, configurable: true });
    return { kind: "call", toolName: value[flatKey] as string, value: args };
  }
  if (typeof value.status === "string" && RESULT_STATUSES.has(value.status) && ("data" in value || "error" in value)) {
    return { kind: "result", value };
  }
  return undefined;
}

/**
 * Reads Python calls of known tools with keyword arguments (`compute_softmax(logits=[1.0],
 * variant="standard")`) and generic dispatch calls (`call_tool("x", {"a": 1})`).
 * Positional arguments cannot be mapped to names, so such calls are not examples.
 */
function readPythonCalls(doc: MarkdownDocument, code: Code, toolNames: ReadonlySet<string>): ToolExample[] {
  const out: ToolExample[] = [];
  const text = code.value;
  const call = /\b([A-Za-z_]\w*)\s*\(/g;
  for (let m = call.exec(text); m; m = call.exec(text)) {
    const open = m.index + m[0].length - 1;
    const close = closingParen(text, open);
    if (close < 0) continue;
    const inner = text.slice(open + 1, close);
    const fn = m[1]!;
    let toolName: string | undefined;
    let args: { [k: string]: JsonValue } | undefined;
    let placeholder = false;
    if (toolNames.has(fn)) {
      toolName = fn;
      args = {};
      for (const part of splitTopLevel(inner)) {
        if (!part.trim()) continue;
        const kw = /^\s*([A-Za-z_]\w*)\s*=(?!=)([\s\S]*)$/.exec(part);
        const parsed = kw ? parseLenientJson(kw[2]!) : undefined;
        const value = parsed?.values.length === 1 && !parsed.problems.length ? parsed.values[0] : undefined;
        if (!kw || !value) {
          args = undefined;
          break;
        }
        placeholder ||= value.placeholder || value.elided;
        Object.defineProperty(args, kw[1]!, {
          value: value.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    } else if (/call_tool|invoke|execute_tool|run_tool/.test(fn)) {
      const parts = splitTopLevel(inner);
      const name = /^\s*["']([\w.-]+)["']\s*$/.exec(parts[0] ?? "")?.[1];
      const parsed = parts.length === 2 ? parseLenientJson(parts[1]!) : undefined;
      const value = parsed?.values.length === 1 && !parsed.problems.length ? parsed.values[0] : undefined;
      if (name && value?.value && typeof value.value === "object" && !Array.isArray(value.value)) {
        toolName = name;
        args = value.value;
        placeholder = value.placeholder || value.elided;
      }
    }
    if (toolName && args)
      out.push({
        kind: "call",
        toolName,
        value: args,
        ...(placeholder ? { placeholder: true } : {}),
        loc: locInCode(doc, code, m.index),
      });
    call.lastIndex = close + 1;
  }
  return out;
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  let quote = "";
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "#") {
      const nl = text.indexOf("\n", i);
      if (nl < 0) return -1;
      i = nl;
    } else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) {
      depth--;
      if (depth === 0) return ch === ")" ? i : -1;
    }
  }
  return -1;
}
