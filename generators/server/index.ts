import type { Generator, GeneratorContext } from "../../src/generate/generator.js";
import { tsBanner } from "../../src/generate/banner.js";
import {
  describeSharedWireNames,
  moduleNamespaces,
  sharedWireNames,
  type ModuleNamespace,
} from "../../src/generate/modules.js";
import { renderTemplate } from "../../src/generate/templates.js";
import { docComment, stringLiteral } from "../../src/generate/ts.js";
import { piecedFile, piecedLines, tsLiteralPieces } from "../../src/generate/pieces.js";
import {
  SCHEMAS_PATH,
  SERVER_PATH,
  TOOLS_PATH,
  toolListEntry,
  validatorNames,
  validatorsPath,
} from "../../src/generate/outputs.js";
import { dialectGroup, type DialectGroup } from "../../src/schema/ajv.js";

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
  generate(ctx: GeneratorContext) {
    const banner = tsBanner(ctx.config.inputs).trimEnd();
    const namespaces = moduleNamespaces(ctx);
    const definitions = Object.fromEntries(
      namespaces.map((m) => [
        m.id,
        Object.fromEntries(m.tools.map(({ tool, names }) => [names.camel, toolListEntry(tool)])),
      ]),
    );
    const toolsFile = piecedLines([
      banner,
      'import type { ToolDefinition } from "@mcp-specgen/runtime";',
      'import type { ModuleName, ToolTypes } from "./index.js";',
      "",
      "/** Every tool's MCP definition (name, title, description, schemas, annotations), as `tools/list` shows it, by module. */",
      [
        "export const toolDefinitions: { readonly [M in ModuleName]: { readonly [T in keyof ToolTypes[M]]: ToolDefinition } } = ",
        ...tsLiteralPieces(definitions),
        ";",
      ],
      "",
    ]);

    const validatorImports = new Map<string, string>();
    const validator = (
      module: string,
      id: string,
      schema: Parameters<typeof dialectGroup>[0],
      name: string,
    ): string => {
      const group = dialectGroup(schema);
      const alias = `${VALIDATOR_ALIAS[group]}${id}`;
      validatorImports.set(alias, stringLiteral(`./${validatorsPath(module, group)}.js`));
      return `${alias}.${name}`;
    };
    const modules = namespaces.map((m) => ({
      id: m.id,
      idLiteral: stringLiteral(m.id),
      tools: m.tools.map(({ tool, names }) => {
        const v = validatorNames(names.pascal);
        return {
          camel: names.camel,
          camelLiteral: stringLiteral(names.camel),
          validateArgs: validator(m.module, m.id, tool.inputSchema, v.args),
          validateResult: tool.outputSchema ? validator(m.module, m.id, tool.outputSchema, v.result) : undefined,
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
    const server = renderTemplate("server", "server.ts.hbs", {
      banner,
      modules,
      example,
      sharedWireNames: sharedWireNamesComment(namespaces),
      validatorImports: imports,
    });
    const anyTool = modules.some((m) => m.tools.length > 0);
    const anyOutput = modules.some((m) => m.tools.some((t) => t.validateResult !== undefined));
    const schemas = renderTemplate("server", "schemas.ts.hbs", {
      banner,
      modules,
      example,
      validatorImports: imports,
      // Only what is used: generated files compile under noUnusedLocals (no tools → no imports).
      indexImports: anyOutput ? "ToolArgs, ToolResult" : anyTool ? "ToolArgs" : "",
    });
    return [
      piecedFile(TOOLS_PATH, toolsFile),
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
