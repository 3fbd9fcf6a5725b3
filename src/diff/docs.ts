import { RULES, RULE_CODES, type RuleExampleTool } from "../contract-rules/rules.js";

/** The markers around the generated rule list in docs/diff.md (`npm run docs` rewrites what is between them). */
export const RULE_TABLE_START = "<!-- diff-rules:start -->";
export const RULE_TABLE_END = "<!-- diff-rules:end -->";

/**
 * The rules of docs/diff.md: a table (code | impact | what changed | why), then each rule
 * with its fix and its example, in catalogue order.
 */
export function ruleTable(): string {
  const rows = RULE_CODES.map((code) => {
    const r = RULES[code];
    return `| [\`${code}\`](#${code.toLowerCase()}) | ${r.impact} | ${cell(r.summary)} | ${cell(r.cause)} |`;
  });
  const sections = RULE_CODES.map((code) => {
    const r = RULES[code];
    return [
      `### ${code}`,
      "",
      `**${r.impact}**. ${r.summary} ${r.cause}`,
      "",
      `Fix: ${r.fix}.`,
      "",
      "```json",
      `// before\n${example(r.example.before)}\n// after\n${example(r.example.after)}`,
      "```",
    ].join("\n");
  });
  return [
    "| rule | impact | what changed | why |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    ...sections.join("\n\n").split("\n"),
  ].join("\n");
}

/**
 * `doc` with the text between the markers replaced by {@link ruleTable}; throws when the
 * markers are missing or out of order.
 */
export function withRuleTable(doc: string): string {
  const start = doc.indexOf(RULE_TABLE_START);
  const end = doc.indexOf(RULE_TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/diff.md needs "${RULE_TABLE_START}" followed by "${RULE_TABLE_END}"`);
  return `${doc.slice(0, start + RULE_TABLE_START.length)}\n${ruleTable()}\n${doc.slice(end)}`;
}

function example(tool: RuleExampleTool): string {
  return tool === null ? "(no tool)" : JSON.stringify(tool);
}

function cell(text: string): string {
  return text.replace(/\n/g, " ").replace(/\|/g, "\\|");
}
