import { afterEach, describe, expect, it, vi } from "vitest";
import {
  failure,
  getContent,
  noChangeNeeded,
  partialSuccess,
  success,
  withContent,
  type MCPToolResult,
} from "@mcp-specgen/runtime";
import { fromCallToolResult, toCallToolResult } from "@mcp-specgen/runtime";

const WITH_OUTPUT = { outputSchema: { type: "object" } };
const NO_OUTPUT = {};
const plain = (r: MCPToolResult) => ({
  status: r.status,
  data: r.data ?? null,
  error: r.error ?? null,
  explanation: r.explanation ?? null,
});

describe("toCallToolResult", () => {
  it.each([
    [
      "success with outputSchema → structuredContent + JSON text",
      WITH_OUTPUT,
      success({ sum: 3 }),
      { content: [{ type: "text", text: '{"sum":3}' }], structuredContent: { sum: 3 } },
    ],
    [
      "success without outputSchema → text only",
      NO_OUTPUT,
      success({ sum: 3 }),
      { content: [{ type: "text", text: '{"sum":3}' }] },
    ],
    [
      "array data is never structuredContent",
      WITH_OUTPUT,
      success([1, 2]),
      { content: [{ type: "text", text: "[1,2]" }] },
    ],
    [
      "null data → no text block, status marker",
      WITH_OUTPUT,
      success(null),
      { content: [], _meta: { "mcp-specgen/status": "success" } },
    ],
    [
      "explanation → second text block",
      NO_OUTPUT,
      success({ a: 1 }, "why"),
      {
        content: [
          { type: "text", text: '{"a":1}' },
          { type: "text", text: "why" },
        ],
      },
    ],
    [
      "no_change_needed → status in _meta",
      NO_OUTPUT,
      noChangeNeeded("nothing to do"),
      { content: [{ type: "text", text: "nothing to do" }], _meta: { "mcp-specgen/status": "no_change_needed" } },
    ],
    [
      "partial_success → status and error in _meta",
      WITH_OUTPUT,
      partialSuccess({ n: 1 }, { error_type: "X", error_message: "m" }),
      {
        content: [{ type: "text", text: '{"n":1}' }],
        structuredContent: { n: 1 },
        _meta: {
          "mcp-specgen/status": "partial_success",
          "mcp-specgen/error": { error_type: "X", error_message: "m" },
        },
      },
    ],
    [
      "failure → isError, detail as JSON text, no structuredContent",
      WITH_OUTPUT,
      failure("ResourceNotFound", "gone", { id: 1 }, "try again"),
      {
        content: [
          { type: "text", text: '{"error_type":"ResourceNotFound","error_message":"gone","error_details":{"id":1}}' },
          { type: "text", text: "try again" },
        ],
        isError: true,
      },
    ],
  ])("%s", (_name, definition, result, expected) => {
    expect(toCallToolResult(definition, result)).toEqual(expected);
  });

  it("appends rich content blocks after the text", () => {
    const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
    const wire = toCallToolResult(NO_OUTPUT, withContent({ ok: true }, [image]));
    expect(wire.content).toEqual([{ type: "text", text: '{"ok":true}' }, image]);
  });

  it("throws for data JSON cannot hold", () => {
    expect(() => toCallToolResult(NO_OUTPUT, success({ n: BigInt(1) }))).toThrow();
  });
});

