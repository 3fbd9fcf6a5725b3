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
import { OPENAI_MODULE_PATH, OPENAI_PATH } from "../../src/generator-kit/outputs.js";
import { docComment } from "../../src/generator-kit/ts.js";
import {
  reportStrictRefusals,
  toolDefinitionsImport,
  vendorIndexSource,
} from "../../src/generator-kit/vendor-module.js";
import { openaiForm, openaiStrictnessPart, strictOutcome } from "../../src/vendors/forms.js";
import type { openaiOptions } from "./options.js";

/**
 * Generates the OpenAI function-calling definitions: `openai.json` with the tools in the
 * Chat Completions shape (`{type: "function", function: {name, description, parameters,
 * strict}}`) and the Responses API shape (`{type: "function", name, description,
 * parameters, strict}`), and `vendors/openai.ts` with the same, typed, and `openaiTools`,
 * the index the runtime maps calls back with. Names are the reversible OpenAI names
 * recorded in the manifest; `strict: true` only when the schema could be brought into
 * strict mode (each refusal is an info diagnostic, shown by `generate --verbose`).
 */
export const openaiGenerator: Generator<ResolvedOptionsOf<typeof openaiOptions>> = {
  name: "openai",
  requires: [],
  generate(ctx) {
    const { strict, strictNullableOptionals } = ctx.options;
    const forms = ctx.tools.map((tool) => {
      const form = ctx.perTool(tool, "form", () => openaiForm(tool, { strict, strictNullableOptionals }));
      // Whether the tool is strict, for the manifest: found there instead of converting again.
      ctx.shared(tool, openaiStrictnessPart({ strict, strictNullableOptionals }), () => strictOutcome(form));
      return { tool, form };
    });
    reportStrictRefusals(ctx, "OpenAI", forms);
    // Each tool's function, in each shape and place it is written, made once per tool.
    const functionOf = (i: number) => {
      const { tool, form } = forms[i]!;
      return {
        name: ctx.namesOf(tool).vendorNames.openai,
        description: tool.description,
        parameters: form.schema,
        strict: form.strict,
      };
    };
    const made = (part: string, depth: number, text: (i: number) => string) =>
      forms.map(
        ({ tool }, i) =>
          new Fragment(
            ctx.perTool(tool, part, () => text(i)),
            depth,
          ),
      );
    const notStrict = forms.flatMap(({ tool, form }) =>
      form.strict ? [] : [{ tool: tool.name, reason: form.reason }],
    );
    const json = {
      $comment: ctx.banner,
      chatCompletions: made("chat json", 2, (i) => jsonAt({ type: "function", function: functionOf(i) }, 2)!),
      responses: made("responses json", 2, (i) => jsonAt({ type: "function", ...functionOf(i) }, 2)!),
      notStrict,
    };

    const module = lines([
      tsBanner(ctx.inputs).trimEnd(),
      'import type { OpenAIChatTool, OpenAIResponsesTool, VendorToolIndex } from "@mcp-specgen/runtime";',
      ...toolDefinitionsImport(ctx),
      "",
      "// Each function once; both API shapes below share these objects.",
      [
        "const functions: Array<{ name: string; description: string; parameters: { [key: string]: unknown }; strict: boolean }> = ",
        ...tsLiteralDocument(made("function ts", 1, (i) => tsLiteralAt(functionOf(i), 1))),
        ";",
      ],
      "",
      docComment(
        "The tools in the Chat Completions format: `openai.chat.completions.create({ model, messages, tools: openaiChatTools })`.",
      ),
      'export const openaiChatTools: OpenAIChatTool[] = functions.map((fn) => ({ type: "function", function: fn }));',
      "",
      docComment(
        "The tools in the Responses API format: `openai.responses.create({ model, input, tools: openaiResponsesTools })`.",
      ),
      'export const openaiResponsesTools: OpenAIResponsesTool[] = functions.map((fn) => ({ type: "function", ...fn }));',
      "",
      vendorIndexSource(
        ctx,
        "openai",
        "openaiTools",
        docComment(
          "Each OpenAI function name -> its tool's wire name and input schema, and whether it was sent strict (a `null` then stands for a property left out): what `fromOpenAIToolCall` maps calls back with.",
        ),
        forms.map(({ tool, form }) => ({
          tool,
          vendorName: ctx.namesOf(tool).vendorNames.openai,
          optionalsAsNull: form.optionalsAsNull,
        })),
      ),
      "",
    ]);

    return [
      { path: OPENAI_PATH, contents: jsonDocument(json) },
      { path: OPENAI_MODULE_PATH, contents: module },
    ];
  },
};
