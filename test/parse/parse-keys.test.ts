import { describe, expect, it } from "vitest";
import { parseFiles } from "../../src/inputs/parse-files.js";
import { DEFAULT_LIMITS } from "../../src/parse/limits.js";
import { memoryStore } from "../../src/memo/store.js";

// A rebuild of generate --watch reads every spec again; a file whose text is unchanged has
// the key it was parsed under (a hash of its path, limits and text), and a changed one is
// parsed again.
const spec = (description: string) =>
  JSON.stringify({ tools: [{ name: "search", description, inputSchema: { type: "object" } }] });

describe("parseFiles keys across rebuilds", () => {
  it("finds an unchanged file in the store under its last key, and parses a changed one", async () => {
    const store = memoryStore();
    const asked: string[] = [];
    const watched = {
      get: (k: string) => (asked.push(k), store.get(k)),
      set: (k: string, v: unknown) => store.set(k, v),
    };
    /** One build's parse of specs/a.json with the description given. */
    const parse = (description: string, limits = DEFAULT_LIMITS) =>
      parseFiles([{ file: "specs/a.json", text: spec(description) }], { limits, store: watched, workers: 0 });
    const first = await parse("one");
    const again = await parse("one");
    expect(asked[1]).toBe(asked[0]);
    expect(again[0]!.tools[0]!.description).toBe("one");
    expect(again[0]).toBe(first[0]);
    const changed = await parse("two");
    expect(asked[2]).not.toBe(asked[0]);
    expect(changed[0]!.tools[0]!.description).toBe("two");
    // Back to the first text: its first key again, and its tools.
    const back = await parse("one");
    expect(asked[3]).toBe(asked[0]);
    expect(back[0]!.tools[0]!.description).toBe("one");
    // Limits of the same values in another object: the key is made again, and is the same.
    await parse("one", { ...DEFAULT_LIMITS });
    expect(asked[4]).toBe(asked[0]);
  });
});
