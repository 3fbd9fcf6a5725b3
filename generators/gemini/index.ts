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
import { GEMINI_MODULE_PATH, GEMINI_PATH } from "../../src/generator-kit/outputs.js";
import { docComment } from "../../src/generator-kit/ts.js";
import {
  reportSchemaLoosenings,
  toolDefinitionsImport,
  vendorIndexSource,
} from "../../src/generator-kit/vendor-module.js";
import { geminiForm } from "../../src/vendors/forms.js";
import type { geminiOptions } from "./options.js";

/**
 * Generates the Gemini function declarations: `gemini.json` (`{functionDeclarations: [{name,
 * description, parametersJsonSchema}], lossy}`) and `vendors/gemini.ts` with the same,
 * typed, and `geminiTools`, the index the runtime maps function calls back with. Each input
 * schema is converted to the subset Gemini supports; every part it cannot express is a
 * GEMINI_SCHEMA_LOSSY warning naming the tool and the JSON pointer (GEMINI_CONSTRAINT_DROPPED,
 * an info, when only a value constraint is left out), and is listed under `lossy` with what was done.
 */
export const geminiGenerator: Generator<ResolvedOptionsOf<typeof geminiOptions>> = {
  name: "gemini",
  requires: [],
  generate(ctx) {
    const forms = ctx.tools.map((tool) => ({ tool, form: ctx.perTool(tool, "form", () => geminiForm(tool)) }));
    reportSchemaLoosenings(
      ctx,
      "Gemini",
      { major: "GEMINI_SCHEMA_LOSSY", minor: "GEMINI_CONSTRAINT_DROPPED" },
      forms.map(({ tool, form }) => ({ tool, loosenings: form.issues })),
    );
    const lossy = forms.flatMap(({ tool, form }) =>
      form.issues.map((issue) => ({ tool: tool.name, at: `#${issue.pointer}`, change: issue.message })),
    );
    const declarationOf = (i: number) => {
      const { tool, form } = forms[i]!;
      return {
        name: ctx.namesOf(tool).vendorNames.gemini,
        description: tool.description,
        parametersJsonSchema: form.schema,
      };
    };
    // Each tool's declaration, in each place it is written, made once per tool.
    const made = (part: string, depth: number, text: (i: number) => string) =>
      forms.map(
        ({ tool }, i) =>
          new Fragment(
            ctx.perTool(tool, part, () => text(i)),
            depth,
          ),
      );

    const module = lines([
      tsBanner(ctx.inputs).trimEnd(),
      'import type { GeminiFunctionDeclaration, VendorToolIndex } from "@mcp-specgen/runtime";',
      ...toolDefinitionsImport(ctx),
      "",
      docComment(
        "The tools as Gemini function declarations: `ai.models.generateContent({ model, contents, config: { tools: [{ functionDeclarations: geminiFunctionDeclarations }] } })`.",
      ),
      [
        "export const geminiFunctionDeclarations: GeminiFunctionDeclaration[] = ",
        ...tsLiteralDocument(made("declaration ts", 1, (i) => tsLiteralAt(declarationOf(i), 1))),
        ";",
      ],
      "",
      vendorIndexSource(
        ctx,
        "gemini",
        "geminiTools",
        docComment(
          "Each Gemini function name -> its tool's wire name and input schema: what `fromGeminiFunctionCall` maps function calls back with.",
        ),
        forms.map(({ tool }) => ({ tool, vendorName: ctx.namesOf(tool).vendorNames.gemini, optionalsAsNull: false })),
      ),
      "",
    ]);

    return [
      {
        path: GEMINI_PATH,
        contents: jsonDocument({
          $comment: ctx.banner,
          functionDeclarations: made("declaration json", 2, (i) => jsonAt(declarationOf(i), 2)!),
          lossy,
        }),
      },
      { path: GEMINI_MODULE_PATH, contents: module },
    ];
  },
};
