import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { loadFilesSide } from "../../src/diff/load-side.js";
import { expectLinear } from "../helpers/growth.js";
import { REPO } from "../helpers/project.js";

// `generate` reads the previous manifest as the base of its version checks on every run that
// changed a contract: reading it must stay linear in its tools (each tool's error types were
// once looked up by reading the whole file again).
const manifest = JSON.parse(readFileSync(path.join(REPO, "generated/manifest.json"), "utf8")) as {
  tools: Array<Record<string, unknown>>;
};
const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-load-side-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A manifest of `n` tools: copies of the bundled ones, each under a name of its own. */
function manifestOf(n: number): string {
  const tools = Array.from({ length: n }, (_, i) => {
    const t = manifest.tools[i % manifest.tools.length]!;
    return { ...t, name: `${t.name as string}_${i}` };
  });
  const file = `manifest-${n}.json`;
  writeFileSync(path.join(dir, file), JSON.stringify({ ...manifest, tools }));
  return file;
}

describe("a manifest as a side of a diff", () => {
  it("keeps each tool's error types", () => {
    const side = loadFilesSide([manifestOf(16)], { cwd: dir });
    expect(side.tools).toHaveLength(16);
    const errors = manifest.tools.map((t) => t.errorTypes);
    expect(side.tools.map((t) => t.errors.map((e) => e.type))).toEqual(
      Array.from({ length: 16 }, (_, i) => errors[i % errors.length]),
    );
  });

  it("is read in time linear in its tools", () => {
    expectLinear(
      { input: manifestOf, run: (file) => loadFilesSide([file], { cwd: dir }) },
      100,
      "reading a manifest side",
    );
  });
});
