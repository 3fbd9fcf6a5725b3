import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { CHUNK_CHARS, forEachUtf8Chunk } from "../../src/output/utf8-chunks.js";
import { sameBytes } from "../../src/output/paths.js";
import { sha256, sha256OfFile } from "../../src/cache/hash.js";
import { sameText, textLength, utf8Length } from "../../src/output/file-text.js";
import { createFileSync } from "../../src/output/create-file.js";
import { readFileSync } from "node:fs";

// Output is written, hashed and compared as UTF-8 a chunk at a time through one reused
// buffer; every result must be exactly that of the whole text encoded at once.

const SEED = 20261127;
/** Text with what chunking could break: pairs, lone halves of pairs, multi-byte characters. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary" }),
      fc.constantFrom("\uD83D\uDE00", "\uD83D", "\uDE00", "é", "€", "\u0000", "a"),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

/**
 * Text in pieces: the same kinds of parts, cut anywhere, so that a pair can be split
 * between two pieces and a piece can be empty or one lone half.
 */
const pieces = fc.tuple(text, fc.array(fc.nat(), { maxLength: 12 })).map(([t, cuts]) => {
  const at = [...new Set(cuts.map((c) => c % (t.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((from, i) => t.slice(from, [...at, t.length][i]));
});

/** The chunks `forEachUtf8Chunk` gives, copied (each is overwritten by the next). */
function chunksOf(t: string | readonly string[], chunkChars?: number): Buffer[] {
  const chunks: Buffer[] = [];
  forEachUtf8Chunk(t, (bytes) => chunks.push(Buffer.from(bytes)), chunkChars);
  return chunks;
}

const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-utf8-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("forEachUtf8Chunk", () => {
  it("gives exactly the UTF-8 of the whole text, for any text and chunk size", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (t, chunk) => {
        expect(Buffer.concat(chunksOf(t, chunk)).equals(Buffer.from(t, "utf8"))).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("never splits a pair at the end of a default-sized chunk", () => {
    const t = `${"x".repeat(CHUNK_CHARS - 1)}\uD83D\uDE00${"é".repeat(CHUNK_CHARS)}`;
    const chunks = chunksOf(t);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(Buffer.from(t))).toBe(true);
  });

  it("holds a default-sized chunk of the widest characters: three bytes each, and pairs", () => {
    const euros = chunksOf("€".repeat(CHUNK_CHARS + 10));
    // A full chunk of three-byte characters: the buffer must hold 3 bytes per character.
    expect(euros[0]!.length).toBe(3 * CHUNK_CHARS);
    expect(Buffer.concat(euros).equals(Buffer.from("€".repeat(CHUNK_CHARS + 10)))).toBe(true);
    for (const t of ["\uD83D\uDE00".repeat(CHUNK_CHARS), `x${"\uD83D\uDE00".repeat(CHUNK_CHARS)}`])
      expect(Buffer.concat(chunksOf(t)).equals(Buffer.from(t))).toBe(true);
  });

  it("stops when a visit returns false, and gives a visit that encodes text a buffer of its own", () => {
    let visits = 0;
    forEachUtf8Chunk("abcdef", () => ++visits < 2, 2);
    expect(visits).toBe(2);
    // An inner encoding during a visit must not overwrite the outer chunk.
    const outer: string[] = [];
    forEachUtf8Chunk(
      "outer-text",
      (bytes) => {
        const before = bytes.toString();
        forEachUtf8Chunk("INNER!", () => {}, 3);
        outer.push(before === bytes.toString() ? before : "overwritten");
      },
      5,
    );
    expect(outer).toEqual(["outer", "-text"]);
  });
});

describe("text in pieces", () => {
  it("is encoded, measured and hashed exactly as the pieces joined, for any cut and chunk size", () => {
    fc.assert(
      fc.property(pieces, fc.integer({ min: 1, max: 9 }), (p, chunk) => {
        const joined = p.join("");
        const bytes = Buffer.from(joined, "utf8");
        expect(Buffer.concat(chunksOf(p, chunk)).equals(bytes)).toBe(true);
        expect(utf8Length(p)).toBe(bytes.length);
        expect(textLength(p)).toBe(joined.length);
        expect(sha256(p)).toBe(createHash("sha256").update(bytes).digest("hex"));
        expect(sameBytes(bytes, p)).toBe(true);
        if (bytes.length) expect(sameBytes(bytes.subarray(1), p)).toBe(false);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("gathers pieces into default-sized chunks and encodes a piece longer than a chunk on its own", () => {
    const p = ["a".repeat(10), "€".repeat(CHUNK_CHARS + 3), "\uD83D", "\uDE00", "z".repeat(CHUNK_CHARS - 1), "\uD83D"];
    const chunks = chunksOf(p);
    expect(chunks.length).toBeGreaterThan(2);
    expect(Buffer.concat(chunks).equals(Buffer.from(p.join("")))).toBe(true);
    let visits = 0;
    forEachUtf8Chunk(["ab", "cd", "ef"], () => ++visits < 2, 2);
    expect(visits).toBe(2);
  });

  it("sameText says whether two texts, whole or in pieces cut alike or not, are the same", () => {
    fc.assert(
      fc.property(pieces, pieces, fc.boolean(), (a, b, same) => {
        // Half the time b is a's text cut elsewhere (or whole), so equal texts come up often.
        const other = same ? [...b.slice(0, 1), a.join("")] : b;
        const expected = a.join("") === other.join("");
        expect(sameText(a, other)).toBe(expected);
        expect(sameText(a.join(""), other)).toBe(expected);
        expect(sameText(a, other.join(""))).toBe(expected);
        expect(sameText(a, [...a])).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(sameText(["ab", "c"], ["ab", "d"])).toBe(false);
    expect(sameText(["ab", "c"], ["a", "bc"])).toBe(true);
  });

  it("is written to a new file as the pieces joined", () => {
    fc.assert(
      fc.property(pieces, fc.integer({ min: 1, max: 9 }), (p, chunk) => {
        const file = path.join(dir, `p-${chunk}`);
        rmSync(file, { force: true });
        createFileSync(file, p, chunk);
        expect(readFileSync(file).equals(Buffer.from(p.join(""), "utf8"))).toBe(true);
      }),
      { seed: SEED, numRuns: 50 },
    );
  });
});

describe("hashing and comparing through chunks", () => {
  it("sha256 of a long text (hashed by chunks) and of its file equal the hash of its bytes", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 3 }), (t, shift) => {
        // Long enough to be hashed by chunks, with the generated text across a chunk's end.
        const long = `${"x".repeat(CHUNK_CHARS - shift)}${t}${"y".repeat(70_000)}`;
        const bytes = Buffer.from(long, "utf8");
        const expected = createHash("sha256").update(bytes).digest("hex");
        expect(sha256(long)).toBe(expected);
        const file = path.join(dir, "h");
        writeFileSync(file, bytes);
        expect(sha256OfFile(file)).toBe(expected);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });

  it("sameBytes is byte equality with the text's UTF-8", () => {
    fc.assert(
      fc.property(text, fc.nat(), (t, at) => {
        const bytes = Buffer.from(t, "utf8");
        expect(sameBytes(bytes, t)).toBe(true);
        if (bytes.length) {
          const changed = Buffer.from(bytes);
          changed[at % changed.length] ^= 1;
          expect(sameBytes(changed, t)).toBe(false);
        }
        expect(sameBytes(Buffer.concat([bytes, Buffer.from("!")]), t)).toBe(false);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
