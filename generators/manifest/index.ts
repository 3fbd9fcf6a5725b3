import type { Generator, GeneratorContext } from "../../src/generate/generator.js";
import { bannerText } from "../../src/generate/banner.js";
import { jsonPieces, piecedFile } from "../../src/generate/pieces.js";
import { contentHash } from "../../src/generate/hash.js";
import { MANIFEST_PATH, toolListEntry } from "../../src/generate/outputs.js";
import { toolKey } from "../../src/naming/table.js";
import { keptFor } from "../../src/cache/store.js";
import type { ToolSpec } from "../../src/ir/types.js";
import { strictCoverage } from "../../src/vendors/forms.js";

/** MCP protocol revision the generated servers speak by default. */
export const MCP_PROTOCOL_VERSION = "2025-11-25";
/** Version of the MCPToolCall / MCPToolResult message format. */
export const TOOL_MESSAGE_VERSION = "1.0.0";

/**
 * Generates `manifest.json`: a registry manifest with generator and protocol versions,
 * server capabilities and counts, and per tool its contract, its function name for each
 * vendor (`vendorNames`: openai, anthropic, gemini), whether each vendor with a strict mode
 * gets it strict and if not why (`strict`), its source location and a content hash of the
 * contract.
 */
export const manifestGenerator: Generator = {
  name: "manifest",
  requires: [],
  generate(ctx: GeneratorContext) {
    const coverage = strictCoverage(ctx.tools, ctx.config);
    const tools = ctx.tools.map((t, i) => {
      const names = ctx.names.get(toolKey(t))!;
      const strict = coverage[i]!;
      return manifestEntries(t, JSON.stringify([names, strict]), () => {
        const entry = toolListEntry(t);
        return {
          name: t.name,
          ...(t.title ? { title: t.title } : {}),
          description: t.description,
          ...(t.version ? { version: t.version } : {}),
          module: t.module,
          inputSchema: t.inputSchema,
          ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
          annotations: entry.annotations,
          ...(t.deprecation ? { deprecation: t.deprecation } : {}),
          ...(t.idempotency ? { idempotency: t.idempotency } : {}),
          ...(t.errors.length ? { errorTypes: t.errors.map((e) => e.type) } : {}),
          identifiers: { namespace: names.module, type: names.pascal, method: names.camel },
          vendorNames: { ...names.vendorNames },
          strict,
          source: t.locations.tool,
          contentHash: contentHash({ ...entry, version: t.version ?? null, deprecation: t.deprecation ?? null }),
        };
      });
    });
    const manifest = {
      $comment: bannerText(ctx.config.inputs),
      generator: { name: "mcp-specgen", version: ctx.generatorVersion },
      protocolVersion: MCP_PROTOCOL_VERSION,
      toolMessageVersion: TOOL_MESSAGE_VERSION,
      server: {
        name: ctx.config.server.name,
        version: ctx.config.server.version,
        capabilities: {
          tools: { listChanged: false },
          resources: { subscribe: false, listChanged: false },
          prompts: { listChanged: false },
        },
        tools_count: tools.length,
        resources_count: 0,
        prompts_count: 0,
      },
      tools,
    };
    return [piecedFile(MANIFEST_PATH, jsonPieces(manifest))];
  },
};

/** Each tool's entry, made once per frozen tool (and its names and strict outcomes) in `generate --watch`. */
const manifestEntries = keptFor<ToolSpec, Record<string, unknown>>();
