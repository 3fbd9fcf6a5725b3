import { describe, expect, it } from "vitest";
import {
  errorToDetail,
  fromAnthropicToolUse,
  fromGeminiFunctionCall,
  fromOpenAIToolCall,
  ToolNotFoundError,
  ValidationError,
  type VendorToolIndex,
} from "../../packages/runtime/src/index.js";

const countSchema = {
  type: "object",
  properties: { count: { type: "number", minimum: 1 }, note: { type: ["string", "null"] } },
};

function index(vendor: VendorToolIndex["vendor"], optionalsAsNull = true): VendorToolIndex {
  return {
    vendor,
    tools: {
      everything__get_resource_links: {
        name: "get-resource-links",
        inputSchema: countSchema,
        optionalsAsNull,
      },
      math__sum: { name: "math.sum", inputSchema: { type: "object" }, optionalsAsNull: false },
    },
  };
}

const chat = (name: string, args: string) => ({
  id: "call_1",
  type: "function" as const,
  function: { name, arguments: args },
});

describe("fromOpenAIToolCall", () => {
  it("restores the wire name and strips the nulls strict mode introduced (Chat and Responses)", () => {
    const openai = index("openai");
    const want = { tool_name: "get-resource-links", arguments: { note: null } };
    expect(fromOpenAIToolCall(chat("everything__get_resource_links", '{"count":null,"note":null}'), openai)).toEqual(
      want,
    );
    expect(
      fromOpenAIToolCall(
        {
          type: "function_call",
          call_id: "call_1",
          id: "fc_1",
          name: "everything__get_resource_links",
          arguments: '{"count":null,"note":null}',
        },
        openai,
      ),
    ).toEqual(want);
  });

  it("leaves the arguments of non-strict tools as they are", () => {
    expect(
      fromOpenAIToolCall(chat("everything__get_resource_links", '{"count":null}'), index("openai", false)),
    ).toEqual({ tool_name: "get-resource-links", arguments: { count: null } });
  });

  it("an empty arguments string is {}", () => {
    expect(fromOpenAIToolCall(chat("math__sum", " "), index("openai")).arguments).toEqual({});
  });

  it("unknown names: ToolNotFoundError with the closest names, readable as a failure detail", () => {
    let thrown: unknown;
    try {
      fromOpenAIToolCall(chat("math_sum", "{}"), index("openai"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolNotFoundError);
    expect(errorToDetail(thrown)).toEqual({
      error_type: "ToolNotFound",
      error_message: 'Unknown tool "math_sum"; did you mean "math__sum"?',
      error_details: { tool_name: "math_sum", suggestions: ["math__sum"] },
    });
  });

  it.each([
    ['{"count":}', 'expected a JSON value but found "}" at position 9 (line 1, column 10)'],
    ['{"count":1', 'expected "," or "}" but found the end of the input at position 10 (line 1, column 11)'],
    ["{\n  count: 1\n}", 'expected a property name in double quotes but found "c" at position 4 (line 2, column 3)'],
    ["[1,]", 'expected a JSON value but found "]" at position 3 (line 1, column 4)'],
    ['{"a":"\\x"}', 'expected an escape character but found "x" at position 7 (line 1, column 8)'],
    ['{"a":1} trailing', 'expected the end of the input after the JSON value but found "t" at position 8'],
    ['{"a":"line\nbreak"}', "control characters must be escaped in strings at position 10 (line 1, column 11)"],
  ])("arguments that are not JSON (%j): ValidationError with the position", (args, reason) => {
    let thrown: unknown;
    try {
      fromOpenAIToolCall(chat("math__sum", args), index("openai"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const detail = errorToDetail(thrown);
    expect(detail.error_type).toBe("ValidationError");
    expect(detail.error_message).toContain('Arguments of "math__sum" are not valid JSON: ');
    expect(detail.error_message).toContain(reason);
    expect(detail.error_details).toMatchObject({ position: expect.any(Number), line: expect.any(Number) });
    expect((thrown as ValidationError).issues[0]).toMatchObject({ pointer: "", rule: "json" });
  });

  it.each([
    ["[1]", "array"],
    ["42", "number"],
    ["null", "null"],
    ['"x"', "string"],
  ])("arguments that are not an object (%s): ValidationError", (args, type) => {
    expect(() => fromOpenAIToolCall(chat("math__sum", args), index("openai"))).toThrow(
      new RegExp(`^Arguments of "math__sum" must be a JSON object \\(got ${type}\\)$`),
    );
  });

  it("a custom tool call is refused clearly", () => {
    expect(() =>
      fromOpenAIToolCall({ id: "c", type: "custom", custom: { name: "grammar", input: "x" } }, index("openai")),
    ).toThrow(/Tool call "grammar" has type "custom": only function calls map to MCP tools/);
  });

  it("another vendor's index is a TypeError (a bug, not a model mistake)", () => {
    expect(() => fromOpenAIToolCall(chat("math__sum", "{}"), index("anthropic"))).toThrow(
      new TypeError("fromOpenAIToolCall needs the openai tool index (got the anthropic one)"),
    );
  });

  it("does not accept an inherited name", () => {
    expect(() => fromOpenAIToolCall(chat("constructor", "{}"), index("openai"))).toThrow(ToolNotFoundError);
  });
});

describe("fromAnthropicToolUse", () => {
  it("maps back, strips introduced nulls, copies the input", () => {
    const input = { count: null, note: "n" };
    const call = fromAnthropicToolUse(
      { type: "tool_use", id: "toolu_1", name: "everything__get_resource_links", input },
      index("anthropic"),
    );
    expect(call).toEqual({ tool_name: "get-resource-links", arguments: { note: "n" } });
    expect(input).toEqual({ count: null, note: "n" });
    const plain = fromAnthropicToolUse({ type: "tool_use", id: "t", name: "math__sum", input }, index("anthropic"));
    expect(plain.arguments).toEqual(input);
    expect(plain.arguments).not.toBe(input);
  });

  it("input that is not an object is a ValidationError", () => {
    expect(() =>
      fromAnthropicToolUse({ type: "tool_use", id: "t", name: "math__sum", input: "x" }, index("anthropic")),
    ).toThrow(ValidationError);
  });
});

describe("fromGeminiFunctionCall", () => {
  it("maps back; absent args are {}", () => {
    expect(fromGeminiFunctionCall({ id: "g1", name: "math__sum" }, index("gemini"))).toEqual({
      tool_name: "math.sum",
      arguments: {},
    });
    expect(
      fromGeminiFunctionCall({ name: "everything__get_resource_links", args: { count: 2 } }, index("gemini", false)),
    ).toEqual({ tool_name: "get-resource-links", arguments: { count: 2 } });
  });

  it("a call without a name is a ToolNotFoundError", () => {
    expect(() => fromGeminiFunctionCall({ args: {} }, index("gemini"))).toThrow(ToolNotFoundError);
    expect(() => fromGeminiFunctionCall({ args: {} }, index("gemini"))).toThrow(/^The tool call has no function name$/);
  });
});
