import { createHash } from "node:crypto";
import { canonicalJson } from "@mcp-specgen/runtime";

export { canonicalJson };

/** `sha256:<hex>` of a value's canonical JSON (keys sorted; `__proto__` keys kept as keys). */
export function contentHash(value: unknown): string {
  return `sha256:${createHash("sha256").update(canonicalJson(value)).digest("hex")}`;
}
