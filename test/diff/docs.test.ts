import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_TABLE_END, RULE_TABLE_START, withRuleTable } from "../../src/diff/docs.js";
import { RULE_CODES } from "../../src/contract-rules/rules.js";
import { REPO } from "../helpers/project.js";

const DOC = readFileSync(path.join(REPO, "docs/diff.md"), "utf8");

describe("docs/diff.md", () => {
  it("lists every rule as the catalogue has it (run `npm run docs` after changing a rule)", () => {
    expect(withRuleTable(DOC)).toBe(DOC);
    for (const code of RULE_CODES) expect(DOC).toContain(`### ${code}\n`);
  });

  it("rewrites only what is between the markers", () => {
    const replaced = withRuleTable(`intro\n${RULE_TABLE_START}\nold\n${RULE_TABLE_END}\noutro\n`);
    expect(replaced.startsWith(`intro\n${RULE_TABLE_START}\n| rule |`)).toBe(true);
    expect(replaced.endsWith(`${RULE_TABLE_END}\noutro\n`)).toBe(true);
    expect(() => withRuleTable("no markers")).toThrow(/diff-rules:start/);
  });
});
