import { describe, expect, it } from "vitest";
import { resolveConfig, UsageError } from "../../src/config/load.js";
import { DEFAULT_BACKTRACKING_MAX_LENGTH } from "../../src/config/patterns.js";
import { backtrackingFor } from "../../src/schema/backtracking.js";

describe("backtrackingPatterns", () => {
  it("is empty by default: no input's patterns run with backtracking", () => {
    expect(resolveConfig("/p", {}).backtrackingPatterns).toEqual({});
  });

  it("keys inputs like `inputs` (relative to cwd) and defaults maxLength", () => {
    const config = resolveConfig("/p", {
      backtrackingPatterns: { "./specs/legacy/": {}, "/p/vendor/x.json": { maxLength: 64 } },
    });
    expect(config.backtrackingPatterns).toEqual({
      "specs/legacy": { maxLength: DEFAULT_BACKTRACKING_MAX_LENGTH },
      "vendor/x.json": { maxLength: 64 },
    });
  });

  it("applies to the files of an input, the nearest input winning", () => {
    const resolved = resolveConfig("/p", {
      backtrackingPatterns: { specs: { maxLength: 10 }, "specs/legacy": { maxLength: 20 } },
    }).backtrackingPatterns;
    expect(backtrackingFor(resolved, "specs/a.md")).toEqual({ maxLength: 10 });
    expect(backtrackingFor(resolved, "specs/legacy/b/c.md")).toEqual({ maxLength: 20 });
    expect(backtrackingFor(resolved, "specs-other/a.md")).toBeUndefined();
    expect(backtrackingFor(resolved, "other/a.md")).toBeUndefined();
    expect(
      backtrackingFor(resolveConfig("/p", { backtrackingPatterns: { ".": {} } }).backtrackingPatterns, "x.md"),
    ).toEqual({
      maxLength: DEFAULT_BACKTRACKING_MAX_LENGTH,
    });
  });

  it("refuses what it cannot use, saying what is expected", () => {
    for (const [value, problem] of [
      [[], /must be an object/],
      [{ specs: 5 }, /\["specs"\] must be an object/],
      [{ specs: { maxLength: 0 } }, /maxLength must be a positive integer/],
      [{ specs: { maxLength: 1.5 } }, /maxLength must be a positive integer/],
      [{ specs: { max: 5 } }, /unknown option "max"/],
    ] as const) {
      expect(() => resolveConfig("/p", { backtrackingPatterns: value as never })).toThrow(UsageError);
      expect(() => resolveConfig("/p", { backtrackingPatterns: value as never })).toThrow(problem);
    }
  });
});
