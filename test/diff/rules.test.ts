import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { diffToolSets } from "../../src/diff/compare-tools.js";
import { RULES, RULE_CODES, type RuleExampleTool } from "../../src/contract-rules/rules.js";
import { parseJsonSpec } from "../../src/parse/json/index.js";

function tools(example: RuleExampleTool) {
  if (example === null) return [];
  const bag = new DiagnosticBag();
  const parsed = parseJsonSpec("t.json", JSON.stringify([{ name: "m.t", description: "", ...example }]), bag);
  expect(bag.items.filter((d) => d.severity === "error")).toEqual([]);
  return parsed;
}

describe("every rule's example", () => {
  for (const code of RULE_CODES)
    it(`${code} classifies its own example`, () => {
      const { before, after } = RULES[code].example;
      const result = diffToolSets(tools(before), tools(after));
      expect(result.changes.map((c) => c.code)).toContain(code);
      // Each example is minimal: its rule is the only one it shows.
      expect([...new Set(result.changes.map((c) => c.code))]).toEqual([code]);
      expect(result.impact).toBe(RULES[code].impact);
    });
});
