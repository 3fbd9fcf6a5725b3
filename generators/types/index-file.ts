import type { GeneratedFile, GeneratorContext } from "../../src/generator-kit/contract.js";
import { lines as joinLines } from "../../src/generator-kit/fragments.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import { moduleNamespaces } from "../../src/generator-kit/modules.js";
import { deprecatedTag, docComment, stringLiteral } from "../../src/generator-kit/ts.js";
import { toolKey } from "../../src/naming/table.js";
import { moduleTypesPath, TYPES_INDEX_PATH } from "../../src/generator-kit/outputs.js";

/**
 * The index: every module's types as a namespace (`aiCodeEditing.GenerateCodeArgs`), and the
 * `ToolTypes` map of module → tool → wire name, argument and result types that the typed
 * clients and servers are built from. Namespaces make the API collision-free by construction:
 * two modules may both define `get_status` or `$defs.Task`, and adding a module never changes
 * the names of another's.
 */
export function indexFile(ctx: GeneratorContext): GeneratedFile {
  const lines: Array<string | string[]> = [tsBanner(ctx.inputs).trimEnd(), ""];
  const modules = moduleNamespaces(ctx);
  for (const { module, id } of modules)
    lines.push(`import type * as ${id} from ${stringLiteral(`./${moduleTypesPath(module).replace(/\.ts$/, ".js")}`)};`);
  lines.push(
    "",
    "/** Each module's argument, result and definition types, as a namespace. */",
    modules.length ? `export type { ${modules.map((m) => m.id).join(", ")} };` : "export {};",
  );
  lines.push(
    "",
    "/** Module -> tool -> wire name and argument and result types, for the typed clients and servers. */",
    "export interface ToolTypes {",
  );
  for (const { module, id, tools } of modules) {
    lines.push(docComment(`The tools of module \`${module}\`.`, "  "), `  ${id}: {`);
    for (const { tool: t, names } of tools) {
      const { pascal, camel } = names;
      // Made once per tool (its names hold `id`, `pascal` and `camel`); kept as a part of its own.
      lines.push([
        ctx.perTool(t, "ToolTypes entry", () => {
          const doc = [`\`${t.name}\`${t.version ? ` (v${t.version})` : ""}${t.title ? `: ${t.title}` : ""}.`];
          if (t.description) doc.push("", t.description);
          const deprecated = deprecatedTag(t.deprecation);
          if (deprecated) doc.push("", deprecated);
          return [
            docComment(doc.join("\n"), "    "),
            `    ${camel}: { name: ${stringLiteral(t.name)}; args: ${id}.${pascal}Args; result: ${id}.${pascal}Result };`,
          ].join("\n");
        }),
      ]);
    }
    lines.push("  };");
  }
  const example = ctx.tools[0] && ctx.names.get(toolKey(ctx.tools[0]));
  lines.push(
    "}",
    "",
    "/** Every module's namespace identifier. */",
    "export type ModuleName = keyof ToolTypes;",
    "",
    `/** The arguments type of a tool${example ? `: \`ToolArgs<"${example.module}", "${example.camel}">\`` : ""}. */`,
    "export type ToolArgs<M extends ModuleName, T extends keyof ToolTypes[M]> = ToolTypes[M][T] extends { args: infer A } ? A : never;",
    "",
    `/** The result data type of a tool${example ? `: \`ToolResult<"${example.module}", "${example.camel}">\`` : ""}. */`,
    "export type ToolResult<M extends ModuleName, T extends keyof ToolTypes[M]> = ToolTypes[M][T] extends { result: infer R } ? R : never;",
    "",
    "/** The wire names of one module's tools (as `tools/call` and `MCPToolCall.tool_name` carry them). */",
    "export type ModuleToolName<M extends ModuleName> = { [T in keyof ToolTypes[M]]: ToolTypes[M][T] extends { name: infer N } ? N : never }[keyof ToolTypes[M]];",
    "",
    "/** Every tool's wire name. */",
    "export type ToolName = { [M in ModuleName]: ModuleToolName<M> }[ModuleName];",
    "",
  );
  return { path: TYPES_INDEX_PATH, contents: joinLines(lines) };
}
