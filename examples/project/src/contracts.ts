// src/contracts.ts — the library API: read two versions of a spec, compare them, format one.
import { readFileSync } from "node:fs";
import { DiagnosticBag, diffChangelog, diffToolSets, formatDiagnostic, formatSpec, parseSpecText } from "mcp-specgen";

const file = "specs/greeter/MCP_TOOL_SPECIFICATION.md";
const base = readFileSync(file, "utf8");
// The next version: `name` may be at most 50 characters long, a narrowed input.
const head = base.replace('"maxLength": 100', '"maxLength": 50');

const diagnostics = new DiagnosticBag();
const before = parseSpecText(file, base, diagnostics);
const after = parseSpecText(file, head, diagnostics);
for (const d of diagnostics.sorted()) console.error(formatDiagnostic(d));

const result = diffToolSets(before, after);
console.log(result.impact); // major: a value accepted before is refused now
for (const change of result.changes) console.log(change.code, change.pointer);
const changelog = diffChangelog(result, "greeter");
console.log(changelog.split("\n").find((line) => line.includes("Migration")));

// formatSpec proves each rewrite keeps the spec's meaning before it returns it: the Setext
// heading and the blank lines are rewritten; the bullets are not, because they are part of
// the tool's description, which a model reads.
const formatted = formatSpec(file, "Tool: `greeter.wave`\n===\n* Waves.\n* Read-only.\n\n\n");
console.log(JSON.stringify(formatted.text));
for (const r of formatted.refused) console.log(`line ${r.line}: ${r.what} left as it is (${r.difference})`);
