// Rewrites the rules in docs/diff.md (between <!-- diff-rules:start --> and
// <!-- diff-rules:end -->) from the catalogue in src/contract-rules/rules.ts. test/diff/docs.test.ts
// fails when they differ; run `npm run docs` after changing a rule. With --check, nothing
// is written and the exit code is 1 when the rules are out of date.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const { withRuleTable } = await tsImport("../src/diff/docs.ts", import.meta.url);
const docPath = path.join(root, "docs/diff.md");
const doc = readFileSync(docPath, "utf8");
const updated = withRuleTable(doc);

if (updated === doc) console.log("docs/diff.md: the rules are up to date");
else if (process.argv.includes("--check")) {
  console.error("docs/diff.md: the rules are out of date: run `npm run docs`");
  process.exitCode = 1;
} else {
  writeFileSync(docPath, updated);
  console.log("docs/diff.md: the rules updated");
}
