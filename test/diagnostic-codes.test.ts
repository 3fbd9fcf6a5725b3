import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import {
  ALL_DIAGNOSTIC_CODES,
  DIAGNOSTIC_CODES,
  type DiagnosticCodeInfo,
  isDiagnosticCode,
} from "../src/diagnostics/codes.js";
import { REPO } from "./helpers/project.js";

// That every reported code is catalogued, with its severity, is checked by the compiler:
// `DiagnosticBag.error/warning/info` accept only the codes catalogued with that severity
// (see test/diagnostics/bag.test.ts). What is left to check at run time is the other way round.

// The catalogue: codes.ts and the parts it spreads in (codes-*.ts, contract-codes.ts).
const CATALOGUE_FILES = ["codes.ts", "codes-slips.ts", "contract-codes.ts"].map((f) =>
  path.join(REPO, "src/diagnostics", f),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(REPO, dir, f))
    .filter((f) => !CATALOGUE_FILES.includes(f));
}

describe("diagnostic codes", () => {
  it("every catalogued code is used in the source", () => {
    const source = [...sourceFiles("src"), ...sourceFiles("generators")].map((f) => readFileSync(f, "utf8")).join("\n");
    expect(ALL_DIAGNOSTIC_CODES.length).toBeGreaterThan(10);
    expect(ALL_DIAGNOSTIC_CODES.filter((code) => !source.includes(`"${code}"`))).toEqual([]);
  });

  it("every entry has a one-line summary, a one-sentence cause and a help-style fix", () => {
    for (const code of ALL_DIAGNOSTIC_CODES) {
      const info: DiagnosticCodeInfo = DIAGNOSTIC_CODES[code];
      const { severity, alsoReportedAs = [], summary, cause, fix } = info;
      expect(code, code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/);
      expect(alsoReportedAs, `${code}: alsoReportedAs repeats the severity`).not.toContain(severity);
      expect(new Set(alsoReportedAs).size, code).toBe(alsoReportedAs.length);
      expect(summary, code).toMatch(/^\S.*\.$/);
      expect(cause, `${code}: cause is one sentence`).toMatch(/^[A-Z][^\n]*\.$/);
      expect(cause, `${code}: cause is one sentence`).not.toMatch(/[.!?] [A-Z]/);
      // Printed after "help:" like the call sites' help: one line, no full stop (but a quoted one).
      expect(fix, code).toMatch(/^\S[^\n]*(?:[^.]|\.")$/);
    }
  });

  it("isDiagnosticCode tells catalogued codes from other strings", () => {
    expect(isDiagnosticCode("SPEC_SCHEMA_INVALID")).toBe(true);
    expect(isDiagnosticCode("SPEC_NOT_A_CODE")).toBe(false);
    expect(isDiagnosticCode("toString")).toBe(false);
    const readBack: string = "SPEC_NOT_A_CODE";
    expect(DIAGNOSTIC_CODES[readBack]).toBeUndefined();
  });
});
