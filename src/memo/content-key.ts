import { createHash } from "node:crypto";

/**
 * The key of a value computed by `kind` from `parts`: the SHA-256 of `kind` and each part,
 * each written after its length (so no two lists of parts hash the same text). Any changed
 * character of a part gives another key. A value that may be stored on disk, and so outlive
 * the process, has the generator's identity among its parts (see `generatorIdentity`): a
 * rebuilt or upgraded mcp-specgen then never finds what another one computed.
 */
export function contentKey(kind: string, ...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of [kind, ...parts]) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}
