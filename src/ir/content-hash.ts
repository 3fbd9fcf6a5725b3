import { createHash } from "node:crypto";
import type { ToolContent, ToolSpec } from "./types.js";

/**
 * The content hash of a tool (`ToolSpec.contentHash`): the SHA-256, in hex, of the JSON text
 * of everything the tool holds but that hash. Plain `JSON.stringify`, not a canonical form
 * with sorted keys: generated text follows the order of a schema's keys, so two tools that
 * differ only in that order must not share what was made from either.
 */
export function toolContentHash(tool: ToolContent | ToolSpec): string {
  const { contentHash: _hash, ...content } = tool as ToolSpec;
  return createHash("sha256").update(JSON.stringify(content)).digest("hex");
}

/**
 * `tool` with its content hash set: computed once where a tool is read (see
 * `parseSpecText`), and from then on what every later stage keys what it keeps by.
 */
export function withContentHash(tool: ToolContent): ToolSpec {
  return Object.assign(tool, { contentHash: toolContentHash(tool) });
}
