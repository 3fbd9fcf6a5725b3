import type { JsonValue } from "../ir/types.js";
import type { ValuePath } from "./value-limits.js";

// In a `u` regular expression a surrogate pair is one code point, so `\p{Cs}` matches
// only surrogates that are not part of a pair: text that has no UTF-8 encoding.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `s` holds a lone surrogate (`"\uD800"`), which cannot be written as UTF-8. */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

/**
 * Path to the first string (or object key) in `value` that holds a lone surrogate, or
 * undefined. Iterative, like every walk over untrusted values in the parse stage.
 */
export function findLoneSurrogate(value: unknown): ValuePath | undefined {
  // Frames link to their parent, so a path is only built for the string that is reported.
  type Frame = { value: unknown; key: string | number | undefined; parent: Frame | undefined };
  const stack: Frame[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === "string") {
      if (hasLoneSurrogate(v)) return pathOf(frame);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: frame });
    } else if (v && typeof v === "object") {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        const child: Frame = { value: (v as { [k: string]: JsonValue })[k], key: k, parent: frame };
        if (hasLoneSurrogate(k)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

function pathOf(frame: { key: string | number | undefined; parent: typeof frame | undefined }): ValuePath {
  const path: ValuePath = [];
  for (let f: typeof frame | undefined = frame; f && f.key !== undefined; f = f.parent) path.push(f.key);
  return path.reverse();
}

/** Where the first bytes that are not UTF-8 start in `bytes`, or -1 when all of it is UTF-8. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: how many continuation bytes follow, and the range the first one must be in
    // (which rules out overlong forms, surrogates and code points above U+10FFFF).
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + n >= bytes.length) return i; // truncated at the end of the file
    const first = bytes[i + 1]!;
    if (first < lo || first > hi) return i;
    for (let k = 2; k <= n; k++) {
      const c = bytes[i + k]!;
      if (c < 0x80 || c > 0xbf) return i;
    }
    i += n + 1;
  }
  return -1;
}
