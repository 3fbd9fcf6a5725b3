/**
 * The way back: a vendor's tool call → the MCPToolCall the registry executes.
 *
 * Each `from…` function restores the MCP wire name from the vendor tool index (generated
 * next to the vendor tool definitions), parses the arguments and, for tools sent in a
 * strict form (`optionalsAsNull`), removes the nulls that stand for omitted optional
 * properties (see {@link stripStrictNulls}).
 *
 * They return the MCPToolCall alone: every vendor call object already carries the id its
 * answer needs (`tool_call.id`, `call_id`, `tool_use.id`, `functionCall.id`), so a loop
 * keeps the call at hand and passes that id to the matching `to…` function.
 *
 * Errors are the runtime's: `ToolNotFoundError` for a name not in the index (with the
 * closest names), `ValidationError` for arguments that are not JSON or not an object. Both
 * turn into a failure result with `errorToDetail`, which the model can read and correct:
 *
 * ```ts
 * let result: MCPToolResult;
 * try {
 *   result = await call(fromOpenAIToolCall(toolCall, openaiTools), {});
 * } catch (error) {
 *   result = { status: "failure", error: errorToDetail(error) };
 * }
 * messages.push(toOpenAIToolMessage(result, toolCall.id));
 * ```
 */
import { ToolNotFoundError, ValidationError } from "../errors.js";
import { suggestNames } from "../suggest.js";
import type { MCPToolCall, ValidationIssue } from "../types.js";
import type { AnthropicToolUse, GeminiFunctionCall, OpenAIToolCall } from "./shapes.js";
import { copy, stripStrictNulls } from "./strip-nulls.js";
import type { Vendor, VendorToolEntry, VendorToolIndex } from "./types.js";

/**
 * Maps an OpenAI tool call back to an MCPToolCall: a Chat Completions `tool_calls` entry
 * (`{id, type: "function", function: {name, arguments}}`) or a Responses API
 * `function_call` item (`{type: "function_call", call_id, name, arguments}`).
 * `arguments` is the JSON string the model wrote; an empty string counts as `{}` (some
 * OpenAI-compatible servers send it for tools without parameters).
 *
 * @param index the OpenAI tool index generated with the tool definitions.
 * @throws ToolNotFoundError when the function name is not in the index.
 * @throws ValidationError when the arguments are not valid JSON (the message gives the
 *   position) or not a JSON object, or for a custom (non-function) tool call.
 * @throws TypeError when `index` is not an OpenAI index.
 */
export function fromOpenAIToolCall(call: OpenAIToolCall, index: VendorToolIndex): MCPToolCall {
  checkVendor(index, "openai", "fromOpenAIToolCall");
  let name: string;
  let raw: unknown;
  if (call.type === "function") {
    name = call.function.name;
    raw = call.function.arguments;
  } else if (call.type === "function_call") {
    name = call.name;
    raw = call.arguments;
  } else {
    const custom = (call as { custom?: { name?: unknown } }).custom;
    const what = typeof custom?.name === "string" ? ` "${custom.name}"` : "";
    const type = String((call as { type?: unknown }).type);
    throw invalid(`Tool call${what} has type "${type}": only function calls map to MCP tools`, {
      pointer: "/type",
      rule: "type",
      message: `must be "function" or "function_call" (got ${JSON.stringify(type)})`,
      value: type,
    });
  }
  const entry = lookUp(index, name);
  return toCall(entry, parseArguments(raw, name));
}

/**
 * Maps an Anthropic `tool_use` block (`{type: "tool_use", id, name, input}`) back to an
 * MCPToolCall.
 *
 * @param index the Anthropic tool index generated with the tool definitions.
 * @throws ToolNotFoundError when the tool name is not in the index.
 * @throws ValidationError when `input` is not a JSON object.
 * @throws TypeError when `index` is not an Anthropic index.
 */
export function fromAnthropicToolUse(block: AnthropicToolUse, index: VendorToolIndex): MCPToolCall {
  checkVendor(index, "anthropic", "fromAnthropicToolUse");
  const entry = lookUp(index, block.name);
  return toCall(entry, checkObject(block.input, block.name));
}

/**
 * Maps a Gemini `functionCall` (`{id?, name, args?}`) back to an MCPToolCall. Absent
 * `args` counts as `{}` (Gemini omits them for functions without parameters).
 *
 * @param index the Gemini tool index generated with the function declarations.
 * @throws ToolNotFoundError when the name is absent or not in the index.
 * @throws ValidationError when `args` is not a JSON object.
 * @throws TypeError when `index` is not a Gemini index.
 */
export function fromGeminiFunctionCall(call: GeminiFunctionCall, index: VendorToolIndex): MCPToolCall {
  checkVendor(index, "gemini", "fromGeminiFunctionCall");
  const name = call.name ?? "";
  const entry = lookUp(index, name);
  return toCall(entry, call.args === undefined ? {} : checkObject(call.args, name));
}

