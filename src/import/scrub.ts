/** Pieces of a withheld value shorter than this are left in messages: they are too common to hide. */
const MIN_PIECE = 6;

/**
 * A message about a server (an error it answered, a connection failure) made safe to
 * print: every value the recorded command or URL left out — whole, and each longer piece
 * of it (a server that echoes `Bearer abc…` may echo only `abc…`) — becomes `<withheld>`,
 * and control characters (terminal escapes a server may send) become spaces.
 */
export function scrubMessage(message: string, withheld: readonly string[]): string {
  const pieces = new Set<string>();
  for (const value of withheld) {
    if (value.length >= MIN_PIECE) pieces.add(value);
    for (const piece of value.split(/[\s:=,;"'{}()[\]@/\\&?#]+/)) if (piece.length >= MIN_PIECE) pieces.add(piece);
  }
  let text = message;
  // Longest first, so a value is replaced whole before its pieces are looked for.
  for (const piece of [...pieces].sort((a, b) => b.length - a.length)) text = text.split(piece).join("<withheld>");
  let out = "";
  for (const c of text) out += isControl(c) && c !== "\n" && c !== "\t" ? " " : c;
  return out;
}

/** C0 and C1 control characters and DEL: what starts a terminal escape. */
export function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}
