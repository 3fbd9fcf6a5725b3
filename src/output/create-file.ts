import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";

/** Characters encoded per write: a long text is written through a buffer of three bytes per character of this. */
const CHUNK_CHARS = 1 << 20;

/**
 * Creates the file `abs` holding `contents` (text as UTF-8), failing if anything exists at
 * that path (flag "wx": never follows a planted link, never replaces a file). A long text
 * is encoded a chunk at a time: `writeFileSync` would first encode all of it into one
 * buffer, and a run of 10,000 tools writes hundreds of megabytes, whose buffers the garbage
 * collector frees late (they were most of the peak memory of such a run).
 *
 * @param chunkChars characters encoded at a time (smaller only in tests).
 */
export function createFileSync(abs: string, contents: string | Uint8Array, chunkChars = CHUNK_CHARS): void {
  chunkChars = Math.max(1, Math.floor(chunkChars));
  if (typeof contents !== "string" || contents.length <= chunkChars) {
    writeFileSync(abs, contents, { flag: "wx" });
    return;
  }
  const fd = openSync(abs, "wx");
  try {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit (4 for a pair of 2); a chunk is one
    // code unit longer than chunkChars when it would otherwise be half a pair.
    const buffer = Buffer.allocUnsafe((chunkChars + 1) * 3);
    for (let start = 0; start < contents.length; ) {
      let end = Math.min(start + chunkChars, contents.length);
      // A surrogate pair is never split: each half alone would be written as U+FFFD.
      if (isHighSurrogate(contents.charCodeAt(end - 1)) && isLowSurrogate(contents.charCodeAt(end)))
        end += end - start > 1 ? -1 : 1;
      const length = buffer.write(contents.slice(start, end), 0, "utf8");
      for (let written = 0; written < length; ) {
        const n = writeSync(fd, buffer, written, length - written);
        if (n <= 0) throw new Error(`cannot write ${abs}: the file system took no bytes`);
        written += n;
      }
      start = end;
    }
  } finally {
    closeSync(fd);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
