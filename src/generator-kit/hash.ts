import { createHash } from "node:crypto";
import { canonicalJson } from "@mcp-specgen/runtime/generator-support";

export { canonicalJson };

/** `sha256:<hex>` of a value's canonical JSON (keys sorted; `__proto__` keys kept as keys). */
export function contentHash(value: unknown): string {
  return `sha256:${createHash("sha256").update(canonicalJson(value)).digest("hex")}`;
}

/**
 * The SHA-256 (hex) of a value's JSON text as written (key order counts): a short stand-in
 * for plain data in a `ctx.memo` input, when generated text depends on that data alone.
 */
export function jsonDigest(value: unknown): string {
  return createHash("sha256")
    .update(String(JSON.stringify(value)))
    .digest("hex");
}
