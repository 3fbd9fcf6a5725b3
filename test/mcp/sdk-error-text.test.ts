/**
 * Reading the SDKs' own error texts (sdk-error-text.ts): servers are untrusted, so any
 * text must give a well-formed detail, and issue lists as the SDKs write them must come
 * back issue by issue.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorFromSdkText } from "../../packages/runtime/src/mcp/sdk-error-text.js";

const segment = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
const index = fc.integer({ min: 0, max: 99 });
const path = fc.array(fc.oneof(segment, index), { minLength: 1, maxLength: 4 });
// Messages as zod writes them: words, spaces, digits, comparison signs; ", word word" but never ", word: ".
const message = fc.stringMatching(/^[A-Z][a-z]{1,8}(?: [a-z0-9<>=]{1,8}){0,5}(?:, [a-z]{1,8} [a-z]{1,8})?$/);
const issues = fc.array(fc.tuple(path, message), { minLength: 1, maxLength: 6 });

function pointerOf(p: readonly (string | number)[]): string {
  return p.map((s) => `/${s}`).join("");
}

describe("errorFromSdkText", () => {
  it("gives a well-formed detail for any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const detail = errorFromSdkText(text);
        expect(typeof detail.error_type).toBe("string");
        expect(typeof detail.error_message).toBe("string");
      }),
      { seed: 30, numRuns: 500 },
    );
  });

  it("reads SDK v2's comma-joined issues back one by one", () => {
    fc.assert(
      fc.property(issues, (list) => {
        const text = list.map(([p, m]) => `${p.join(".")}: ${m}`).join(", ");
        const detail = errorFromSdkText(`Input validation error: Invalid arguments for tool t.x: ${text}`);
        expect(detail.error_type).toBe("ValidationError");
        expect((detail.error_details as { errors?: unknown }).errors).toEqual(
          list.map(([p, m]) => ({ pointer: pointerOf(p), rule: "schema", message: m })),
        );
      }),
      { seed: 30, numRuns: 300 },
    );
  });

  it("reads SDK 1.x's issue lines back one by one", () => {
    fc.assert(
      fc.property(issues, (list) => {
        const dotted = (p: readonly (string | number)[]) =>
          p.reduce<string>(
            (acc, s, i) => (i === 0 ? String(s) : typeof s === "number" ? `${acc}[${s}]` : `${acc}.${s}`),
            "",
          );
        const text = list.map(([p, m]) => `${m} at ${dotted(p)}`).join("\n");
        const detail = errorFromSdkText(
          `MCP error -32602: Input validation error: Invalid arguments for tool t: ${text}`,
        );
        expect(detail.error_details).toMatchObject({ code: -32602, tool_name: "t" });
        expect((detail.error_details as { errors?: unknown }).errors).toEqual(
          list.map(([p, m]) => ({ pointer: pointerOf(p), rule: "schema", message: m })),
        );
      }),
      { seed: 30, numRuns: 300 },
    );
  });
});
