import type { Generator, GeneratorContext } from "../../src/generator-kit/contract.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import {
  describeSharedWireNames,
  moduleNamespaces,
  sharedWireNames,
  type ModuleNamespace,
} from "../../src/generator-kit/modules.js";
import { template } from "../../src/generator-kit/templates.js";
import { docComment, stringLiteral } from "../../src/generator-kit/ts.js";
import { Fragment, lines, tsLiteralAt, tsLiteralDocument } from "../../src/generator-kit/fragments.js";
import {
  SCHEMAS_PATH,
  SERVER_PATH,
  TOOLS_PATH,
  toolListEntry,
  validatorNames,
  validatorsPath,
} from "../../src/generator-kit/outputs.js";
import type { DialectGroup } from "../../src/schema/ajv.js";
import { toolDialects } from "../../src/generator-kit/dialects.js";

const serverTemplate = template("server", "server.ts.hbs");
const schemasTemplate = template("server", "schemas.ts.hbs");

/** Alias prefix of a validators module import per dialect; `_` never occurs inside a module identifier. */
const VALIDATOR_ALIAS: Record<DialectGroup, string> = {
  default: "validators_",
  "2019": "validators2019_",
  "2020": "validators2020_",
};

/**
 * Generates `tools.ts` (each tool's MCP definition, identical to the manifest's entry, by
 * module), `server.ts`: typed handler types (`ToolHandlers`, grouped by module like the
 * client), `createRegistry(handlers, options)` / `createModuleRegistry(module, handlers)`
 * wiring handlers to the precompiled validators, and `registerTools` /
 * `registerModuleTools` adding them to an official SDK `McpServer`; and `schemas.ts`: each
 * tool's arguments and result as Standard Schema objects backed by the same validators.
 */
export const serverGenerator: Generator = {
  name: "server",
  requires: ["types", "validators"],
  async generate(ctx: GeneratorContext) {
    const banner = tsBanner(ctx.inputs).trimEnd();
    const namespaces = moduleNamespaces(ctx);
    // Each tool's definition, made once per tool, where it sits: module -> tool -> definition.
    const definitions = Object.fromEntries(
      namespaces.map((m) => [
        m.id,
        Object.fromEntries(
          m.tools.map(({ tool, names }) => [
            names.camel,
            new Fragment(
              ctx.perTool(tool, "definition", () => tsLiteralAt(toolListEntry(tool), 2)),
              2,
            ),
          ]),
        ),
      ]),
    );
    const toolsFile = lines([
      banner,
      'import type { ToolDefinition } from "@mcp-specgen/runtime";',
      'import type { ModuleName, ToolTypes } from "./index.js";',
      "",
      "/** Every tool's MCP definition (name, title, description, schemas, annotations), as `tools/list` shows it, by module. */",
      [
        "export const toolDefinitions: { readonly [M in ModuleName]: { readonly [T in keyof ToolTypes[M]]: ToolDefinition } } = ",
        ...tsLiteralDocument(definitions),
        ";",
      ],
      "",
    ]);

    const validatorImports = new Map<string, string>();
    const validator = (module: string, id: string, group: DialectGroup, name: string): string => {
      const alias = `${VALIDATOR_ALIAS[group]}${id}`;
      validatorImports.set(alias, stringLiteral(`./${validatorsPath(module, group)}.js`));
      return `${alias}.${name}`;
    };
    const modules = namespaces.map((m) => ({
      id: m.id,
      idLiteral: stringLiteral(m.id),
      tools: m.tools.map(({ tool, names }) => {
        const v = validatorNames(names.pascal);
        const dialects = toolDialects(ctx, tool);
        const groups = { input: dialects.input.group, output: dialects.output?.group };
        return {
          camel: names.camel,
          camelLiteral: stringLiteral(names.camel),
          validateArgs: validator(m.module, m.id, groups.input, v.args),
          validateResult: groups.output ? validator(m.module, m.id, groups.output, v.result) : undefined,
        };
      }),
    }));
    const first = namespaces[0];
    const example = {
      module: first?.id ?? "module",
      moduleLiteral: stringLiteral(first?.id ?? "module"),
      camel: first?.tools[0]?.names.camel ?? "tool",
    };
    const imports = [...validatorImports]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([alias, from]) => ({ alias, from }));
    // Rendered from data made of names only: the same data (most edits) is found in the cache.
    const serverData = {
      banner,
      modules,
      example,
      sharedWireNames: sharedWireNamesComment(namespaces),
      validatorImports: imports,
    };
    const server = await ctx.memo("server.ts", serverData, () => serverTemplate(serverData));
    const anyTool = modules.some((m) => m.tools.length > 0);
    const anyOutput = modules.some((m) => m.tools.some((t) => t.validateResult !== undefined));
    const schemasData = {
      banner,
      modules,
      example,
      validatorImports: imports,
      // Only what is used: generated files compile under noUnusedLocals (no tools → no imports).
      indexImports: anyOutput ? "ToolArgs, ToolResult" : anyTool ? "ToolArgs" : "",
    };
    const schemas = await ctx.memo("schemas.ts", schemasData, () => schemasTemplate(schemasData));
    return [
      { path: TOOLS_PATH, contents: toolsFile },
      { path: SERVER_PATH, contents: server },
      { path: SCHEMAS_PATH, contents: schemas },
    ];
  },
};

/** Why there is no `createRegistry` for all modules, as a comment; "" when there is one. */
function sharedWireNamesComment(namespaces: readonly ModuleNamespace[]): string {
  const shared = sharedWireNames(namespaces);
  if (shared.length === 0) return "";
  return docComment(
    `No \`createRegistry\` for all modules: ${describeSharedWireNames(shared)}. One MCP server cannot list two tools of one name, so serve each module on its own with \`createModuleRegistry\`.`,
  );
}
