import { describe, expect, it } from "vitest";
import {
  errorToDetail,
  failure,
  fromOpenAIToolCall,
  type MCPToolResult,
  noChangeNeeded,
  partialSuccess,
  success,
  toAnthropicToolResult,
  toGeminiFunctionResponse,
  toOpenAIResponsesOutput,
  toOpenAIToolMessage,
  toolResultForModel,
  ValidationError,
  withContent,
} from "../../packages/runtime/src/index.js";

const ok = success({ items: [1, 2], total: 3 }, "Summed 2 numbers");
const failed = failure("ResourceNotFound", "No file a.txt", { path: "a.txt" }, "Check the path");
const OK_TEXT = '{"status":"success","data":{"items":[1,2],"total":3},"explanation":"Summed 2 numbers"}';
const FAILED_TEXT =
  '{"status":"failure","error":{"error_type":"ResourceNotFound","error_message":"No file a.txt","error_details":{"path":"a.txt"}},"explanation":"Check the path"}';

describe("toolResultForModel", () => {
  it("status, data, error, explanation, in that order; no data for failures; nothing empty", () => {
    expect(JSON.stringify(toolResultForModel(ok))).toBe(OK_TEXT);
    expect(JSON.stringify(toolResultForModel(failed))).toBe(FAILED_TEXT);
    expect(toolResultForModel(success(undefined))).toEqual({ status: "success", data: null });
    expect(toolResultForModel(noChangeNeeded("Already there"))).toEqual({
      status: "no_change_needed",
      data: null,
      explanation: "Already there",
    });
    const partial = partialSuccess([1], { error_type: "ApiLimitExceeded", error_message: "2 of 3 done" });
    expect(JSON.stringify(toolResultForModel(partial))).toBe(
      '{"status":"partial_success","data":[1],"error":{"error_type":"ApiLimitExceeded","error_message":"2 of 3 done"}}',
    );
    // Key order is fixed whatever the order of the input.
    const shuffled = { explanation: "e", data: { b: 1, a: 2 }, status: "success" } as MCPToolResult;
    expect(JSON.stringify(toolResultForModel(shuffled))).toBe(
      '{"status":"success","data":{"b":1,"a":2},"explanation":"e"}',
    );
  });
});

