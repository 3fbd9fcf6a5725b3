import type { Generator } from "../../src/generator-kit/contract.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import {
  Fragment,
  jsonAt,
  jsonDocument,
  lines,
  tsLiteralAt,
  tsLiteralDocument,
} from "../../src/generator-kit/fragments.js";
import type { ResolvedOptionsOf } from "../../src/generator-kit/options.js";
import { ANTHROPIC_MODULE_PATH, ANTHROPIC_PATH } from "../../src/generator-kit/outputs.js";
import { docComment } from "../../src/generator-kit/ts.js";
import {
  reportStrictRefusals,
  toolDefinitionsImport,
  vendorIndexSource,
} from "../../src/generator-kit/vendor-module.js";
import { anthropicForms, anthropicToolForm, anthropicToolOutcome, nonStrictSchema } from "../../src/vendors/forms.js";
import type { anthropicOptions } from "./options.js";

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
    const { strict } = ctx.options;
    // Anthropic's strict limits count across the request: the tools are sent together.
    const strictForms = anthropicForms(
      ctx.tools,
      strict,
      (tool) => {
        const form = ctx.perTool(tool, "form", () => anthropicToolForm(tool, strict));
        // Whether the tool is strict on its own, for the manifest: found there instead of converting again.
        ctx.shared(tool, `anthropic strictness strict=${strict}`, () => anthropicToolOutcome(form));
        return form;
      },
      (tool) => ctx.perTool(tool, "non-strict schema", () => nonStrictSchema(tool.inputSchema)),
    );
    const forms = ctx.tools.map((tool, i) => ({ tool, form: strictForms[i]! }));
    reportStrictRefusals(ctx, "Anthropic", forms);
    const toolOf = (i: number) => {
      const { tool, form } = forms[i]!;
      return {
        name: ctx.namesOf(tool).vendorNames.anthropic,
        description: tool.description,
        input_schema: form.schema,
        strict: form.strict,
      };
    };
    // Each tool's entry, made once per tool; its form depends on the other tools too (the
    // per-request strict budget), and so does the part's name.
    const made = (part: string, depth: number, text: (i: number) => string) =>
      forms.map(
        ({ tool, form }, i) =>
          new Fragment(
            ctx.perTool(tool, `${part} ${form.strict ? "strict" : `not strict: ${form.reason}`}`, () => text(i)),
            depth,
          ),
      );
    const notStrict = forms.flatMap(({ tool, form }) =>
      form.strict ? [] : [{ tool: tool.name, reason: form.reason }],
    );

    const module = lines([
      tsBanner(ctx.inputs).trimEnd(),
      'import type { AnthropicTool, VendorToolIndex } from "@mcp-specgen/runtime";',
      ...toolDefinitionsImport(ctx),
      "",
      docComment(
        "The tools in Anthropic's format: `anthropic.messages.create({ model, max_tokens, messages, tools: anthropicToolList })`.",
      ),
      [
        "export const anthropicToolList: AnthropicTool[] = ",
        ...tsLiteralDocument(made("tool ts", 1, (i) => tsLiteralAt(toolOf(i), 1))),
        ";",
      ],
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
      {
        path: ANTHROPIC_PATH,
        contents: jsonDocument({
          $comment: ctx.banner,
          tools: made("tool json", 2, (i) => jsonAt(toolOf(i), 2)!),
          notStrict,
        }),
      },
      { path: ANTHROPIC_MODULE_PATH, contents: module },
    ];
  },
};
