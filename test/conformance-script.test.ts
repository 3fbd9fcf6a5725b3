// The pure parts of scripts/conformance.mjs: reading the suite's scenario list, result line and
// checks, and the results table. (The script itself needs the network and Node 22: `npm run conformance`.)
import { describe, expect, it } from "vitest";
// @ts-expect-error — a plain ES module script without declarations
import * as script from "../scripts/conformance.mjs";

interface Result {
  passed: number;
  failed: number;
  warnings: number;
  total: number;
  failures?: string[];
  error?: string;
}
const { parseScenarioList, summarizeChecks, parseResultLine, scenarioPassed, formatTable } = script as {
  parseScenarioList(text: string): { server: string[]; client: string[] };
  summarizeChecks(checks: Array<{ status: string; id?: string; errorMessage?: string }>): Result & {
    failures: string[];
  };
  parseResultLine(text: string): Omit<Result, "failures"> | undefined;
  scenarioPassed(result: Result): boolean;
  formatTable(
    title: string,
    scenarios: readonly string[],
    targets: ReadonlyArray<{ name: string; label: string }>,
    results: Map<string, Result>,
  ): string;
};

describe("scripts/conformance.mjs", () => {
  it("reads the scenario list of `conformance list`", () => {
    const text = [
      "Server scenarios (test against a server):",
      "  - server-initialize [2025-06-18,2025-11-25]",
      "  - dns-rebinding-protection [2025-11-25]",
      "",
      "Client scenarios (test against a client):",
      "  - initialize [2025-06-18,2025-11-25]",
      "  - auth/metadata-default [2025-11-25]",
      "  - auth/client-credentials-jwt [extension]",
    ].join("\n");
    expect(parseScenarioList(text)).toEqual({
      server: ["server-initialize", "dns-rebinding-protection"],
      client: ["initialize", "auth/metadata-default", "auth/client-credentials-jwt"],
    });
    expect(parseScenarioList("npm warn something\n")).toEqual({ server: [], client: [] });
  });

  it("counts checks as the suite does: INFO is not counted, WARNING apart", () => {
    const summary = summarizeChecks([
      { status: "SUCCESS", id: "a" },
      { status: "INFO", id: "b" },
      { status: "FAILURE", id: "c", errorMessage: "boom" },
      { status: "WARNING", id: "d", errorMessage: "should" },
      { status: "SUCCESS", id: "e" },
    ]);
    expect(summary).toMatchObject({ passed: 2, failed: 1, warnings: 1, total: 3 });
    expect(summary.failures).toEqual(["c: boom", "(warning) d: should"]);
  });

  it("reads the suite's result line", () => {
    expect(parseResultLine("Checks:\n…\nPassed: 3/4, 1 failed, 2 warnings\n")).toEqual({
      passed: 3,
      total: 4,
      failed: 1,
      warnings: 2,
    });
    expect(parseResultLine("Server test error: ECONNREFUSED")).toBeUndefined();
  });

  it("passes a scenario without failures, warnings or not, and fails a broken run", () => {
    expect(scenarioPassed({ passed: 1, failed: 0, warnings: 0, total: 1 })).toBe(true);
    expect(scenarioPassed({ passed: 0, failed: 0, warnings: 2, total: 0 })).toBe(true);
    expect(scenarioPassed({ passed: 3, failed: 1, warnings: 0, total: 4 })).toBe(false);
    expect(scenarioPassed({ passed: 0, failed: 0, warnings: 0, total: 0, error: "timed out" })).toBe(false);
  });

  it("prints scenario × target with totals", () => {
    const targets = [
      { name: "sdk", label: "SDK v2 server" },
      { name: "fast", label: "fast server" },
    ];
    const results = new Map<string, Result>([
      ["sdk\u0000ping", { passed: 1, failed: 0, warnings: 0, total: 1 }],
      ["fast\u0000ping", { passed: 1, failed: 0, warnings: 0, total: 1 }],
      ["sdk\u0000server-sse-polling", { passed: 0, failed: 0, warnings: 2, total: 0 }],
      ["fast\u0000server-sse-polling", { passed: 0, failed: 1, warnings: 0, total: 1 }],
    ]);
    const table = formatTable("server scenario", ["ping", "server-sse-polling", "prompts-list"], targets, results);
    expect(table.split("\n")).toEqual([
      "| server scenario    | SDK v2 server | fast server |",
      "|--------------------|---------------|-------------|",
      "| ping               | ✓ 1/1         | ✓ 1/1       |",
      "| server-sse-polling | ✓ 0/0 +2w     | ✗ 0/1       |",
      "| prompts-list       | —             | —           |",
      "|--------------------|---------------|-------------|",
      "| scenarios passed   | 2/2           | 1/2         |",
      "| checks passed      | 1/1           | 1/2         |",
    ]);
  });
});
