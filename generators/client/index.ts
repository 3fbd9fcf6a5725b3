import type { Generator, GeneratorContext } from "../../src/generate/generator.js";
import { tsBanner } from "../../src/generate/banner.js";
import { renderTemplate } from "../../src/generate/templates.js";
import { describeSharedWireNames, moduleNamespaces, sharedWireNames } from "../../src/generate/modules.js";
import { CLIENT_PATH } from "../../src/generate/outputs.js";
import { docComment, stringLiteral } from "../../src/generate/ts.js";

/**
 * Generates `client.ts`: `createClient(transport)` with one typed async method per tool,
 * grouped by module (`client.aiCodeEditing.generateCode(args)`, resolving with the result
 * data and throwing ToolCallError on failure), `createRawClient(transport)` whose methods
 * resolve with the whole MCPToolResult, and `createModuleClient(module, transport)` /
 * `createRawModuleClient` for one module (a module served on its own). Method types come
 * from `ToolTypes` in index.ts, which also carries each tool's documentation.
 */
export const clientGenerator: Generator = {
  name: "client",
  requires: ["types"],
  generate(ctx: GeneratorContext) {
    const modules = moduleNamespaces(ctx).map((m) => ({
      id: m.id,
      idLiteral: stringLiteral(m.id),
      tools: m.tools.map(({ tool, names }) => ({ camel: names.camel, nameLiteral: stringLiteral(tool.name) })),
    }));
    const first = modules[0];
    const example = {
      module: first?.id ?? "module",
      moduleLiteral: first?.idLiteral ?? '"module"',
      camel: first?.tools[0]?.camel ?? "tool",
    };
    const shared = sharedWireNames(moduleNamespaces(ctx));
    const sharedWireNamesNote = shared.length
      ? docComment(
          `No \`createClient\` or \`createRawClient\` for all modules: ${describeSharedWireNames(shared)}. Each module is a server of its own, so connect to each and call it with \`createModuleClient\`.`,
        )
      : "";
    const contents = renderTemplate("client", "client.ts.hbs", {
      banner: tsBanner(ctx.config.inputs).trimEnd(),
      modules,
      example,
      sharedWireNamesNote,
    });
    return [{ path: CLIENT_PATH, contents }];
  },
};
