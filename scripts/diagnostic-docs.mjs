// Rewrites the table of diagnostic codes in docs/diagnostics.md (between <!-- diagnostic-codes:start -->
// and <!-- diagnostic-codes:end -->) from the catalogue in src/diagnostics/codes.ts.
// test/diagnostics/docs.test.ts fails when they differ; run `npm run docs` after changing a code.
// With --check, nothing is written and the exit code is 1 when the table is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const { withDiagnosticTable } = await tsImport("../src/diagnostics/docs.ts", import.meta.url);
const docPath = path.join(root, "docs/diagnostics.md");
const doc = readFileSync(docPath, "utf8");
const updated = withDiagnosticTable(doc);

if (updated === doc) console.log("docs/diagnostics.md: the table of codes is up to date");
else if (process.argv.includes("--check")) {
  console.error("docs/diagnostics.md: the table of codes is out of date: run `npm run docs`");
  process.exitCode = 1;
} else {
  writeFileSync(docPath, updated);
  console.log("docs/diagnostics.md: the table of codes updated");
}
