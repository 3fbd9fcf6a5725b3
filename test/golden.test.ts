import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../src/config/load.js";
import { runPipeline } from "../src/pipeline.js";
import { formatDiagnostic } from "../src/diagnostics/format.js";
import { typeCheck } from "./helpers/tsc.js";

// Golden files: each case under test/fixtures/golden/<case>/ has specs/ and the expected
// output of every generator in expected/. Run with UPDATE_GOLDEN=1 to rewrite them after
// an intended change, then review the diff.
const ROOT = path.join(import.meta.dirname, "fixtures/golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

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
    if (UPDATE) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const f of result.files) {
        mkdirSync(path.dirname(path.join(expectedDir, f.path)), { recursive: true });
        writeFileSync(path.join(expectedDir, f.path), f.contents);
      }
      writeFileSync(path.join(dir, "diagnostics.txt"), diagnostics ? `${diagnostics}\n` : "");
    }
    for (const f of result.files) {
      const file = path.join(expectedDir, f.path);
      expect(existsSync(file), `${f.path} is not in the golden files (UPDATE_GOLDEN=1 to add)`).toBe(true);
      expect(f.contents, f.path).toBe(readFileSync(file, "utf8"));
    }
    const expectedFiles = readdirSync(expectedDir, { recursive: true, encoding: "utf8" }).filter(
      (f) =>
        !existsSync(path.join(expectedDir, f)) ||
        !readdirSync(path.dirname(path.join(expectedDir, f))).length ||
        f.includes("."),
    );
    expect(result.files.map((f) => f.path).sort()).toEqual(
      expectedFiles
        .filter((f) => /\.\w+$/.test(f))
        .map((f) => f.split(path.sep).join("/"))
        .sort(),
    );
    expect(diagnostics ? `${diagnostics}\n` : "").toBe(readFileSync(path.join(dir, "diagnostics.txt"), "utf8"));
  });

  it("generated TypeScript compiles under --strict", () => {
    const expectedDir = path.join(dir, "expected");
    const files = readdirSync(expectedDir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => path.join(expectedDir, f));
    const r = typeCheck(files);
    expect(r.output).toBe("");
  });
});
