import { beforeAll, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import { REPO } from "./helpers/project.js";
import { typeCheck } from "./helpers/tsc.js";

// The golden files (test/golden.test.ts) are what the generators write: every case's
// expected/ TypeScript must compile under --strict. One tsc run checks every case (each
// file is a module of its own, so the cases cannot see each other); each case then reports
// the errors in its own files.
const ROOT = path.join(import.meta.dirname, "fixtures/golden");
const CASES = readdirSync(ROOT).sort();

let output = "";
let ok = false;
/** tsc's messages by case: a message belongs to the case whose files it names (continuation lines included). */
const byCase = new Map<string, string[]>();

beforeAll(() => {
  const files = CASES.flatMap((name) => {
    const expectedDir = path.join(ROOT, name, "expected");
    return readdirSync(expectedDir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => path.join(expectedDir, f));
  });
  expect(files.length).toBeGreaterThan(CASES.length);
  ({ output, ok } = typeCheck(files));
  let current: string | undefined;
  for (const line of output.split("\n")) {
    if (!/^\s/.test(line)) {
      const file = path.resolve(REPO, line.split("(")[0]!);
      current = CASES.find((c) => file.startsWith(path.join(ROOT, c) + path.sep));
    }
    if (current && line) byCase.set(current, [...(byCase.get(current) ?? []), line]);
  }
});

describe.each(CASES)("golden %s", (name) => {
  it("generated TypeScript compiles under --strict", () => {
    expect((byCase.get(name) ?? []).join("\n")).toBe("");
  });
});

it("one tsc run over every case reports nothing at all", () => {
  expect(output).toBe("");
  expect(ok).toBe(true);
});
