import { describe, expect, it } from "vitest";
import path from "node:path";
import { REPO } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";

// Slow (runs tsc over the three vendor SDKs' types): belongs with the e2e files. Needs the
// runtime's declarations built (`npm test` builds them first).
describe("vendor SDK types", () => {
  it("take the SDKs' tool calls without casts; the tool-result messages are the SDKs' parameter types", () => {
    const file = path.join(REPO, "test/fixtures/types/vendor-round-trip.ts");
    expect(typeCheck([file]).output).toBe("");
  });
});
