import { compile, type Options } from "json-schema-to-typescript";
import type { JSONSchema4 } from "json-schema";
import type { GeneratedFile, Generator, GeneratorContext } from "../../src/generate/generator.js";
import { tsBanner } from "../../src/generate/banner.js";
import type { ToolSpec } from "../../src/ir/types.js";
import { prepareSchemaForTypes } from "./sanitize.js";
import { indentTypeScript } from "./indent.js";

/**
 * Generates `<Name>Args` and `<Name>Result` types for every tool, one file per module
 * under `types/`, plus `index.ts` re-exporting them with a `ToolTypes` map of
 * invocation name → argument and result types.
 */
export const typesGenerator: Generator = {
  name: "types",
  async generate(ctx) {
    const byModule = new Map<string, ToolSpec[]>();
    for (const t of ctx.tools) {
      const list = byModule.get(t.module);
      if (list) list.push(t);
      else byModule.set(t.module, [t]);
    }
    const files: GeneratedFile[] = [];
    const modules = [...byModule.keys()].sort();
    for (const module of modules) files.push(await moduleFile(ctx, module, byModule.get(module)!));
    files.push(indexFile(ctx, modules));
    return files;
  },
};

/** Path of a module's types file, relative to the output directory. */
export function moduleTypesPath(module: string): string {
  return `types/${module}.ts`;
}

async function moduleFile(ctx: GeneratorContext, module: string, tools: ToolSpec[]): Promise<GeneratedFile> {
  const sources = [...new Set(tools.map((t) => t.locations.tool.file))].sort();
  const chunks: string[] = [tsBanner(sources)];
  const options: Partial<Options> = {
    bannerComment: "",
    format: false,
    additionalProperties: !ctx.config.types.closedObjects,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    unknownAny: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
    // Specs are untrusted: never let a `$ref` read a file or fetch a URL.
    $refOptions: { resolve: { file: false, http: false } } as Options["$refOptions"],
  };
  for (const tool of tools) {
    const { pascal } = ctx.names.get(tool.name)!;
    const taken = new Set<string>();
    const args = prepareSchemaForTypes(tool.inputSchema, `${pascal}Args`, argsDoc(tool), pascal, taken);
    chunks.push(await compile(args as JSONSchema4, `${pascal}Args`, options));
    if (tool.outputSchema) {
      const result = prepareSchemaForTypes(tool.outputSchema, `${pascal}Result`, `Result data of \`${tool.name}\` on success.`, `${pascal}Result`, taken);
      chunks.push(await compile(result as JSONSchema4, `${pascal}Result`, options));
    } else {
      chunks.push(`/**\n * Result data of \`${safeComment(tool.name)}\` on success. The spec declares no output schema.\n */\nexport type ${pascal}Result = { [key: string]: unknown } | null;\n`);
    }
  }
  return { path: moduleTypesPath(module), contents: indentTypeScript(chunks.join("\n")).trimEnd() + "\n" };
}

/** JSDoc for the arguments type: the tool's description, version and first usable example. */
function argsDoc(tool: ToolSpec): string {
  const lines = [`Arguments of \`${tool.name}\`${tool.version ? ` (v${tool.version})` : ""}.`];
  if (tool.description) lines.push("", tool.description);
  const example = tool.examples.find((e) => e.kind === "call" && !e.placeholder && (!e.toolName || tool.name.endsWith(e.toolName)));
  if (example) lines.push("", "@example", JSON.stringify(example.value, null, 2));
  if (tool.deprecation) lines.push("", `@deprecated${tool.deprecation.since ? ` since ${tool.deprecation.since}` : ""}${tool.deprecation.message ? ` ${tool.deprecation.message}` : ""}`);
  return lines.join("\n");
}

function indexFile(ctx: GeneratorContext, modules: string[]): GeneratedFile {
  const lines = [tsBanner(ctx.config.inputs).trimEnd(), ""];
  for (const m of modules) lines.push(`export type * from ${JSON.stringify(`./${moduleTypesPath(m).replace(/\.ts$/, ".js")}`)};`);
  const imports = new Map<string, string[]>();
  for (const t of ctx.tools) {
    const { pascal } = ctx.names.get(t.name)!;
    const list = imports.get(t.module) ?? [];
    list.push(`${pascal}Args`, `${pascal}Result`);
    imports.set(t.module, list);
  }
  for (const m of modules) lines.push(`import type { ${imports.get(m)!.join(", ")} } from ${JSON.stringify(`./${moduleTypesPath(m).replace(/\.ts$/, ".js")}`)};`);
  lines.push("", "/** Invocation name → argument and result types, for typed clients and servers. */", "export interface ToolTypes {");
  for (const t of ctx.tools) {
    const { pascal } = ctx.names.get(t.name)!;
    lines.push(`  ${JSON.stringify(t.name)}: { args: ${pascal}Args; result: ${pascal}Result };`);
  }
  lines.push("}", "", "/** Every tool's invocation name. */", "export type ToolName = keyof ToolTypes;", "");
  return { path: "index.ts", contents: lines.join("\n") };
}

function safeComment(text: string): string {
  return text.replace(/\*\//g, "*\\/");
}

