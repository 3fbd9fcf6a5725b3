import { describe, expect, it } from "vitest";
import {
  failure,
  getContent,
  isBrandedResult,
  noChangeNeeded,
  partialSuccess,
  serialize,
  success,
  toolResult,
  ValidationError,
  withContent,
  type ContentBlock,
} from "@mcp-specgen/runtime";

describe("result helpers", () => {
  it("success / failure / partialSuccess / noChangeNeeded build seed-shaped results", () => {
    expect(success({ a: 1 }, "done")).toEqual({ status: "success", data: { a: 1 }, explanation: "done" });
    expect(success(undefined)).toEqual({ status: "success", data: null });
    expect(failure("ResourceNotFound", "no such id", { id: 3 })).toEqual({
      status: "failure",
      data: null,
      error: { error_type: "ResourceNotFound", error_message: "no such id", error_details: { id: 3 } },
    });
    expect(partialSuccess({ done: 1 }, { error_type: "X", error_message: "one failed" })).toMatchObject({
      status: "partial_success",
      data: { done: 1 },
    });
    expect(noChangeNeeded("already up to date")).toEqual({
      status: "no_change_needed",
      data: null,
      explanation: "already up to date",
    });
  });

  it("serializes without brand, content or undefined fields", () => {
    expect(serialize(success({ a: 1 }))).toBe('{"status":"success","data":{"a":1}}');
    expect(serialize(failure("X", "m"))).toBe(
      '{"status":"failure","data":null,"error":{"error_type":"X","error_message":"m"}}',
    );
  });

  it("brands results by prototype, not by shape", () => {
    expect(isBrandedResult(success(1))).toBe(true);
    expect(isBrandedResult(failure("X", "m"))).toBe(true);
    expect(isBrandedResult({ status: "success", data: {} })).toBe(false);
    expect(isBrandedResult(null)).toBe(false);
    expect(isBrandedResult("success")).toBe(false);
    expect(Object.keys(success(1))).toEqual(["status", "data", "error", "explanation"]);
    expect(isBrandedResult({ ...success(1) })).toBe(false); // spreading drops the brand
  });

  it("toolResult brands a plain result after checking the seed rules", () => {
    const plain = { status: "no_change_needed" as const, data: [1, 2], explanation: "same" };
    const branded = toolResult(plain);
    expect(isBrandedResult(branded)).toBe(true);
    expect(branded).toEqual(plain);
    expect(() => toolResult({ status: "failure" })).toThrow(ValidationError);
    expect(() =>
      toolResult({ status: "failure", data: { a: 1 }, error: { error_type: "X", error_message: "m" } }),
    ).toThrow(/data must be null or absent/);
  });

  it("withContent attaches non-enumerable content blocks", () => {
    const content: ContentBlock[] = [
      { type: "text", text: "hello" },
      { type: "image", data: "iVBOR", mimeType: "image/png" },
    ];
    const result = withContent({ greeting: "hello" }, content);
    expect(isBrandedResult(result)).toBe(true);
    expect(result.status).toBe("success");
    expect(result.data).toEqual({ greeting: "hello" });
    expect(getContent(result)).toBe(content);
    expect(result.content).toBe(content);
    expect(Object.keys(result)).not.toContain("content");
    expect(serialize(result)).toBe('{"status":"success","data":{"greeting":"hello"}}');
  });

  it("withContent keeps an existing result's status and error", () => {
    const content: ContentBlock[] = [{ type: "text", text: "details" }];
    const result = withContent(failure("X", "m"), content);
    expect(result.status).toBe("failure");
    expect(result.error).toEqual({ error_type: "X", error_message: "m" });
    expect(getContent(result)).toBe(content);
    expect(getContent(toolResult(result))).toBe(content); // toolResult keeps content
    expect(getContent(success(1))).toBeUndefined();
  });
});
