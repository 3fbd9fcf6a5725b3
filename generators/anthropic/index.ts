import type { Generator } from "../../src/generate/generator.js";
import { bannerText, tsBanner } from "../../src/generate/banner.js";
import { jsonPieces, piecedFile, piecedLines, tsLiteralPieces } from "../../src/generate/pieces.js";
import type { ResolvedOptionsOf } from "../../src/generate/options.js";
import { ANTHROPIC_MODULE_PATH, ANTHROPIC_PATH } from "../../src/generate/outputs.js";
import { docComment } from "../../src/generate/ts.js";
import { reportStrictRefusals, toolDefinitionsImport, vendorIndexSource } from "../../src/generate/vendor-module.js";
import { anthropicForms } from "../../src/vendors/forms.js";
import type { anthropicOptions } from "./options.js";
import { keptFor } from "../../src/cache/store.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";

/**
 * Generates the Anthropic tool definitions: `anthropic.json` (`{tools: [{name, description,
 * input_schema, strict}], notStrict}`) and `vendors/anthropic.ts` with the same tools,
 * typed, and `anthropicTools`, the index the runtime maps `tool_use` blocks back with.
 * `strict: true` (Anthropic's strict tool use) only when the schema allows it and the tool
 * fits in the per-request strict budget (20 strict tools, 24 optional and 16 union-typed
 * properties across them; counted in sorted tool order); each refusal is an info
 * diagnostic, shown by `generate --verbose`.
 */
export const anthropicGenerator: Generator<ResolvedOptionsOf<typeof anthropicOptions>> = {
  name: "anthropic",
  requires: [],
  generate(ctx) {
    // Anthropic's strict limits count across the request: the tools are sent together.
    const strictForms = anthropicForms(ctx.tools, ctx.options.strict);
    const forms = ctx.tools.map((tool, i) => ({ tool, form: strictForms[i]! }));
    reportStrictRefusals(ctx, "Anthropic", forms);
    const tools = forms.map(({ tool, form }) => {
      const name = ctx.namesOf(tool).vendorNames.anthropic;
      // The form depends on the other tools too (Anthropic's per-request strict budget).
      return toolsOf(tool, `${name}\0${form.strict ? "" : form.reason}`, () => ({
        name,
        description: tool.description,
        input_schema: form.schema,
        strict: form.strict,
      }));
    });
    const notStrict = forms.flatMap(({ tool, form }) =>
      form.strict ? [] : [{ tool: tool.name, reason: form.reason }],
    );

    const module = piecedLines([
      tsBanner(ctx.config.inputs).trimEnd(),
      'import type { AnthropicTool, VendorToolIndex } from "@mcp-specgen/runtime";',
      ...toolDefinitionsImport(ctx),
      "",
      docComment(
        "The tools in Anthropic's format: `anthropic.messages.create({ model, max_tokens, messages, tools: anthropicToolList })`.",
      ),
      ["export const anthropicToolList: AnthropicTool[] = ", ...tsLiteralPieces(tools), ";"],
      "",
      vendorIndexSource(
        ctx,
        "anthropic",
        "anthropicTools",
        docComment(
          "Each Anthropic tool name -> its tool's wire name and input schema: what `fromAnthropicToolUse` maps `tool_use` blocks back with. Anthropic's strict mode keeps optional properties optional, so no `null` stands for a left-out one.",
        ),
        forms.map(({ tool, form }) => ({
          tool,
          vendorName: ctx.namesOf(tool).vendorNames.anthropic,
          optionalsAsNull: form.optionalsAsNull,
        })),
      ),
      "",
    ]);

    return [
      piecedFile(ANTHROPIC_PATH, jsonPieces({ $comment: bannerText(ctx.config.inputs), tools, notStrict })),
      piecedFile(ANTHROPIC_MODULE_PATH, module),
    ];
  },
};

/** Each tool's entry, made once per frozen tool (and its name and strictness) in `generate --watch`. */
const toolsOf = keptFor<ToolSpec, { name: string; description: string; input_schema: JsonSchema; strict: boolean }>();
