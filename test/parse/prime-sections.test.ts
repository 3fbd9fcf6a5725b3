import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryStore, type MemoStore } from "../../src/memo/store.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { DEFAULT_LIMITS } from "../../src/parse/limits.js";
import { primeSections } from "../../src/inputs/load-specs.js";
import { parseSpecText } from "../../src/parse/index.js";

// `generate --watch` parses the spec edited last into its section store while idle, so the
// first rebuild after an edit to it re-parses only the sections the edit touched.

const SPEC = "specs/task_tracker/MCP_TOOL_SPECIFICATION.md";
const TEXT = readFileSync(path.resolve(import.meta.dirname, "../..", SPEC), "utf8");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-prime-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, path.dirname(SPEC)), { recursive: true });
writeFileSync(path.join(dir, SPEC), TEXT);

/** A section store that counts the sections parsed into it. */
function countingStore(): MemoStore & { parsed: number } {
  const inner = memoryStore();
  const store = {
    parsed: 0,
    get: (key: string) => inner.get(key),
    set: (key: string, value: unknown) => {
      store.parsed++;
      inner.set(key, value);
    },
  };
  return store;
}

/** The tools of `text` and their findings, parsed with `sections` (or whole). */
function read(text: string, sections?: MemoStore) {
  const bag = new DiagnosticBag();
  return { tools: parseSpecText(SPEC, text, bag, DEFAULT_LIMITS, sections), diagnostics: bag.sorted() };
}

describe("primeSections", () => {
  const edited = TEXT.replace(
    "### 1. Tool Purpose and Description\n",
    "### 1. Tool Purpose and Description\n\nEdited.\n",
  );

  it("parses the file into the store, so parsing it after an edit parses only the edited section", async () => {
    expect(edited).not.toBe(TEXT);
    const store = countingStore();
    await primeSections(dir, SPEC, DEFAULT_LIMITS, store);
    const sections = store.parsed;
    expect(sections).toBeGreaterThan(5);
    store.parsed = 0;
    const after = read(edited, store);
    expect(store.parsed).toBe(1);
    // Exactly what a whole parse of the edited text gives.
    expect(after).toEqual(read(edited));
    // Without priming, every section is parsed at the first edit.
    const cold = countingStore();
    read(edited, cold);
    expect(cold.parsed).toBe(sections);
  });

  it("skips JSON specs and never rejects for a file that is gone or unreadable", async () => {
    const store = countingStore();
    writeFileSync(path.join(dir, "tools.json"), '{"tools": []}');
    await primeSections(dir, "tools.json", DEFAULT_LIMITS, store);
    await primeSections(dir, "specs/missing.md", DEFAULT_LIMITS, store);
    await primeSections(dir, "specs", DEFAULT_LIMITS, store);
    expect(store.parsed).toBe(0);
  });
});
