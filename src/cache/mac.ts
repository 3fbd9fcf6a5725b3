import { createHmac, timingSafeEqual } from "node:crypto";

/** What a MAC is written as: 64 lowercase hex digits (HMAC-SHA256). */
const MAC_HEX = /^[0-9a-f]{64}$/;

/**
 * The secret that authenticates one user's cache files (see `loadCacheKey`). A file is
 * taken from the cache only with a MAC this key made: a file someone else wrote — by hand,
 * or with another key — is a miss. The secret itself never leaves this object (a private
 * field: not enumerable, not in JSON, not in a structured clone).
 */
export class CacheKey {
  readonly #secret: Buffer;

  constructor(secret: Uint8Array) {
    this.#secret = Buffer.from(secret);
  }

  /**
   * HMAC-SHA256, in hex, of `parts` for `purpose` (a memo file, a run entry…): each part is
   * preceded by its byte length, and the purpose by a fixed prefix, so no sequence of parts
   * and no other purpose gives the same input.
   */
  mac(purpose: string, ...parts: ReadonlyArray<string | Uint8Array>): string {
    const hmac = createHmac("sha256", this.#secret);
    hmac.update(`mcp-specgen cache mac\0${purpose}\0`);
    for (const part of parts) {
      hmac.update(`${typeof part === "string" ? Buffer.byteLength(part) : part.byteLength}\0`);
      hmac.update(part);
    }
    return hmac.digest("hex");
  }

  /** True when `mac` is exactly `this.mac(purpose, ...parts)` (compared in constant time). */
  verifies(mac: string, purpose: string, ...parts: ReadonlyArray<string | Uint8Array>): boolean {
    if (!MAC_HEX.test(mac)) return false;
    return timingSafeEqual(Buffer.from(mac, "hex"), Buffer.from(this.mac(purpose, ...parts), "hex"));
  }
}