function checkVendor(index: VendorToolIndex, vendor: Vendor, fn: string): void {
  // The indexes differ in names and in which tools are strict: mixing them up is a bug.
  if (index?.vendor !== vendor) {
    throw new TypeError(`${fn} needs the ${vendor} tool index (got ${describeIndex(index)})`);
  }
}

function describeIndex(index: unknown): string {
  const vendor = (index as { vendor?: unknown } | null | undefined)?.vendor;
  return typeof vendor === "string" ? `the ${vendor} one` : typeof index;
}

function lookUp(index: VendorToolIndex, name: string): VendorToolEntry {
  if (typeof name === "string" && Object.hasOwn(index.tools, name)) return index.tools[name];
  const shown = typeof name === "string" ? name : String(name);
  const suggestions = suggestNames(shown, Object.keys(index.tools), 3);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(", ")}?` : "";
  const message = shown === "" ? "The tool call has no function name" : `Unknown tool "${shown}"${hint}`;
  throw new ToolNotFoundError(message, { details: { tool_name: shown, suggestions } });
}

function toCall(entry: VendorToolEntry, args: Record<string, unknown>): MCPToolCall {
  // A copy either way: the vendor's message stays in the conversation, the handler may change its arguments.
  const cleaned = entry.optionalsAsNull
    ? stripStrictNulls(args, entry.inputSchema)
    : (copy(args) as Record<string, unknown>);
  return { tool_name: entry.name, arguments: cleaned };
}

/** Parses the JSON arguments string of an OpenAI call. */
function parseArguments(raw: unknown, name: string): Record<string, unknown> {
  if (typeof raw !== "string") {
    throw invalid(`Arguments of "${name}" must be a JSON string (got ${typeName(raw)})`, {
      pointer: "",
      rule: "type",
      message: `must be a JSON string (got ${typeName(raw)})`,
    });
  }
  if (raw.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (cause) {
    const error = locateJsonError(raw) ?? { position: 0, reason: describeParseError(cause) };
    const { line, column } = lineAndColumn(raw, error.position);
    const where = `at position ${error.position} (line ${line}, column ${column})`;
    const issue: ValidationIssue = {
      pointer: "",
      rule: "json",
      message: `is not valid JSON: ${error.reason} ${where}`,
    };
    throw new ValidationError(`Arguments of "${name}" are not valid JSON: ${error.reason} ${where}`, [issue], {
      details: { errors: [issue], position: error.position, line, column },
      cause,
    });
  }
  return checkObject(value, name);
}

function checkObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw invalid(`Arguments of "${name}" must be a JSON object (got ${typeName(value)})`, {
    pointer: "",
    rule: "type",
    message: `must be an object (got ${typeName(value)})`,
    value,
  });
}

function invalid(message: string, issue: ValidationIssue): ValidationError {
  const shown: ValidationIssue = { pointer: issue.pointer, rule: issue.rule, message: issue.message };
  if (issue.value !== undefined) shown.value = issue.value;
  return new ValidationError(message, [shown], { details: { errors: [shown] } });
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function describeParseError(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  // V8 quotes the whole input in some messages; arguments can be long.
  return message.length > 200 ? `${message.slice(0, 199)}…` : message;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: position - start + 1 };
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX4 = /^[0-9a-fA-F]{4}$/;
const MAX_DEPTH = 5000;

class JsonSyntax extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Finds where `text` stops being JSON, with a short reason. JSON.parse's messages carry
 * a position only for some errors (and quote the whole input for others), and the
 * position is what lets a model fix its output. Runs only after JSON.parse failed.
 */
function locateJsonError(text: string): { position: number; reason: string } | undefined {
  let i = 0;
  const found = (): string => (i >= text.length ? "the end of the input" : JSON.stringify(text[i]));
  const fail = (expected: string): never => {
    throw new JsonSyntax(i, `expected ${expected} but found ${found()}`);
  };
  const ws = (): void => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const string = (): void => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail('a closing "');
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const next = text[i + 1];
        if (next === "u") {
          if (!HEX4.test(text.slice(i + 2, i + 6))) {
            i += 2;
            fail("four hex digits after \\u");
          }
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) {
          i += 2;
        } else {
          i++;
          fail("an escape character");
        }
      } else if (c.charCodeAt(0) < 0x20) {
        throw new JsonSyntax(i, "control characters must be escaped in strings");
      } else {
        i++;
      }
    }
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) throw new JsonSyntax(i, "nested too deeply");
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("a property name in double quotes");
        string();
        ws();
        if (text[i] !== ":") fail('":"');
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        fail('"," or "}"');
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        fail('"," or "]"');
      }
    }
    if (c === '"') {
      string();
      return;
    }
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match !== null && match[0] !== "-") {
      i += match[0].length;
      return;
    }
    fail("a JSON value");
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail("the end of the input after the JSON value");
    return undefined;
  } catch (error) {
    if (error instanceof JsonSyntax) return { position: error.position, reason: error.reason };
    if (error instanceof RangeError) return undefined; // the stack ran out first
    throw error;
  }
}
