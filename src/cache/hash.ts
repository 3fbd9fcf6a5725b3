import { createHash } from "node:crypto";

/** SHA-256 of a string (as UTF-8) or of bytes, in hex. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** True for a string `sha256` can have returned. */
export function isSha256(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
}
