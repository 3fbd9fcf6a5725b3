import type { Generator, GeneratorContext } from "../../src/generator-kit/contract.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import { template } from "../../src/generator-kit/templates.js";
import { describeSharedWireNames, moduleNamespaces, sharedWireNames } from "../../src/generator-kit/modules.js";
import { CLIENT_PATH, validatorNames, validatorsPath } from "../../src/generator-kit/outputs.js";
import { docComment, stringLiteral } from "../../src/generator-kit/ts.js";
import type { DialectGroup } from "../../src/schema/ajv.js";
import { toolDialects } from "../../src/generator-kit/dialects.js";

/** Alias prefix of a validators module import per dialect (as in server.ts); `_` never occurs inside a module identifier. */
const VALIDATOR_ALIAS: Record<DialectGroup, string> = {
  default: "validators_",
  "2019": "validators2019_",
  "2020": "validators2020_",
};

const clientTemplate = template("client", "client.ts.hbs");

/**
 * Generates `client.ts`: `createClient(transport, options)` with one typed async method per
 * tool, grouped by module (`client.aiCodeEditing.generateCode(args)`, resolving with the
 * result data and throwing ToolCallError on failure), `createRawClient(transport, options)`
 * whose methods resolve with the whole MCPToolResult, and `createModuleClient(module,
 * transport, options)` / `createRawModuleClient` for one module (a module served on its
 * own). Method types come from `ToolTypes` in index.ts, which also carries each tool's
 * documentation.
 *
 * When the run also generates validators, the clients check each success result's data
 * against the tool's output schema with them (a server one does not control can send
 * anything); `client` does not require `validators`, so without them results are not checked.
 */
export const clientGenerator: Generator = {
  name: "client",
  requires: ["types"],
  async generate(ctx: GeneratorContext) {
    const namespaces = moduleNamespaces(ctx);
    const validate = ctx.generators.includes("validators");
    const validatorImports = new Map<string, string>();
    const modules = namespaces.map((m) => ({
      id: m.id,
      idLiteral: stringLiteral(m.id),
      tools: m.tools.map(({ tool, names }) => ({ camel: names.camel, nameLiteral: stringLiteral(tool.name) })),
      resultValidators: m.tools.flatMap(({ tool, names }) => {
        if (!validate || !tool.outputSchema) return [];
        const group = toolDialects(ctx, tool).output!.group;
        const alias = `${VALIDATOR_ALIAS[group]}${m.id}`;
        validatorImports.set(alias, stringLiteral(`./${validatorsPath(m.module, group)}.js`));
        return [
          { nameLiteral: stringLiteral(tool.name), validator: `${alias}.${validatorNames(names.pascal).result}` },
        ];
      }),
    }));
    const first = modules[0];
    const example = {
      module: first?.id ?? "module",
      moduleLiteral: first?.idLiteral ?? '"module"',
      camel: first?.tools[0]?.camel ?? "tool",
    };
    const shared = sharedWireNames(namespaces);
    const sharedWireNamesNote = shared.length
      ? docComment(
          `No \`createClient\` or \`createRawClient\` for all modules: ${describeSharedWireNames(shared)}. Each module is a server of its own, so connect to each and call it with \`createModuleClient\`.`,
        )
      : "";
    const data = {
      banner: tsBanner(ctx.inputs).trimEnd(),
      modules,
      example,
      sharedWireNamesNote,
      validate,
      validatorImports: [...validatorImports]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([alias, from]) => ({ alias, from })),
    };
    // Rendered from data made of names only: the same data (most edits) is found in the cache.
    const contents = await ctx.memo("client.ts", data, () => clientTemplate(data));
    return [{ path: CLIENT_PATH, contents }];
  },
};
