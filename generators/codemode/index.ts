import type { GeneratedFile, Generator } from "../../src/generator-kit/contract.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import { lines } from "../../src/generator-kit/fragments.js";
import { moduleNamespaces } from "../../src/generator-kit/modules.js";
import { declarationsText } from "./declarations.js";
import { apiIndexFile, CODEMODE_DIR, moduleIndexFile, toolFile } from "./tool-files.js";

/** The compact declarations of the whole surface, for a model's prompt. */
export const CODEMODE_DECLARATIONS_PATH = `${CODEMODE_DIR}/api.d.ts`;

/**
 * Generates the code-mode API (opt-in: list `"codemode"` in `generators`): for agents that
 * call tools by writing a program rather than one tool call at a time.
 *
 * - `codemode/<module>/<function>.ts`: one file per tool, the tool as a function over the
 *   `types` generator's Args and Result, with the spec's documentation (parameters with
 *   constraints and defaults, errors, an example, version, read-only or destructive);
 * - `codemode/<module>/index.ts`: the module's functions as one interface, and their wire names;
 * - `codemode/index.ts`: `ToolApi`, its `surface` and `createApi(target)`, which binds it to
 *   a generated client, a registry or a transport with the runtime's `createToolApi`;
 * - `codemode/api.d.ts`: the whole surface as compact global declarations (a namespace per
 *   module) to put into a model's prompt, and to type-check the program it writes.
 */
export const codemodeGenerator: Generator = {
  name: "codemode",
  requires: ["types"],
  generate(ctx) {
    const namespaces = moduleNamespaces(ctx);
    const files: GeneratedFile[] = [];
    for (const m of namespaces) {
      for (const { tool, names } of m.tools)
        files.push(ctx.perTool(tool, "codemode tool file", () => toolFile(tool, m, names)));
      files.push(moduleIndexFile(m));
    }
    files.push(apiIndexFile(ctx.inputs, namespaces));
    files.push({
      path: CODEMODE_DECLARATIONS_PATH,
      contents: lines([tsBanner(ctx.inputs).trimEnd(), ...declarationsText(ctx, namespaces)]).concat("\n"),
    });
    return files;
  },
};
