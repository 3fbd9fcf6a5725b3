import { describe, expect, it } from "vitest";
import {
  errorToDetail,
  ErrorTypes,
  MCPError,
  PermissionError,
  RegistrationError,
  SchemaError,
  SerializationError,
  TimeoutError,
  ToolCallError,
  ToolNotFoundError,
  TransportError,
  ValidationError,
} from "@mcp-specgen/runtime";

describe("error classes", () => {
  it.each<[string, MCPError, string]>([
    ["MCPError", new MCPError("m"), "MCPError"],
    ["TransportError", new TransportError("m"), "TransportError"],
    ["ToolNotFoundError", new ToolNotFoundError("m"), "ToolNotFound"],
    ["SchemaError", new SchemaError("m"), "SchemaError"],
    ["ValidationError", new ValidationError("m"), "ValidationError"],
    ["SerializationError", new SerializationError("m", "data.x"), "SerializationError"],
    ["TimeoutError", new TimeoutError("m"), "TimeoutError"],
    ["RegistrationError", new RegistrationError("m"), "RegistrationError"],
    ["PermissionError", new PermissionError("m"), "PermissionError"],
  ])("%s has a stable name and errorType", (name, error, errorType) => {
    expect(error.name).toBe(name);
    expect(error).toBeInstanceOf(MCPError);
    expect(error).toBeInstanceOf(Error);
    expect(error.errorType).toBe(errorType);
    expect(Object.keys(error)).not.toContain("name"); // on the prototype, like built-in errors
    expect(String(error)).toBe(`${name}: m`);
  });

  it("accepts errorType, details and cause options", () => {
    const cause = new Error("root");
    const e = new MCPError("rate", { errorType: ErrorTypes.ApiLimitExceeded, details: { retryAfter: 3 }, cause });
    expect(e.errorType).toBe("ApiLimitExceeded");
    expect(e.cause).toBe(cause);
    expect(e.toErrorDetail()).toEqual({
      error_type: "ApiLimitExceeded",
      error_message: "rate",
      error_details: { retryAfter: 3 },
    });
  });

  it("ToolCallError carries the MCPErrorDetail of a failed result", () => {
    const detail = { error_type: "ResourceNotFound", error_message: "no such user", error_details: { id: 7 } };
    const result = { status: "failure" as const, data: null, error: detail };
    const e = new ToolCallError(detail, { result });
    expect(e.name).toBe("ToolCallError");
    expect(e.message).toBe("no such user");
    expect(e.errorType).toBe("ResourceNotFound");
    expect(e.details).toEqual({ id: 7 });
    expect(e.detail).toBe(detail);
    expect(e.result).toBe(result);
    expect(e.toErrorDetail()).toBe(detail);
  });

  it("exports the standard error types of seed 000 §3.3", () => {
    expect(ErrorTypes).toMatchObject({
      ValidationError: "ValidationError",
      FileNotFoundError: "FileNotFoundError",
      AuthenticationError: "AuthenticationError",
      ResourceNotFound: "ResourceNotFound",
      ToolExecutionError: "ToolExecutionError",
      ApiLimitExceeded: "ApiLimitExceeded",
      TimeoutError: "TimeoutError",
      PermissionError: "PermissionError",
      ToolNotFound: "ToolNotFound",
    });
  });
});

describe("errorToDetail", () => {
  it.each<[string, unknown, object]>([
    [
      "an MCPError",
      new PermissionError("nope", { details: { user: "u" } }),
      { error_type: "PermissionError", error_message: "nope", error_details: { user: "u" } },
    ],
    ["a plain Error", new Error("boom"), { error_type: "ToolExecutionError", error_message: "boom" }],
    [
      "a TypeError",
      new TypeError("x is undefined"),
      { error_type: "ToolExecutionError", error_message: "x is undefined", error_details: { exception: "TypeError" } },
    ],
    ["a string", "plain failure", { error_type: "ToolExecutionError", error_message: "plain failure" }],
    ["a number", 42, { error_type: "ToolExecutionError", error_message: "42" }],
    [
      "a plain object with error_type",
      { error_type: "FileNotFoundError", error_message: "missing", error_details: { path: "/x" } },
      { error_type: "FileNotFoundError", error_message: "missing", error_details: { path: "/x" } },
    ],
    [
      "a plain object with error_type and message",
      { error_type: "X", message: "m" },
      { error_type: "X", error_message: "m" },
    ],
    [
      "an Error with an errorType property",
      Object.assign(new Error("quota"), { errorType: "ApiLimitExceeded", details: "retry later" }),
      { error_type: "ApiLimitExceeded", error_message: "quota", error_details: "retry later" },
    ],
    [
      "an object without a prototype",
      Object.create(null),
      { error_type: "ToolExecutionError", error_message: "Unknown error" },
    ],
  ])("maps %s", (_name, error, expected) => {
    expect(errorToDetail(error)).toEqual(expected);
  });

  it("never includes a stack", () => {
    expect(JSON.stringify(errorToDetail(new RangeError("r")))).not.toContain("at ");
  });
});
