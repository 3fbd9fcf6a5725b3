import { afterEach, describe, expect, it, vi } from "vitest";
import { CODOMYRMEX, hasCorpus } from "./corpus.js";
import { REPO } from "./project.js";

// A missing corpus is never a silent skip: an error under CI, one printed line elsewhere.

const MISSING = `${CODOMYRMEX}-that-is-not-there`;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("hasCorpus", () => {
  it("fails the test file under CI when the corpus is absent, naming the path", () => {
    vi.stubEnv("CI", "true");
    expect(() => hasCorpus("test/x.test.ts", "its corpus tests", MISSING)).toThrow(
      `test/x.test.ts: its corpus tests need the codomyrmex corpus at ${MISSING}, which is absent; CI must have it`,
    );
  });

  it("prints one line and says no elsewhere", () => {
    vi.stubEnv("CI", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(hasCorpus("test/x.test.ts", "its corpus tests", MISSING)).toBe(false);
    expect(warn.mock.calls).toEqual([
      [`SKIPPED test/x.test.ts: its corpus tests need the codomyrmex corpus at ${MISSING}, which is absent`],
    ]);
  });

  it("says yes, quietly, when the corpus is there", () => {
    vi.stubEnv("CI", "true");
    const warn = vi.spyOn(console, "warn");
    expect(hasCorpus("test/x.test.ts", "its corpus tests", REPO)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});
