import { describe, expect, it } from "vitest";
import path from "node:path";
import { readFileSync } from "node:fs";
import { typeCheck } from "./helpers/tsc.js";

const FIXTURE = path.join(import.meta.dirname, "fixtures/types/generated-usage.ts");

describe("types of the generated client and server", () => {
  it("accept correct use and reject each misuse (every @ts-expect-error must fire)", () => {
    expect(readFileSync(FIXTURE, "utf8").match(/@ts-expect-error/g)!.length).toBeGreaterThanOrEqual(10);
    const r = typeCheck([FIXTURE]);
    expect(r.output).toBe("");
    expect(r.ok).toBe(true);
  });
});
