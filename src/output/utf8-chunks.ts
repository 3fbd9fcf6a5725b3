import { isHighSurrogate, isLowSurrogate, textLength, type FileText } from "./file-text.js";

/** Characters encoded at a time. */
export const CHUNK_CHARS = 1 << 20;

/** Bytes of the buffer chunks are encoded into (see `forEachUtf8Chunk`). */
const SCRATCH_BYTES = (CHUNK_CHARS + 1) * 3;
/**
 * The buffer chunks are encoded into, reused by every call: one per thread. Scratch space of
 * a fixed size, not a cache: nothing in it outlives the call that wrote it (a visit must be
 * done with a chunk when it returns), so no run can see another's bytes.
 */
let scratch: Buffer | undefined;
let inUse = false;

/**
 * Calls `visit` with `text` as UTF-8, encoded at most `chunkChars` characters at a time
 * into one buffer that every call reuses; the bytes of all chunks are exactly
 * `Buffer.from(text)` (of the strings joined, for a list of strings), since a surrogate pair is
 * never split. `visit` must be done with a chunk when it returns (the next one is encoded
 * over it: no keeping it, no awaiting); returning false stops.
 *
 * Why not `Buffer.from(text)`: each large buffer is fresh memory, and the first touch of
 * every page of it costs; writing, hashing or comparing large output through one reused
 * buffer is several times faster (bench/RESULTS.md, "Measurements moved out of code comments").
 *
 * @param chunkChars characters encoded at a time, at most {@link CHUNK_CHARS} (smaller only in tests).
 */
export function forEachUtf8Chunk(text: FileText, visit: (bytes: Buffer) => unknown, chunkChars = CHUNK_CHARS): void {
  chunkChars = Number.isFinite(chunkChars) ? Math.min(CHUNK_CHARS, Math.max(1, Math.floor(chunkChars))) : CHUNK_CHARS;
  // UTF-8 takes at most 3 bytes per UTF-16 code unit (4 for a pair of 2); a chunk is one
  // code unit longer than chunkChars when it would otherwise be half a pair. A visit that
  // encodes text itself gets a buffer of its own.
  const shared = !inUse;
  const buffer = shared
    ? (scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES))
    : Buffer.allocUnsafe((Math.min(chunkChars, textLength(text)) + 1) * 3);
  if (shared) inUse = true;
  try {
    if (typeof text === "string") encodeString(text, buffer, visit, chunkChars);
    else encodeList(text, buffer, visit, chunkChars);
  } finally {
    if (shared) inUse = false;
  }
}

/** `forEachUtf8Chunk` of one string; false when a visit stopped it. */
function encodeString(text: string, buffer: Buffer, visit: (bytes: Buffer) => unknown, chunkChars: number): boolean {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + chunkChars, text.length);
    // Each half of a pair alone would be encoded as U+FFFD.
    if (isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end)))
      end += end - start > 1 ? -1 : 1;
    const length = buffer.write(text.slice(start, end), 0, "utf8");
    if (visit(buffer.subarray(0, length)) === false) return false;
    start = end;
  }
  return true;
}

/**
 * `forEachUtf8Chunk` of a list of strings: strings are gathered into the buffer until the next
 * would overflow a chunk; a piece longer than a chunk is encoded as one string is. A high
 * surrogate that ends a piece waits for the next one, which may hold the rest of its pair.
 */
function encodeList(
  list: readonly string[],
  buffer: Buffer,
  visit: (bytes: Buffer) => unknown,
  chunkChars: number,
): void {
  let bytes = 0;
  let chars = 0;
  const flush = (): boolean => {
    if (!bytes) return true;
    const go = visit(buffer.subarray(0, bytes)) !== false;
    bytes = chars = 0;
    return go;
  };
  let held = "";
  for (let piece of list) {
    if (held) {
      piece = held + piece;
      held = "";
    }
    if (isHighSurrogate(piece.charCodeAt(piece.length - 1))) {
      held = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    if (chars + piece.length > chunkChars && !flush()) return;
    if (piece.length > chunkChars) {
      if (!encodeString(piece, buffer, visit, chunkChars)) return;
    } else {
      bytes += buffer.write(piece, bytes, "utf8");
      chars += piece.length;
    }
  }
  // A high surrogate that ends the text is half a pair, encoded (as U+FFFD) as Buffer.from does.
  if (held) {
    if (chars + 1 > chunkChars && !flush()) return;
    bytes += buffer.write(held, bytes, "utf8");
  }
  flush();
}
