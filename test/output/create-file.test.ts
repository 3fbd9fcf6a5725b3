import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createFileSync } from "../../src/output/create-file.js";

// Generated files are written a chunk of text at a time (so a run of 10,000 tools does not
// hold all of its output a second time as buffers); the bytes must be exactly those of the
// whole text encoded at once, whatever the text and wherever a chunk ends.

const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-create-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => path.join(dir, `f${n++}`);

/** Text with what chunking could break: pairs, lone halves of pairs, multi-byte characters. */
const text = fc.array(
  fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom("\uD83D\uDE00", "\uD83D", "\uDE00", "é", "€", "\u0000", "a")),
  { maxLength: 40 },
);

describe("createFileSync", () => {
  it("writes exactly the UTF-8 of the whole text, for any text and chunk size", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (parts, chunk) => {
        const contents = parts.join("");
        const file = fresh();
        createFileSync(file, contents, chunk);
        expect(readFileSync(file).equals(Buffer.from(contents, "utf8"))).toBe(true);
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it("writes a text longer than its default chunk, with a pair across the chunk's end", () => {
    const contents = `${"x".repeat((1 << 20) - 1)}\uD83D\uDE00${"é".repeat(1 << 20)}`;
    const file = fresh();
    createFileSync(file, contents);
    expect(readFileSync(file).equals(Buffer.from(contents, "utf8"))).toBe(true);
  });

  it("writes bytes as they are", () => {
    const file = fresh();
    createFileSync(file, Buffer.from([0xff, 0xfe, 0]));
    expect([...readFileSync(file)]).toEqual([0xff, 0xfe, 0]);
  });

  it("never replaces a file or follows a link, whatever the text's length", () => {
    for (const contents of ["short", "long".repeat(10)]) {
      const existing = fresh();
      writeFileSync(existing, "mine");
      expect(() => createFileSync(existing, contents, 4)).toThrow(/EEXIST/);
      expect(readFileSync(existing, "utf8")).toBe("mine");
      const target = fresh();
      const link = fresh();
      symlinkSync(target, link);
      expect(() => createFileSync(link, contents, 4)).toThrow(/EEXIST/);
      expect(() => readFileSync(target)).toThrow();
    }
  });
});
