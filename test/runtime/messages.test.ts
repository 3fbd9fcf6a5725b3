import { describe, expect, it } from "vitest";
import {
  assertToolCall,
  isErrorDetail,
  isToolCall,
  isToolResult,
  isValidToolName,
  MCP_TOOL_NAME_PATTERN,
  parseErrorDetail,
  parseToolCall,
  parseToolResult,
  serialize,
  STRICT_TOOL_NAME_PATTERN,
  TOOL_STATUSES,
  validateErrorDetail,
  validateToolCall,
  validateToolResult,
  ValidationError,
  type MCPErrorDetail,
  type MCPToolCall,
  type MCPToolResult,
  type ValidationIssue,
} from "@mcp-specgen/runtime";

/** Short form of issues for table assertions: `pointer rule`. */
function summary(issues: readonly ValidationIssue[]): string[] {
  return issues.map((i) => `${i.pointer} ${i.rule}`);
}

describe("round trips through JSON", () => {
  const calls: [string, MCPToolCall][] = [
    ["seed example", { tool_name: "ai_code_editing.generate_code", arguments: { prompt: "sum", language: "python" } }],
    ["MCP wire name", { tool_name: "get-sum", arguments: { a: 1, b: 2 } }],
    ["empty arguments", { tool_name: "a.b", arguments: {} }],
    ["nested arguments", { tool_name: "x.y", arguments: { list: [1, { deep: [null, true] }], s: "ü ✓ \n" } }],
  ];
  it.each(calls)("MCPToolCall: %s", (_name, call) => {
    const json = serialize(call);
    expect(parseToolCall(json)).toEqual(call);
    expect(parseToolCall(serialize(call, { space: 2 }))).toEqual(call);
  });

  const results: [string, MCPToolResult][] = [
    [
      "seed success",
      {
        status: "success",
        data: { generated_code: "def f(): pass", language: "python", lines_generated: 1 },
        explanation: "Generated.",
        error: null,
      },
    ],
    [
      "seed failure",
      {
        status: "failure",
        data: null,
        error: {
          error_type: "ValidationError",
          error_message: "Invalid prompt: prompt cannot be empty",
          error_details: { parameter: "prompt", provided_value: "", constraint: "non-empty string" },
        },
        explanation: "The tool call failed due to invalid input parameters.",
      },
    ],
    ["success with null data", { status: "success", data: null }],
    ["success without data", { status: "success" }],
    ["no_change_needed", { status: "no_change_needed", explanation: "already there" }],
    [
      "partial_success with error",
      {
        status: "partial_success",
        data: { done: 2 },
        error: { error_type: "ApiLimitExceeded", error_message: "rate" },
      },
    ],
    [
      "failure, data absent, string details",
      { status: "failure", error: { error_type: "X", error_message: "m", error_details: "more" } },
    ],
  ];
  it.each(results)("MCPToolResult: %s", (_name, result) => {
    expect(parseToolResult(serialize(result))).toEqual(result);
  });

  const details: [string, MCPErrorDetail][] = [
    ["minimal", { error_type: "FileNotFoundError", error_message: "no such file" }],
    ["object details", { error_type: "ValidationError", error_message: "bad", error_details: { field: "a" } }],
    ["string details", { error_type: "ToolExecutionError", error_message: "boom", error_details: "stack-free text" }],
    ["null details", { error_type: "TimeoutError", error_message: "slow", error_details: null }],
  ];
  it.each(details)("MCPErrorDetail: %s", (_name, detail) => {
    expect(parseErrorDetail(serialize(detail))).toEqual(detail);
  });
});

describe("tool name patterns", () => {
  it.each([
    ["module.tool", true, true],
    ["ai_code_editing.generate_code", true, true],
    ["a.b.c", true, true],
    ["get-sum", true, false],
    ["echo", true, false],
    ["Module.Tool", true, false],
    ["a".repeat(128), true, false],
    ["a".repeat(129), false, false],
    ["", false, false],
    ["has space", false, false],
    ["a/b", false, false],
    ["a..b", true, false],
  ])("%j: any MCP name %s, strict %s", (name, loose, strict) => {
    expect(MCP_TOOL_NAME_PATTERN.test(name)).toBe(loose);
    expect(STRICT_TOOL_NAME_PATTERN.test(name)).toBe(strict);
    expect(isValidToolName(name)).toBe(loose);
    expect(isValidToolName(name, true)).toBe(strict);
  });
});

