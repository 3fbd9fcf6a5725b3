import type { Idempotency, JsonValue, StatedAnnotations, ToolAnnotations } from "./types.js";

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/**
 * The hints an MCP `annotations` object states: its boolean `…Hint` members. Anything else
 * (a missing object, a hint that is not a boolean) states nothing, so the default applies.
 */
export function statedHints(annotations: JsonValue | undefined): StatedAnnotations {
  const stated: StatedAnnotations = {};
  if (!annotations || typeof annotations !== "object" || Array.isArray(annotations)) return stated;
  for (const k of HINTS) {
    const v = annotations[k];
    if (typeof v === "boolean") stated[k] = v;
  }
  return stated;
}

/**
 * Completes annotations with the MCP defaults (readOnly false, destructive true,
 * idempotent false, openWorld true). A read-only tool cannot be destructive, and a
 * stated idempotency (the template's Idempotency section) decides idempotentHint when no hint is given.
 */
export function completeAnnotations(stated: StatedAnnotations, idempotency?: Idempotency): ToolAnnotations {
  const readOnlyHint = stated.readOnlyHint ?? false;
  return {
    readOnlyHint,
    destructiveHint: readOnlyHint ? false : (stated.destructiveHint ?? true),
    idempotentHint: stated.idempotentHint ?? (idempotency ? idempotency.value === "yes" : readOnlyHint),
    openWorldHint: stated.openWorldHint ?? true,
  };
}

/**
 * Derives a module name from a spec file path: the file's stem, or its folder's name
 * when the file has a generic name such as MCP_TOOL_SPECIFICATION.md or tools.json.
 */
export function moduleFromPath(file: string): string {
  const parts = file.split("/").filter(Boolean);
  const base = parts.pop() ?? "";
  const stem = base.replace(/\.[^.]+$/, "");
  const generic = /^(mcp_tool_specification|readme|index|tools?|specs?|tool_spec(ification)?s?)$/i.test(stem);
  const chosen = generic ? (parts.pop() ?? stem) : stem;
  return normalizeModule(chosen) || "tools";
}

/** Lower snake case, `[a-z0-9_]` only, as the template's `module_name.tool_name` invocation-name pattern requires. */
export function normalizeModule(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