describe("fromCallToolResult", () => {
  it.each([
    [
      "structuredContent wins, its JSON copy is dropped",
      { content: [{ type: "text", text: '{"sum":3}' }], structuredContent: { sum: 3 } },
      { status: "success", data: { sum: 3 }, error: null, explanation: null },
    ],
    [
      "structuredContent + prose text → explanation",
      { content: [{ type: "text", text: "It is sunny" }], structuredContent: { t: 20 } },
      { status: "success", data: { t: 20 }, error: null, explanation: "It is sunny" },
    ],
    [
      "JSON text block → data",
      {
        content: [
          { type: "text", text: '{"a":1}' },
          { type: "text", text: "why" },
        ],
      },
      { status: "success", data: { a: 1 }, error: null, explanation: "why" },
    ],
    [
      "plain text → {text}",
      {
        content: [
          { type: "text", text: "Echo: hi" },
          { type: "text", text: "more" },
        ],
      },
      { status: "success", data: { text: "Echo: hi\nmore" }, error: null, explanation: null },
    ],
    [
      "a number is text, not data",
      { content: [{ type: "text", text: "42" }] },
      { status: "success", data: { text: "42" }, error: null, explanation: null },
    ],
    ["no content → null data", { content: [] }, { status: "success", data: null, error: null, explanation: null }],
    [
      "marked result: prose is the explanation",
      { content: [{ type: "text", text: "done" }], _meta: { "mcp-specgen/status": "success" } },
      { status: "success", data: null, error: null, explanation: "done" },
    ],
    [
      "isError with an MCPErrorDetail JSON",
      {
        isError: true,
        content: [
          { type: "text", text: '{"error_type":"ResourceNotFound","error_message":"gone"}' },
          { type: "text", text: "hint" },
        ],
      },
      {
        status: "failure",
        data: null,
        error: { error_type: "ResourceNotFound", error_message: "gone" },
        explanation: "hint",
      },
    ],
    [
      "isError with plain text → ToolExecutionError",
      { isError: true, content: [{ type: "text", text: "boom" }] },
      {
        status: "failure",
        data: null,
        error: { error_type: "ToolExecutionError", error_message: "boom" },
        explanation: null,
      },
    ],
    [
      "SDK server's unknown-tool text → ToolNotFound",
      { isError: true, content: [{ type: "text", text: "MCP error -32602: Tool nope not found" }] },
      {
        status: "failure",
        data: null,
        error: {
          error_type: "ToolNotFound",
          error_message: "Tool nope not found",
          error_details: { code: -32602, tool_name: "nope" },
        },
        explanation: null,
      },
    ],
    [
      "SDK v2 server's input validation text (no code prefix) → ValidationError with its issues",
      {
        isError: true,
        content: [
          {
            type: "text",
            text: 'Input validation error: Invalid arguments for tool add: Unrecognized key: "c", a: Invalid input: expected number, received string, b.items.0: Too small: expected number to be >=0',
          },
        ],
      },
      {
        status: "failure",
        data: null,
        error: {
          error_type: "ValidationError",
          error_message:
            'Input validation error: Invalid arguments for tool add: Unrecognized key: "c", a: Invalid input: expected number, received string, b.items.0: Too small: expected number to be >=0',
          error_details: {
            tool_name: "add",
            // A root issue (no path) is told apart only at the start: after ", " it reads as
            // the previous issue's message going on (error_message keeps the whole text).
            errors: [
              { pointer: "", rule: "schema", message: 'Unrecognized key: "c"' },
              { pointer: "/a", rule: "schema", message: "Invalid input: expected number, received string" },
              { pointer: "/b/items/0", rule: "schema", message: "Too small: expected number to be >=0" },
            ],
          },
        },
        explanation: null,
      },
    ],
    [
      "SDK v2 server's output validation text → ValidationError with its issues",
      {
        isError: true,
        content: [
          {
            type: "text",
            text: "Output validation error: Invalid structured content for tool add: sum: Invalid input: expected number, received string",
          },
        ],
      },
      {
        status: "failure",
        data: null,
        error: {
          error_type: "ValidationError",
          error_message:
            "Output validation error: Invalid structured content for tool add: sum: Invalid input: expected number, received string",
          error_details: {
            tool_name: "add",
            errors: [{ pointer: "/sum", rule: "schema", message: "Invalid input: expected number, received string" }],
          },
        },
        explanation: null,
      },
    ],
    [
      "SDK 1.x server's input validation text (one issue per line) → ValidationError with its issues",
      {
        isError: true,
        content: [
          {
            type: "text",
            text: "MCP error -32602: Input validation error: Invalid arguments for tool add: Invalid input: expected number, received string at a\nToo small: expected number to be >=0 at b.items[0]\nRequired at object root",
          },
        ],
      },
      {
        status: "failure",
        data: null,
        error: {
          error_type: "ValidationError",
          error_message:
            "Input validation error: Invalid arguments for tool add: Invalid input: expected number, received string at a\nToo small: expected number to be >=0 at b.items[0]\nRequired at object root",
          error_details: {
            code: -32602,
            tool_name: "add",
            errors: [
              { pointer: "/a", rule: "schema", message: "Invalid input: expected number, received string" },
              { pointer: "/b/items/0", rule: "schema", message: "Too small: expected number to be >=0" },
              { pointer: "", rule: "schema", message: "Required" },
            ],
          },
        },
        explanation: null,
      },
    ],
    [
      "a tool's own text that says 'not found' stays its error",
      { isError: true, content: [{ type: "text", text: "Tool chest not found in the shed" }] },
      {
        status: "failure",
        data: null,
        error: { error_type: "ToolExecutionError", error_message: "Tool chest not found in the shed" },
        explanation: null,
      },
    ],
    [
      "SDK server's input validation text → ValidationError",
      { isError: true, content: [{ type: "text", text: "MCP error -32602: Input validation error: bad a" }] },
      {
        status: "failure",
        data: null,
        error: {
          error_type: "ValidationError",
          error_message: "Input validation error: bad a",
          error_details: { code: -32602 },
        },
        explanation: null,
      },
    ],
    [
      "malformed → TransportError failure",
      { nope: true },
      {
        status: "failure",
        data: null,
        error: {
          error_type: "TransportError",
          error_message: "The server returned a malformed CallToolResult (no content array)",
        },
        explanation: null,
      },
    ],
  ])("%s", (_name, wire, expected) => {
    expect(plain(fromCallToolResult(wire))).toEqual(expected);
  });

  // Regression: the JSON copy next to structuredContent was parsed only to be thrown away.
  describe("with structuredContent, the JSON copy is recognised without parsing it", () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it.each([
      ["compact", JSON.stringify({ items: [1, 2, 3] })],
      ["pretty-printed, with surrounding whitespace", `\n ${JSON.stringify({ items: [1, 2, 3] }, null, 2)}\n`],
      ["an array", "[1,2,3]"],
    ])("drops the copy (%s)", (_name, text) => {
      const parse = vi.spyOn(JSON, "parse");
      const result = fromCallToolResult({
        content: [
          { type: "text", text },
          { type: "text", text: "why" },
        ],
        structuredContent: { items: [1, 2, 3] },
      });
      expect(parse).not.toHaveBeenCalled();
      expect(plain(result)).toEqual({ status: "success", data: { items: [1, 2, 3] }, error: null, explanation: "why" });
    });

    it.each([
      ["prose", "It is sunny"],
      ["prose that starts with a brace", "{t} is the temperature"],
      ["mismatched brackets", "[1, 2}"],
      ["a lone brace", "{"],
      ["empty", ""],
    ])("keeps other text as the explanation (%s)", (_name, text) => {
      const parse = vi.spyOn(JSON, "parse");
      const result = fromCallToolResult({ content: [{ type: "text", text }], structuredContent: { t: 20 } });
      expect(parse).not.toHaveBeenCalled();
      expect(plain(result)).toEqual({ status: "success", data: { t: 20 }, error: null, explanation: text });
    });
  });

  it("keeps non-text blocks as content", () => {
    const image = { type: "image", data: "AAAA", mimeType: "image/png" };
    const result = fromCallToolResult({ content: [{ type: "text", text: "{}" }, image] });
    expect(getContent(result)).toEqual([image]);
    expect(JSON.parse(JSON.stringify(result))).toEqual({ status: "success", data: {} });
  });

  it.each([
    ["success", success({ a: 1 }, "why")],
    ["success with null data", success(null, "nothing returned")],
    ["partial_success", partialSuccess({ a: 1 }, { error_type: "X", error_message: "m" }, "half")],
    ["no_change_needed", noChangeNeeded("nothing")],
    ["failure", failure("ValidationError", "bad", { errors: [] }, "fix it")],
  ])("round-trips %s", (_name, result) => {
    expect(plain(fromCallToolResult(toCallToolResult(WITH_OUTPUT, result)))).toEqual(plain(result));
  });
});

describe("scalar data on 2025 revisions (no structuredContent)", () => {
  const scalarTool = { outputSchema: { type: "string" } };
  it.each([["hi"], [42], [true], [[1, 2]]])("%j goes as marked JSON text and comes back as itself", (data) => {
    const wire = toCallToolResult(scalarTool, success(data));
    expect(wire.structuredContent).toBeUndefined();
    expect(fromCallToolResult(wire)).toMatchObject({ status: "success", data });
  });

  it("an explanation that happens to be JSON is not read as data", () => {
    const wire = toCallToolResult(scalarTool, success(null, "42"));
    expect(fromCallToolResult(wire)).toMatchObject({ status: "success", data: null, explanation: "42" });
  });
});
