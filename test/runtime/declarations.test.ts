import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The runtime package's declarations as its users compile them (test/runtime/isolation.test.ts
// checks what its sources import).
const dir = join(import.meta.dirname, "../../packages/runtime/src");

describe("runtime package declarations", () => {
  // Users compile with their own options; `tsc --init` turns on exactOptionalPropertyTypes, and
  // some turn skipLibCheck off, which type-checks this package's .d.ts files too.
  it("type-check with skipLibCheck off under the strictest options, without the MCP SDK", () => {
    const file = join(import.meta.dirname, "../fixtures/types/runtime-consumer.ts");
    const tsc = join(import.meta.dirname, "../../node_modules/.bin/tsc");
    const args = [
      "--ignoreConfig",
      "--noEmit",
      "--strict",
      "--exactOptionalPropertyTypes",
      "--noUncheckedIndexedAccess",
      "--noPropertyAccessFromIndexSignature",
      "--module",
      "nodenext",
      "--target",
      "es2022",
      "--types",
      "node",
      file,
    ];
    const r = spawnSync(tsc, args, { encoding: "utf8" });
    expect(`${r.stdout}${r.stderr}`).toBe("");
    const dts = readdirSync(join(dir, "../dist"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".d.ts"),
    );
    for (const f of dts)
      expect(readFileSync(join(dir, "../dist", f), "utf8"), f).not.toMatch(
        /from "@modelcontextprotocol|import\("@modelcontextprotocol/,
      );
  });
});
