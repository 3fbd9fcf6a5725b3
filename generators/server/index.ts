import type { Generator, GeneratorContext } from "../../src/generate/generator.js";
import { tsBanner } from "../../src/generate/banner.js";
import { renderTemplate } from "../../src/generate/templates.js";
import { typeImports } from "../../src/generate/tool-imports.js";
import { docComment, docText, stringLiteral, tsLiteral } from "../../src/generate/ts.js";
import { toolListEntry } from "../manifest/index.js";
import { validatorNames, validatorsPath } from "../validators/index.js";
import { schemaDialect, type Dialect } from "../../src/schema/ajv.js";

/**
 * Generates `tools.ts` (each tool's MCP definition, identical to the manifest's entry) and
 * `server.ts`: a typed handler type per tool, the `ToolHandlers` interface, and
 * `createRegistry(handlers, options)` wiring handlers to the precompiled validators.
 */
export const serverGenerator: Generator = {
  name: "server",
  generate(ctx: GeneratorContext) {
    const banner = tsBanner(ctx.config.inputs).trimEnd();
    const definitions = Object.fromEntries(ctx.tools.map((t) => [t.name, toolListEntry(t)]));
    const toolsFile = [
      banner,
      'import type { ToolDefinition } from "@mcp-specgen/runtime";',
      'import type { ToolName } from "./index.js";',
      "",
      "/** Every tool's MCP definition (name, title, description, schemas, annotations), as `tools/list` shows it. */",
      `export const toolDefinitions: Readonly<Record<ToolName, ToolDefinition>> = ${tsLiteral(definitions)};`,
      "",
    ].join("\n");

    const validatorImports = new Map<string, string[]>();
    const tools = ctx.tools.map((t) => {
      const { pascal, camel } = ctx.names.get(t.name)!;
      const v = validatorNames(pascal);
      const add = (dialect: Dialect, name: string) => {
        const from = stringLiteral(`./${validatorsPath(t.module, dialect)}.js`);
        const list = validatorImports.get(from);
        if (list) list.push(name);
        else validatorImports.set(from, [name]);
      };
      add(schemaDialect(t.inputSchema).dialect, v.args);
      if (t.outputSchema) add(schemaDialect(t.outputSchema).dialect, v.result);
      return {
        pascal,
        camel,
        nameLiteral: stringLiteral(t.name),
        nameDoc: docText(`\`${t.name}\``),
        doc: docComment(`Handler of \`${t.name}\`${t.title ? ` (${t.title})` : ""}.${t.annotations.destructiveHint ? " Destructive: refused unless the registry's trust policy allows it." : ""}`),
        validateArgs: v.args,
        validateResult: t.outputSchema ? v.result : undefined,
      };
    });
    const server = renderTemplate("server", "server.ts.hbs", {
      banner,
      tools,
      typeImports: typeImports(ctx),
      validatorImports: [...validatorImports].sort(([a], [b]) => (a < b ? -1 : 1)).map(([from, names]) => ({ from, names: names.join(", ") })),
    });
    return [
      { path: "tools.ts", contents: toolsFile },
      { path: "server.ts", contents: server },
    ];
  },
};
