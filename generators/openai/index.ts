import type { Generator } from "../../src/generate/generator.js";
import { bannerText, tsBanner } from "../../src/generate/banner.js";
import { jsonPieces, piecedFile, piecedLines, tsLiteralPieces } from "../../src/generate/pieces.js";
import type { ResolvedOptionsOf } from "../../src/generate/options.js";
import { OPENAI_MODULE_PATH, OPENAI_PATH } from "../../src/generate/outputs.js";
import { docComment } from "../../src/generate/ts.js";
import { reportStrictRefusals, toolDefinitionsImport, vendorIndexSource } from "../../src/generate/vendor-module.js";
import { openaiForm } from "../../src/vendors/forms.js";
import type { openaiOptions } from "./options.js";
import { keptFor } from "../../src/cache/store.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";

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
    const forms = ctx.tools.map((tool) => ({ tool, form: openaiForm(tool, ctx.options.strict) }));
    reportStrictRefusals(ctx, "OpenAI", forms);
    const functions = forms.map(({ tool, form }) => {
      const name = ctx.namesOf(tool).vendorNames.openai;
      return functionsOf(tool, `${name}\0${ctx.options.strict}`, () => ({
        name,
        description: tool.description,
        parameters: form.schema,
        strict: form.strict,
      }));
    });
    const notStrict = forms.flatMap(({ tool, form }) =>
      form.strict ? [] : [{ tool: tool.name, reason: form.reason }],
    );
    const json = {
      $comment: bannerText(ctx.config.inputs),
      chatCompletions: functions.map((fn) => chatToolOf(fn, "", () => ({ type: "function", function: fn }))),
      responses: functions.map((fn) => responsesToolOf(fn, "", () => ({ type: "function", ...fn }))),
      notStrict,
    };

    const module = piecedLines([
      tsBanner(ctx.config.inputs).trimEnd(),
      'import type { OpenAIChatTool, OpenAIResponsesTool, VendorToolIndex } from "@mcp-specgen/runtime";',
      ...toolDefinitionsImport(ctx),
      "",
      "// Each function once; both API shapes below share these objects.",
      [
        "const functions: Array<{ name: string; description: string; parameters: { [key: string]: unknown }; strict: boolean }> = ",
        ...tsLiteralPieces(functions),
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

    return [piecedFile(OPENAI_PATH, jsonPieces(json)), piecedFile(OPENAI_MODULE_PATH, module)];
  },
};

type OpenAIFunction = { name: string; description: string; parameters: JsonSchema; strict: boolean };

/** Each tool's function, made once per frozen tool (and its name and strict option) in `generate --watch`. */
const functionsOf = keptFor<ToolSpec, OpenAIFunction>();
/** Each function in both API shapes, made once per frozen function: `openai.json` keeps their texts. */
const chatToolOf = keptFor<OpenAIFunction, object>();
const responsesToolOf = keptFor<OpenAIFunction, object>();
