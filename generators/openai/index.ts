import type { Generator } from "../../src/generate/generator.js";
import { bannerText, jsonFile } from "../../src/generate/banner.js";
import type { ResolvedOptionsOf } from "../../src/generate/options.js";
import { OPENAI_PATH } from "../../src/generate/outputs.js";
import type { JsonSchema } from "../../src/ir/types.js";
import { toStrictSchema } from "./strict.js";
import { toolKey } from "../../src/naming/table.js";
import type { openaiOptions } from "./options.js";

/**
 * Generates `openai.json`: the tools in the Chat Completions shape
 * (`{type: "function", function: {name, description, parameters, strict}}`) and the
 * Responses API shape (`{type: "function", name, description, parameters, strict}`).
 * Names are the reversible vendor names recorded in the manifest; `strict: true` only when
 * the schema could be brought into strict mode.
 */
export const openaiGenerator: Generator<ResolvedOptionsOf<typeof openaiOptions>> = {
  name: "openai",
  requires: [],
  generate(ctx) {
    const chatCompletions: unknown[] = [];
    const responses: unknown[] = [];
    const notStrict: Array<{ tool: string; reason: string }> = [];
    for (const tool of ctx.tools) {
      const name = ctx.names.get(toolKey(tool))!.vendor;
      const base = withoutMetaKeywords(tool.inputSchema);
      const converted = ctx.options.strict
        ? toStrictSchema(base)
        : { strict: false as const, schema: base, reason: "strict mode disabled in config" };
      if (!converted.strict) notStrict.push({ tool: tool.name, reason: converted.reason });
      const fn = { name, description: tool.description, parameters: converted.schema, strict: converted.strict };
      chatCompletions.push({ type: "function", function: fn });
      responses.push({ type: "function", ...fn });
    }
    return [
      {
        path: OPENAI_PATH,
        contents: jsonFile({ $comment: bannerText(ctx.config.inputs), chatCompletions, responses, notStrict }),
      },
    ];
  },
};

// `$schema`/`$id` describe the document, not the parameters, and vendors reject or ignore them.
function withoutMetaKeywords(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}
