import { describe, expect, it } from "vitest";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../src/config/load.js";
import { runPipeline } from "../src/build/pipeline.js";
import { formatDiagnostic } from "../src/diagnostics/format.js";
import { fileText } from "../src/generator-kit/contract.js";

// Golden files: each case under test/fixtures/golden/<case>/ has specs/ and the expected
// output of every generator in expected/ (file snapshots), with its diagnostics in
// diagnostics.txt. After an intended change, `npx vitest run test/golden.test.ts -u`
// rewrites them (and removes files no longer generated); review the diff.
// test/golden-compile.test.ts compiles every case's expected/ with one tsc run.
const ROOT = path.join(import.meta.dirname, "fixtures/golden");

/** Every file below `dir`, relative, `/`-separated, sorted. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

describe.each(readdirSync(ROOT).sort())("golden %s", (name) => {
  const dir = path.join(ROOT, name);
  it("matches expected output for every generator", async () => {
    const result = await runPipeline(
      resolveConfig(dir, {
        inputs: ["specs"],
        outDir: "expected",
        server: { name: `golden-${name}`, version: "1.0.0" },
      }),
    );
    const diagnostics = result.diagnostics.map(formatDiagnostic).join("\n");
    expect(result.failed, diagnostics).toBe(false);
    const expectedDir = path.join(dir, "expected");
    // The golden files are exactly the generated files: none missing, none left over that
    // the generators no longer write (unless updating, which adds and removes them).
    const generated = result.files.map((f) => f.path);
    const golden = filesIn(expectedDir);
    const stale = golden.filter((f) => !generated.includes(f));
    if (expect.getState().snapshotState.snapshotUpdateState === "all") {
      for (const f of stale) rmSync(path.join(expectedDir, f));
    } else {
      expect(
        generated.filter((f) => !golden.includes(f)),
        "generated files that are not in the golden files (vitest -u adds them)",
      ).toEqual([]);
      expect(stale, "golden files that are no longer generated (vitest -u removes them)").toEqual([]);
    }
    for (const f of result.files) await expect(fileText(f), f.path).toMatchFileSnapshot(path.join(expectedDir, f.path));
    await expect(diagnostics ? `${diagnostics}\n` : "").toMatchFileSnapshot(path.join(dir, "diagnostics.txt"));
  });
});
