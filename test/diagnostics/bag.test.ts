import { describe, expect, expectTypeOf, it } from "vitest";
import type { CodesIn, ErrorCode, InfoCode, SeveritiesIn, WarningCode } from "../../src/diagnostics/codes.js";
import { DIAGNOSTIC_CODES } from "../../src/diagnostics/codes.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";

const at = { file: "specs/a.md", line: 3, column: 5 };

describe("DiagnosticBag", () => {
  it("accepts a code only with its catalogued severity (checked by `npm run typecheck`)", () => {
    const bag = new DiagnosticBag();
    bag.error("SPEC_SCHEMA_INVALID", at, "m");
    bag.warning("SPEC_FORMAT_UNKNOWN", at, "m");
    bag.info("SPEC_NO_TOOLS", at, "m");
    bag.report({ severity: "warning", code: "LINT_OUTPUT_MISSING", message: "m", loc: at });
    expect(bag.items.map((d) => [d.severity, d.code])).toEqual([
      ["error", "SPEC_SCHEMA_INVALID"],
      ["warning", "SPEC_FORMAT_UNKNOWN"],
      ["info", "SPEC_NO_TOOLS"],
      ["warning", "LINT_OUTPUT_MISSING"],
    ]);
    // Never run: each line must fail to compile.
    const _rejected = () => {
      // @ts-expect-error an error code reported as a warning
      bag.warning("SPEC_SCHEMA_INVALID", at, "m");
      // @ts-expect-error a warning code reported as an error
      bag.error("SPEC_FORMAT_UNKNOWN", at, "m");
      // @ts-expect-error a code that is not catalogued
      bag.error("SPEC_NOT_A_CODE", at, "m");
      // @ts-expect-error report() checks the severity too
      bag.report({ severity: "error", code: "LINT_OUTPUT_MISSING", message: "m", loc: at });
    };
    expectTypeOf<"SPEC_SCHEMA_INVALID">().toExtend<ErrorCode>();
    expectTypeOf<"SPEC_FORMAT_UNKNOWN">().toExtend<WarningCode>();
    expectTypeOf<"SPEC_NO_TOOLS">().toExtend<InfoCode>();
    expectTypeOf<"SPEC_NO_TOOLS">().not.toExtend<ErrorCode | WarningCode>();
  });

  it("lets a catalogue entry allow several severities", () => {
    type Catalogue = {
      A: { severity: "error"; summary: ""; cause: ""; fix: "" };
      B: { severity: "warning"; alsoReportedAs: readonly ["error"]; summary: ""; cause: ""; fix: "" };
      C: { severity: "info"; summary: ""; cause: ""; fix: "" };
    };
    expectTypeOf<SeveritiesIn<Catalogue, "B">>().toEqualTypeOf<"warning" | "error">();
    expectTypeOf<CodesIn<Catalogue, "error">>().toEqualTypeOf<"A" | "B">();
    expectTypeOf<CodesIn<Catalogue, "warning">>().toEqualTypeOf<"B">();
    expectTypeOf<CodesIn<Catalogue, "info">>().toEqualTypeOf<"C">();
  });

  it("gives a diagnostic without help the catalogue's fix, and keeps the diagnostic's shape", () => {
    const bag = new DiagnosticBag();
    bag.info("SPEC_SHARED_WIRE_NAME", at, "shared");
    bag.error("SPEC_SCHEMA_INVALID", at, "bad", "do this");
    bag.error("GENERATION_FAILED", at, "failed", undefined);
    bag.report({ severity: "warning", code: "LINT_OUTPUT_MISSING", message: "m", loc: at });
    expect(bag.items.map((d) => d.help)).toEqual([
      DIAGNOSTIC_CODES.SPEC_SHARED_WIRE_NAME.fix,
      "do this",
      DIAGNOSTIC_CODES.GENERATION_FAILED.fix,
      DIAGNOSTIC_CODES.LINT_OUTPUT_MISSING.fix,
    ]);
    // `--json` prints these objects as they are: same keys, same order as before.
    expect(bag.items.map((d) => Object.keys(d))).toEqual(Array(4).fill(["severity", "code", "message", "help", "loc"]));
    expect(bag.items[1]).toEqual({
      severity: "error",
      code: "SPEC_SCHEMA_INVALID",
      message: "bad",
      help: "do this",
      loc: at,
    });
    expect(bag.hasErrors).toBe(true);
  });
});