describe("validateToolCall", () => {
  it.each<[string, unknown, string[]]>([
    ["valid", { tool_name: "a.b", arguments: {} }, []],
    ["valid MCP name", { tool_name: "get-sum", arguments: { a: 1 } }, []],
    ["not an object", "call", [" type"]],
    ["null", null, [" type"]],
    ["array", [], [" type"]],
    ["missing everything", {}, ["/tool_name required", "/arguments required"]],
    ["tool_name not a string", { tool_name: 5, arguments: {} }, ["/tool_name type"]],
    ["tool_name with space", { tool_name: "bad name", arguments: {} }, ["/tool_name pattern"]],
    ["empty tool_name", { tool_name: "", arguments: {} }, ["/tool_name pattern"]],
    ["arguments array", { tool_name: "a.b", arguments: [] }, ["/arguments type"]],
    ["arguments null", { tool_name: "a.b", arguments: null }, ["/arguments type"]],
    ["arguments string", { tool_name: "a.b", arguments: "{}" }, ["/arguments type"]],
    ["extra property", { tool_name: "a.b", arguments: {}, id: 1 }, ["/id additionalProperties"]],
    ["escaped extra property", { tool_name: "a.b", arguments: {}, "a/b": 1 }, ["/a~1b additionalProperties"]],
  ])("%s", (_name, value, expected) => {
    const issues = validateToolCall(value);
    expect(summary(issues)).toEqual(expected);
    expect(isToolCall(value)).toBe(expected.length === 0);
  });

  it("strictToolName requires the seed pattern", () => {
    const call = { tool_name: "get-sum", arguments: {} };
    expect(validateToolCall(call)).toEqual([]);
    const issues = validateToolCall(call, { strictToolName: true });
    expect(summary(issues)).toEqual(["/tool_name pattern"]);
    expect(issues[0].message).toContain(STRICT_TOOL_NAME_PATTERN.source);
    expect(issues[0].value).toBe("get-sum");
    expect(() => parseToolCall(JSON.stringify(call), { strictToolName: true })).toThrow(ValidationError);
  });

  it("returns the same frozen empty array when valid (no allocation)", () => {
    const a = validateToolCall({ tool_name: "a.b", arguments: {} });
    const b = validateToolCall({ tool_name: "c.d", arguments: {} });
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });
});

describe("validateToolResult", () => {
  const err = { error_type: "ValidationError", error_message: "bad" };
  it.each<[string, unknown, string[]]>([
    ["success with object data", { status: "success", data: { a: 1 } }, []],
    ["success with null data", { status: "success", data: null }, []],
    ["success with error null", { status: "success", data: {}, error: null, explanation: null }, []],
    ["failure with error", { status: "failure", error: err }, []],
    ["failure with error and null data", { status: "failure", data: null, error: err }, []],
    ["not an object", 42, [" type"]],
    ["missing status", { data: {} }, ["/status required"]],
    ["bad status", { status: "ok" }, ["/status enum"]],
    ["status not a string", { status: 1 }, ["/status enum"]],
    ["failure without error", { status: "failure" }, ["/error failureRequiresError"]],
    ["failure with null error", { status: "failure", error: null }, ["/error failureRequiresError"]],
    ["failure with data", { status: "failure", data: { a: 1 }, error: err }, ["/data failureForbidsData"]],
    [
      "failure with data and no error",
      { status: "failure", data: { a: 1 } },
      ["/error failureRequiresError", "/data failureForbidsData"],
    ],
    ["array data", { status: "success", data: [1, 2] }, ["/data type"]],
    ["string data", { status: "success", data: "text" }, ["/data type"]],
    ["explanation not a string", { status: "success", explanation: 5 }, ["/explanation type"]],
    ["error not an object", { status: "partial_success", error: "oops" }, ["/error type"]],
    [
      "error missing fields",
      { status: "failure", error: {} },
      ["/error/error_type required", "/error/error_message required"],
    ],
    [
      "error_type not a string",
      { status: "failure", error: { error_type: 1, error_message: "m" } },
      ["/error/error_type type"],
    ],
    [
      "error_details array",
      { status: "failure", error: { error_type: "X", error_message: "m", error_details: [1] } },
      ["/error/error_details type"],
    ],
  ])("%s", (_name, value, expected) => {
    expect(summary(validateToolResult(value))).toEqual(expected);
    expect(isToolResult(value)).toBe(expected.length === 0);
  });

  it("allowAnyData accepts non-object data but keeps the other rules", () => {
    expect(validateToolResult({ status: "success", data: [1, 2] }, { allowAnyData: true })).toEqual([]);
    expect(validateToolResult({ status: "success", data: 3 }, { allowAnyData: true })).toEqual([]);
    expect(summary(validateToolResult({ status: "failure", data: 3 }, { allowAnyData: true }))).toEqual([
      "/error failureRequiresError",
      "/data failureForbidsData",
    ]);
  });

  it("lists every status in the message of an enum failure", () => {
    const [issue] = validateToolResult({ status: "done" });
    for (const s of TOOL_STATUSES) expect(issue.message).toContain(s);
    expect(issue.message).toContain('"done"');
  });
});

