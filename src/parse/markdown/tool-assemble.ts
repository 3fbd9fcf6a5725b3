import type { ToolContent } from "../../ir/types.js";
import { completeAnnotations } from "../../ir/build.js";
import { isPlaceholder } from "../primitives/placeholders.js";
import type { ParsedTool } from "../schema-positions.js";
import type { ToolSection } from "./discover.js";
import { addDescription, type ToolReader } from "./tool-reader.js";
import { resolveSide } from "./tool-side-schema.js";
import { linesOf } from "./document.js";
import { reportUnreadProse } from "./unread-prose.js";

/** Result of reading one tool section. */
export interface ReadResult extends ParsedTool {
  /** Set when the section is an unfilled template stub rather than a tool. */
  template?: string;
}

/**
 * Puts the parts read into a tool: its name (an exact MCP name, the invocation name, or the
 * heading's), the schema of each side, annotations completed with MCP's defaults, and
 * where each part is. Flags an unfilled template section.
 */
export function assembleTool(r: ToolReader, section: ToolSection): ReadResult {
  const { diagnostics } = r.ctx;
  const parts = r.parts;
  let raw = parts.invocation?.name ?? section.name;
  if (!section.explicit || /\s/.test(raw)) {
    // A heading such as "Tool: Echo Tool" names the tool only loosely; the examples may say more.
    if (/\s/.test(raw) && !parts.invocation) {
      const call = parts.examples.find((e) => e.kind === "call" && e.toolName);
      raw = call?.toolName ?? parts.descriptorName ?? raw;
    }
  }
  raw = raw.replace(/[`*]/g, "").trim();
  const exact = parts.wireName;
  const { name, module } = exact
    ? {
        name: exact.name,
        module:
          parts.module ?? (exact.name.includes(".") ? exact.name.slice(0, exact.name.lastIndexOf(".")) : r.ctx.module),
      }
    : r.ctx.normalizeName(raw);
  const nameLoc = exact?.loc ?? parts.invocation?.loc ?? section.nameLoc;
  const input = resolveSide(parts.input, "input", diagnostics, linesOf(r.doc));
  const output = resolveSide(parts.output, "output", diagnostics, linesOf(r.doc));
  reportUnreadProse(r);
  if (!parts.description.length && parts.stray.length) addDescription(r, parts.stray[0]!.text, parts.stray[0]!.loc);
  const description = parts.description.join("\n\n").trim();
  const annotations = completeAnnotations(parts.stated, parts.idempotency);
  const tool: ToolContent = {
    name,
    module,
    ...(parts.version ? { version: parts.version.value } : {}),
    ...(parts.title ? { title: parts.title } : {}),
    description,
    inputSchema: input?.value ?? { type: "object" },
    ...(output ? { outputSchema: output.value } : {}),
    errors: parts.errors,
    ...(parts.idempotency ? { idempotency: parts.idempotency } : {}),
    annotations,
    ...(parts.deprecated ? { deprecation: parts.deprecated } : {}),
    examples: parts.examples,
    security: parts.security,
    format: "markdown",
    ...(exact ? { exactName: true } : {}),
    locations: {
      tool: section.nameLoc,
      name: nameLoc,
      ...(parts.version ? { version: parts.version.loc } : {}),
      ...(parts.descriptionLoc ? { description: parts.descriptionLoc } : {}),
      ...(input ? { inputSchema: input.loc } : parts.input.loc ? { inputSchema: parts.input.loc } : {}),
      ...(output ? { outputSchema: output.loc } : {}),
      ...(parts.errorsLoc ? { errors: parts.errorsLoc } : {}),
      ...(parts.idempotencyLoc ? { idempotency: parts.idempotencyLoc } : {}),
      ...(parts.examplesLoc ? { examples: parts.examplesLoc } : {}),
      ...(parts.securityLoc ? { security: parts.securityLoc } : {}),
    },
    schemaSources: {
      inputSchema: input?.source ?? { provenance: "undocumented" },
      ...(output ? { outputSchema: output.source } : {}),
    },
    ...(Object.keys(parts.stated).length ? { statedAnnotations: { ...parts.stated } } : {}),
  };
  // An unfilled template: a stand-in description such as "[Tool description]".
  const template =
    description && isPlaceholder(description.replace(/^\*\*[^*]+\*\*:?\s*/, ""), { typeWords: false })
      ? description
      : undefined;
  const sources = {
    ...(input?.written ? { inputSchema: input.written } : {}),
    ...(output?.written ? { outputSchema: output.written } : {}),
  };
  return { tool, sources, ...(template ? { template } : {}) };
}
