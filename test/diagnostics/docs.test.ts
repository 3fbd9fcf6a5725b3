import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ALL_DIAGNOSTIC_CODES, DIAGNOSTIC_CODES, type DiagnosticCodeInfo } from "../../src/diagnostics/codes.js";
import {
  DIAGNOSTIC_TABLE_END,
  DIAGNOSTIC_TABLE_START,
  diagnosticTable,
  withDiagnosticTable,
} from "../../src/diagnostics/docs.js";
import { REPO } from "../helpers/project.js";

const DOC = readFileSync(path.join(REPO, "docs/diagnostics.md"), "utf8");

describe("the table of diagnostic codes in docs/diagnostics.md", () => {
  it("is what `npm run docs` writes from the catalogue", () => {
    const region = (text: string) =>
      text.slice(
        text.indexOf(DIAGNOSTIC_TABLE_START),
        text.indexOf(DIAGNOSTIC_TABLE_END) + DIAGNOSTIC_TABLE_END.length,
      );
    expect(
      region(DOC),
      "docs/diagnostics.md's table of diagnostic codes is out of date with src/diagnostics/codes.ts: run `npm run docs`",
    ).toBe(region(withDiagnosticTable(DOC)));
  });

  it("has a row per code with its severity, meaning and fix", () => {
    const rows = diagnosticTable().split("\n");
    expect(rows[0]).toBe("| code | severity | meaning | fix |");
    expect(rows).toHaveLength(ALL_DIAGNOSTIC_CODES.length + 2);
    for (const [i, code] of ALL_DIAGNOSTIC_CODES.entries()) {
      const info: DiagnosticCodeInfo = DIAGNOSTIC_CODES[code];
      const { severity, alsoReportedAs = [], summary } = info;
      const severities = [severity, ...alsoReportedAs].join(" or ");
      expect(rows[i + 2]!.startsWith(`| \`${code}\` | ${severities} | ${summary.replace(/\|/g, "\\|")} | `)).toBe(true);
      // Four cells: every pipe inside a cell is escaped.
      expect(rows[i + 2]!.replace(/\\\|/g, "").split("|")).toHaveLength(6);
    }
  });

  it("keeps the text around the markers and refuses a document without them", () => {
    const replaced = withDiagnosticTable(`intro\n${DIAGNOSTIC_TABLE_START}\nold\n${DIAGNOSTIC_TABLE_END}\noutro\n`);
    expect(replaced).toBe(`intro\n${DIAGNOSTIC_TABLE_START}\n${diagnosticTable()}\n${DIAGNOSTIC_TABLE_END}\noutro\n`);
    expect(withDiagnosticTable(replaced)).toBe(replaced);
    expect(() => withDiagnosticTable("no markers")).toThrow(/diagnostic-codes:start/);
    expect(() => withDiagnosticTable(`${DIAGNOSTIC_TABLE_END}\n${DIAGNOSTIC_TABLE_START}`)).toThrow();
  });

  it("`node scripts/diagnostic-docs.mjs --check` finds docs/diagnostics.md up to date", () => {
    const run = spawnSync(process.execPath, [path.join(REPO, "scripts/diagnostic-docs.mjs"), "--check"], {
      cwd: REPO,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("docs/diagnostics.md: the table of codes is up to date");
    expect(run.status).toBe(0);
  });
});
