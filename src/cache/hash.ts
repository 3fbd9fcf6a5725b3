import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import type { FileText } from "../output/file-text.js";
import { forEachUtf8Chunk } from "../output/utf8-chunks.js";

/** Text longer than this is hashed a chunk at a time (see `forEachUtf8Chunk`). */
const WHOLE_TEXT_CHARS = 64 * 1024;

/** SHA-256 of text (as UTF-8; a list of strings as if joined) or of bytes, in hex. */
export function sha256(data: FileText | Uint8Array): string {
  const hash = createHash("sha256");
  // A long text is encoded into a reused buffer, not a fresh one: see utf8-chunks.ts for why.
  if (ArrayBuffer.isView(data) || (typeof data === "string" && data.length <= WHOLE_TEXT_CHARS)) hash.update(data);
  // (A chunk's visit returns the Hash, never false: every chunk is hashed.)
  else forEachUtf8Chunk(data, (bytes) => hash.update(bytes));
  return hash.digest("hex");
}

/** Bytes read at a time by `sha256OfFile`. */
const READ_BYTES = 1 << 20;
let readBuffer: Buffer | undefined;

/** SHA-256 of a file's bytes, in hex, read a megabyte at a time into a reused buffer. Throws what reading throws. */
export function sha256OfFile(abs: string): string {
  const hash = createHash("sha256");
  const buffer = (readBuffer ??= Buffer.allocUnsafe(READ_BYTES));
  const fd = openSync(abs, "r");
  try {
    for (let n: number; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

/** True for a string `sha256` can have returned. */
export function isSha256(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
}
