import { describe, expect, it } from "vitest";
import { probeSlowPatterns } from "../../src/schema/pattern-probe.js";
import { runCli, tempProject } from "../helpers/project.js";

// Blow-ups the static analysis misses, found by running attack strings in a worker.
const SLOW = [
  "^" + "a?".repeat(40) + "$",
  "^(\\w{1,20}\\s?){1,20}$",
  "^(?:a{1,30}){1,30}$",
  "^(?:a|b|ab)*$",
  "^(ab|abab)*$",
];
const FINE = [
  "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$",
  "^([a-z0-9]+(-[a-z0-9]+)*\\.)+[a-z]{2,}$",
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$",
  "^(\\d{1,3}\\.){3}\\d{1,3}$",
  "^\\p{L}[\\p{L}\\p{N} ]{0,63}$",
  "([a-",
];

describe("probeSlowPatterns", () => {
  it("finds catastrophic patterns the static analysis passes, and leaves usual ones alone", async () => {
    const slow = await probeSlowPatterns([...SLOW, ...FINE]);
    expect([...slow].sort()).toEqual([...SLOW].sort());
  });

  it("makes generate refuse such a pattern before a usage example could run it", async () => {
    const project = tempProject({
      "specs/tools.json": JSON.stringify({
        name: "p.t",
        description: "d",
        inputSchema: { type: "object", properties: { q: { type: "string", pattern: "^(?:a|b|ab)*$" } } },
        examples: [{ arguments: { q: `${"ab".repeat(40)}!` } }],
      }),
    });
    try {
      const r = await runCli(["generate"], project.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/specs\/tools\.json:1:\d+ error SPEC_PATTERN_UNSAFE .*backtracks catastrophically/);
    } finally {
      project.dispose();
    }
  });
});
