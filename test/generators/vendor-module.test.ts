import { describe, expect, it } from "vitest";
import type { GeneratorContext, GeneratorDiagnostic } from "../../src/generator-kit/contract.js";
import { reportSchemaLoosenings } from "../../src/generator-kit/vendor-module.js";
import { toGeminiSchema } from "../../src/vendors/gemini-schema.js";
import { makeTool } from "../helpers/make-tool.js";

// The vendor generators report what their schema conversion loosened through one function,
// so each loosening reaches the user as a diagnostic at its place, with the vendor's codes.

/** A context that only records what is reported (all reportSchemaLoosenings uses). */
function recordingContext(): { ctx: GeneratorContext<unknown>; reported: GeneratorDiagnostic[] } {
  const reported: GeneratorDiagnostic[] = [];
  const ctx = { report: (d: GeneratorDiagnostic) => reported.push(d) } as unknown as GeneratorContext<unknown>;
  return { ctx, reported };
}

describe("reportSchemaLoosenings", () => {
  it("reports every loosening of every tool: a change of shape as the vendor's warning, a dropped value constraint as its info", () => {
    const tool = makeTool({
      name: "demo.pick",
      inputSchema: {
        type: "object",
        properties: {
          choice: { oneOf: [{ type: "string" }, { type: "integer" }] },
          tags: { type: "array", items: { type: "string" }, uniqueItems: true },
        },
      },
    });
    const loosenings = toGeminiSchema(tool.inputSchema).issues;
    expect(loosenings.map((l) => l.impact)).toEqual(["major", "minor"]);
    const { ctx, reported } = recordingContext();
    reportSchemaLoosenings(ctx, "Gemini", { major: "GEMINI_SCHEMA_LOSSY", minor: "GEMINI_CONSTRAINT_DROPPED" }, [
      { tool, loosenings },
      { tool: makeTool({ name: "demo.plain" }), loosenings: [] },
    ]);
    expect(reported.map((d) => [d.severity, d.code, d.loc.file])).toEqual([
      ["warning", "GEMINI_SCHEMA_LOSSY", "specs/tools.json"],
      ["info", "GEMINI_CONSTRAINT_DROPPED", "specs/tools.json"],
    ]);
    expect(reported[0]!.message).toBe(
      `Gemini: input schema of "demo.pick" at #/properties/choice/oneOf: ${loosenings[0]!.message}`,
    );
    expect(reported[1]!.message).toContain("#/properties/tags/uniqueItems");
  });
});
