import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { DIAGNOSTIC_CODES } from "../src/diagnostics/codes.js";
import { REPO } from "./helpers/project.js";

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.includes("runtime"))
    .map((f) => path.join(REPO, dir, f));
}

describe("diagnostic codes", () => {
  const used = new Set<string>();
  for (const f of [...sourceFiles("src"), ...sourceFiles("generators")]) {
    for (const m of readFileSync(f, "utf8").matchAll(/(?:error|warning|info|report)\(\s*"([A-Z][A-Z_]+)"/g))
      used.add(m[1]!);
  }

  it("every code reported in the source is in the catalogue", () => {
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((c) => !(c in DIAGNOSTIC_CODES))).toEqual([]);
  });

  it("every catalogued code is documented in the README with its severity", () => {
    const readme = readFileSync(path.join(REPO, "README.md"), "utf8");
    for (const [code, { severity }] of Object.entries(DIAGNOSTIC_CODES))
      expect(readme).toMatch(new RegExp(`\\| \`${code}\` \\| ${severity} \\|`));
  });
});