describe("validateErrorDetail", () => {
  it.each<[string, unknown, string[]]>([
    ["valid", { error_type: "X", error_message: "m" }, []],
    ["extra fields allowed", { error_type: "X", error_message: "m", code: 7 }, []],
    ["null", null, [" type"]],
    ["missing message", { error_type: "X" }, ["/error_message required"]],
    ["message not a string", { error_type: "X", error_message: 1 }, ["/error_message type"]],
    ["details number", { error_type: "X", error_message: "m", error_details: 5 }, ["/error_details type"]],
  ])("%s", (_name, value, expected) => {
    expect(summary(validateErrorDetail(value))).toEqual(expected);
    expect(isErrorDetail(value)).toBe(expected.length === 0);
  });
});

describe("parse errors", () => {
  it("reports invalid JSON as a ValidationError with rule json", () => {
    let error: unknown;
    try {
      parseToolCall("{not json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.name).toBe("ValidationError");
    expect(v.message).toMatch(/^Invalid MCPToolCall: not valid JSON/);
    expect(v.issues[0].rule).toBe("json");
    expect(v.cause).toBeInstanceOf(SyntaxError);
  });

  it("rejects a non-string input", () => {
    expect(() => parseToolResult(42 as unknown as string)).toThrow(/expected a JSON string \(got number\)/);
  });

  it("names every field and why in the message", () => {
    expect(() => parseToolCall('{"tool_name": 5, "extra": true}')).toThrow(
      "Invalid MCPToolCall: tool_name must be a string (got number); arguments is required; extra is not allowed (MCPToolCall has only tool_name and arguments)",
    );
    expect(() => parseToolResult('{"status":"failure","data":{"a":1}}')).toThrow(
      'Invalid MCPToolResult: error is required when status is "failure"; data must be null or absent when status is "failure"',
    );
    expect(() => parseErrorDetail('{"error_type":"X","error_message":"m","error_details":[]}')).toThrow(
      "Invalid MCPErrorDetail: error_details must be an object, a string or null (got array)",
    );
  });

  it("puts the issues in details so the error maps to an MCPErrorDetail", () => {
    try {
      parseToolResult('{"status":"nope"}');
      expect.unreachable();
    } catch (e) {
      const detail = (e as ValidationError).toErrorDetail();
      expect(detail.error_type).toBe("ValidationError");
      expect(detail.error_details).toEqual({
        errors: [
          {
            pointer: "/status",
            rule: "enum",
            message: 'must be one of success, failure, no_change_needed, partial_success (got "nope")',
            value: "nope",
          },
        ],
      });
    }
  });

  it("parseToolResult rejects non-object data unless allowAnyData", () => {
    const json = '{"status":"success","data":[1,2,3]}';
    expect(() => parseToolResult(json)).toThrow("data must be an object or null (got array)");
    expect(parseToolResult(json, { allowAnyData: true }).data).toEqual([1, 2, 3]);
  });

  it("assertToolCall narrows the type", () => {
    const value: unknown = { tool_name: "a.b", arguments: { x: 1 } };
    assertToolCall(value);
    expect(value.arguments.x).toBe(1);
  });
});