describe("vendor tool-result messages", () => {
  it("OpenAI Chat: a tool message with the JSON", () => {
    expect(toOpenAIToolMessage(ok, "call_1")).toEqual({ role: "tool", tool_call_id: "call_1", content: OK_TEXT });
    expect(toOpenAIToolMessage(failed, "call_2").content).toBe(FAILED_TEXT);
  });

  it("OpenAI Responses: a function_call_output item", () => {
    expect(toOpenAIResponsesOutput(ok, "call_1")).toEqual({
      type: "function_call_output",
      call_id: "call_1",
      output: OK_TEXT,
    });
  });

  it("Anthropic: a tool_result block, is_error for failures only", () => {
    expect(toAnthropicToolResult(ok, "toolu_1")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: OK_TEXT,
    });
    expect(toAnthropicToolResult(failed, "toolu_2")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_2",
      content: FAILED_TEXT,
      is_error: true,
    });
  });

  it("Gemini: a functionResponse part, {output} or {error}", () => {
    expect(toGeminiFunctionResponse(ok, "math__sum", "g1")).toEqual({
      functionResponse: { id: "g1", name: "math__sum", response: { output: JSON.parse(OK_TEXT) } },
    });
    const part = toGeminiFunctionResponse(failed, "math__sum");
    expect(part).toEqual({ functionResponse: { name: "math__sum", response: { error: JSON.parse(FAILED_TEXT) } } });
    expect(Object.hasOwn(part.functionResponse, "id")).toBe(false);
  });

  describe("content attached with withContent", () => {
    const png = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
    const svg = { type: "image" as const, data: "PHN2Zz4=", mimeType: "image/svg+xml" };
    const rich = withContent({ width: 2 }, [
      { type: "text", text: "A chart" },
      png,
      svg,
      { type: "text", text: "for the user only", annotations: { audience: ["user"] } },
      { type: "resource_link", uri: "file:///a.csv", name: "a.csv", mimeType: "text/csv", _meta: { x: 1 } },
      { type: "resource", resource: { uri: "file:///n.txt", text: "notes" } },
      { type: "resource", resource: { uri: "file:///b.bin", mimeType: "application/octet-stream", blob: "AAAA" } },
      { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
    ]);
    const json = '{"status":"success","data":{"width":2}}';
    const texts = [
      "A chart",
      '{"type":"resource_link","uri":"file:///a.csv","name":"a.csv","mimeType":"text/csv"}',
      '{"type":"resource","uri":"file:///n.txt","text":"notes"}',
      '{"type":"resource","uri":"file:///b.bin","mimeType":"application/octet-stream","blob":"[4 base64 characters left out]"}',
      "[audio/wav audio left out: tool results cannot carry audio]",
    ];

    it("OpenAI Chat: text parts; images are noted, not sent", () => {
      expect(toOpenAIToolMessage(rich, "c").content).toEqual(
        [
          json,
          "A chart",
          "[image/png image left out: Chat Completions tool messages cannot carry it]",
          "[image/svg+xml image left out: Chat Completions tool messages cannot carry it]",
          ...texts.slice(1),
        ].map((text) => ({ type: "text", text })),
      );
    });

    it("OpenAI Responses: input_text and input_image items", () => {
      expect(toOpenAIResponsesOutput(rich, "c").output).toEqual([
        { type: "input_text", text: json },
        { type: "input_text", text: "A chart" },
        { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" },
        { type: "input_image", image_url: "data:image/svg+xml;base64,PHN2Zz4=" },
        ...texts.slice(1).map((text) => ({ type: "input_text", text })),
      ]);
    });

    it("Anthropic: text and base64 image blocks (unsupported image types noted)", () => {
      expect(toAnthropicToolResult(rich, "t").content).toEqual([
        { type: "text", text: json },
        { type: "text", text: "A chart" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        { type: "text", text: "[image/svg+xml image left out: Anthropic image blocks cannot carry it]" },
        ...texts.slice(1).map((text) => ({ type: "text", text })),
      ]);
    });

    it("Gemini: texts in the response's content, images as inline parts", () => {
      expect(toGeminiFunctionResponse(rich, "chart")).toEqual({
        functionResponse: {
          name: "chart",
          response: { output: { status: "success", data: { width: 2 }, content: texts } },
          parts: [
            { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
            { inlineData: { mimeType: "image/svg+xml", data: "PHN2Zz4=" } },
          ],
        },
      });
    });
  });

  it("a result JSON cannot hold becomes a SerializationError failure, not a throw", () => {
    const bad = { status: "success", data: { n: 1n } } as MCPToolResult;
    const message = toOpenAIToolMessage(bad, "c");
    expect(JSON.parse(message.content as string)).toEqual({
      status: "failure",
      error: {
        error_type: "SerializationError",
        error_message: expect.stringMatching(/^The tool's result cannot be written as JSON at data\.n: BigInt/),
      },
    });
    expect(toAnthropicToolResult(bad, "t").is_error).toBe(true);
    expect(toGeminiFunctionResponse(bad, "f").functionResponse.response).toHaveProperty("error");
  });

  it("a mapping error becomes a failure the model can read", () => {
    let result: MCPToolResult;
    try {
      fromOpenAIToolCall(
        { id: "c", type: "function", function: { name: "f", arguments: "{" } },
        { vendor: "openai", tools: { f: { name: "f", inputSchema: { type: "object" }, optionalsAsNull: false } } },
      );
      throw new Error("unreachable");
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      result = { status: "failure", error: errorToDetail(error) };
    }
    const text = toOpenAIToolMessage(result, "c").content as string;
    expect(JSON.parse(text)).toMatchObject({
      status: "failure",
      error: {
        error_type: "ValidationError",
        error_message: expect.stringContaining("at position 1 (line 1, column 2)"),
        error_details: { position: 1, line: 1, column: 2 },
      },
    });
  });
});
