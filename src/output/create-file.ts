import { closeSync, openSync, writeSync } from "node:fs";
import type { FileText } from "./file-text.js";
import { CHUNK_CHARS, forEachUtf8Chunk } from "./utf8-chunks.js";

/**
 * Creates the file `abs` holding `contents` (text as UTF-8; a list of strings as if joined),
 * failing if anything exists at that path (flag "wx": never follows a planted link, never
 * replaces a file). Text is
 * encoded a chunk at a time into one reused buffer (see `forEachUtf8Chunk`):
 * `writeFileSync` would first encode all of it into a buffer of its own, and a run of
 * 10,000 tools writes hundreds of megabytes, whose buffers the garbage collector frees
 * late (they were most of the peak memory of such a run).
 *
 * @param chunkChars characters encoded at a time (smaller only in tests).
 */
export function createFileSync(abs: string, contents: FileText | Uint8Array, chunkChars = CHUNK_CHARS): void {
  const fd = openSync(abs, "wx");
  try {
    const writeAll = (bytes: Uint8Array) => {
      for (let written = 0; written < bytes.length; ) {
        const n = writeSync(fd, bytes, written, bytes.length - written);
        if (n <= 0) throw new Error(`cannot write ${abs}: the file system took no bytes`);
        written += n;
      }
    };
    if (ArrayBuffer.isView(contents)) writeAll(contents);
    else forEachUtf8Chunk(contents, writeAll, chunkChars);
  } finally {
    closeSync(fd);
  }
}
