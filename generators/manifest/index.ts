import type { Generator } from "../../src/generator-kit/contract.js";
import { Fragment, jsonAt, jsonDocument } from "../../src/generator-kit/fragments.js";
import { contentHash } from "../../src/generator-kit/hash.js";
import { MANIFEST_PATH, toolListEntry } from "../../src/generator-kit/outputs.js";
import {
  anthropicOutcome,
  openaiOutcome,
  openaiStrictnessPart,
  strictCoverage,
  type StrictOptions,
} from "../../src/vendors/forms.js";

/** MCP protocol revision the generated servers speak by default. */
export const MCP_PROTOCOL_VERSION = "2025-11-25";
/** Version of the MCPToolCall / MCPToolResult message format. */
export const TOOL_MESSAGE_VERSION = "1.0.0";

/** What the manifest takes from the config: the server it describes and each vendor's strict mode. */
export interface ManifestOptions {
  server: { name: string; version: string };
  strict: StrictOptions;
}

/** The part of the resolved config the manifest's options are made from. */
export interface ManifestConfig {
  server: { name: string; version: string };
  openai: { strict: boolean; strictNullableOptionals: boolean };
  anthropic: { strict: boolean };
}

/**
 * Generates `manifest.json`: a registry manifest with generator and protocol versions,
 * server capabilities and counts, and per tool its contract, its function name for each
 * vendor (`vendorNames`: openai, anthropic, gemini), whether each vendor with a strict mode
 * gets it strict and if not why (`strict`), its source location and a content hash of the
 * contract.
 */
export const manifestGenerator: Generator<ManifestOptions, ManifestConfig> = {
  name: "manifest",
  requires: [],
  optionsFrom: (config): ManifestOptions => ({
    server: { name: config.server.name, version: config.server.version },
    strict: {
      openai: { strict: config.openai.strict, strictNullableOptionals: config.openai.strictNullableOptionals },
      anthropic: { strict: config.anthropic.strict },
    },
  }),
  generate(ctx) {
    const { strict: options } = ctx.options;
    // Each tool's strictness as the vendor generators of the build found it (made here without them).
    const coverage = strictCoverage(ctx.tools, options, (tool) => ({
      openai: ctx.shared(tool, openaiStrictnessPart(options.openai), () => openaiOutcome(tool, options.openai)),
      anthropic: ctx.shared(tool, `anthropic strictness strict=${options.anthropic.strict}`, () =>
        anthropicOutcome(tool, options.anthropic.strict),
      ),
    }));
    // Each tool's entry, made once per tool; its strict outcomes depend on the other tools
    // too (Anthropic's per-request budget), so they name the part.
    const tools = ctx.tools.map((t, i) => {
      const strict = coverage[i]!;
      const text = ctx.perTool(t, `entry ${JSON.stringify(strict)}`, () => {
        const names = ctx.namesOf(t);
        const entry = toolListEntry(t);
        return jsonAt(
          {
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
          },
          2,
        )!;
      });
      return new Fragment(text, 2);
    });
    const manifest = {
      $comment: ctx.banner,
      generator: { name: "mcp-specgen", version: ctx.generatorVersion },
      protocolVersion: MCP_PROTOCOL_VERSION,
      toolMessageVersion: TOOL_MESSAGE_VERSION,
      server: {
        name: ctx.options.server.name,
        version: ctx.options.server.version,
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
    return [{ path: MANIFEST_PATH, contents: jsonDocument(manifest) }];
  },
};
