// Rewrites the table of diagnostic codes in README.md (between <!-- diagnostic-codes:start -->
// and <!-- diagnostic-codes:end -->) from the catalogue in src/diagnostics/codes.ts.
// test/diagnostics/docs.test.ts fails when they differ; run `npm run docs` after changing a code.
// With --check, nothing is written and the exit code is 1 when the table is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const { withDiagnosticTable } = await tsImport("../src/diagnostics/docs.ts", import.meta.url);
const readmePath = path.join(root, "README.md");
const readme = readFileSync(readmePath, "utf8");
const updated = withDiagnosticTable(readme);

if (updated === readme) console.log("README diagnostic codes are up to date");
else if (process.argv.includes("--check")) {
  console.error("README diagnostic codes are out of date: run `npm run docs`");
  process.exitCode = 1;
} else {
  writeFileSync(readmePath, updated);
  console.log("README diagnostic codes updated");
}
