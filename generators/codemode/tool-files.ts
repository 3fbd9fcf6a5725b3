// The code-mode API as TypeScript modules an agent explores file by file: one file per tool
// (its function with the full documentation of the spec), an index per module, and the
// top index that binds the whole API to a client, a registry or a transport at run time.
import type { GeneratedFile } from "../../src/generator-kit/contract.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import type { ModuleNamespace } from "../../src/generator-kit/modules.js";
import { moduleTypesPath } from "../../src/generator-kit/outputs.js";
import { deprecatedTag, docComment, docValue, stringLiteral } from "../../src/generator-kit/ts.js";
import type { ToolNames } from "../../src/naming/table.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { schemaNotes } from "./schema-type.js";

/** The folder of the code-mode API in the output directory. */
export const CODEMODE_DIR = "codemode";

/** The file of a module's tool: `codemode/<module>/<function>.ts` (a function named `index` takes `index_.ts`). */
export function toolFilePath(module: string, camel: string): string {
  return `${CODEMODE_DIR}/${module}/${camel === "index" ? "index_" : camel}.ts`;
}

/** The interface a tool file exports: the one function of the tool, as a method. */
function functionInterface(names: ToolNames): string {
  return `${names.pascal}Function`;
}

/** Whether a tool can be called without arguments: its schema requires none. */
export function argsOptional(tool: ToolSpec): boolean {
  return !(Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The type a parameter's schema says, in words, for its `@param` line. */
function typeWords(schema: JsonSchema): string {
  if ("const" in schema) return `always ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(" or ")
    : typeof schema.type === "string"
      ? schema.type
      : "";
  if (type === "array" && isSchema(schema.items) && typeof schema.items.type === "string")
    return `array of ${schema.items.type}`;
  return type || "any value";
}

/**
 * The full documentation of a tool's function, from its spec: title and description, each
 * parameter with its type, whether it is required, its constraints and default, the
 * errors it can return, one example, its version, and whether it is read-only or destructive.
 */
export function toolDoc(tool: ToolSpec, module: ModuleNamespace, names: ToolNames): string {
  const doc: string[] = [];
  if (tool.title) doc.push(`${tool.title.trim()}.`, "");
  doc.push(tool.description.trim() || `Calls \`${tool.name}\`.`, "");
  const properties = isSchema(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []);
  for (const [name, property] of Object.entries(properties)) {
    const schema = isSchema(property) ? property : {};
    const description = typeof schema.description === "string" ? ` ${schema.description.trim()}` : "";
    const notes = [typeWords(schema), required.has(name) ? "required" : "optional", ...schemaNotes(schema)];
    doc.push(`@param args.${name}${description} (${notes.join("; ")})`);
  }
  if (Object.keys(properties).length === 0) doc.push("@param args none: the tool takes no arguments.");
  doc.push(`@returns The result data${tool.outputSchema ? "" : " (the spec declares no output schema)"}.`);
  for (const error of tool.errors)
    doc.push(`@throws {ToolError} \`${error.type}\`${error.description ? `: ${error.description.trim()}` : ""}`);
  doc.push(
    "@throws {ToolError} `ValidationError` when the arguments do not match the schema, and the errors of every call (`PermissionError`, `TimeoutError`, `TransportError`).",
  );
  const example = tool.examples.find(
    (e) => e.kind === "call" && !e.placeholder && (!e.toolName || tool.name.endsWith(e.toolName)),
  );
  if (example) doc.push("@example", `await ${module.id}.${names.camel}(${docValue(example.value)});`);
  if (tool.version) doc.push(`@version ${tool.version}`);
  const deprecated = deprecatedTag(tool.deprecation);
  if (deprecated) doc.push(deprecated);
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  doc.push(
    "",
    `Read-only: ${readOnlyHint ? "yes" : "no"}. Destructive: ${!readOnlyHint && destructiveHint ? "yes" : "no"}. Idempotent: ${idempotentHint ? "yes" : "no"}. Open-world: ${openWorldHint ? "yes" : "no"}. MCP tool: \`${tool.name}\`.`,
  );
  return doc.join("\n");
}

/** A tool's file: the interface of its one function, documented, over the `types` generator's Args and Result. */
export function toolFile(tool: ToolSpec, module: ModuleNamespace, names: ToolNames): GeneratedFile {
  const typesFrom = stringLiteral(`../../${moduleTypesPath(module.module).replace(/\.ts$/, ".js")}`);
  const args = `${names.pascal}Args`;
  const result = `${names.pascal}Result`;
  const text = [
    tsBanner([tool.locations.tool.file]).trimEnd(),
    'import type { CallOptions } from "@mcp-specgen/runtime";',
    `import type { ${args}, ${result} } from ${typesFrom};`,
    "",
    `export type { ${args}, ${result} };`,
    "",
    docComment(`\`${module.id}.${names.camel}\` of the code-mode API: the tool \`${tool.name}\` as a function.`),
    `export interface ${functionInterface(names)} {`,
    docComment(toolDoc(tool, module, names), "  "),
    `  ${names.camel}(args${argsOptional(tool) ? "?" : ""}: ${args}, options?: CallOptions): Promise<${result}>;`,
    "}",
    "",
  ];
  return { path: toolFilePath(module.module, names.camel), contents: text.join("\n") };
}

/** The interface of a module's functions, exported by its index. */
function moduleInterface(module: ModuleNamespace): string {
  return `${module.tools[0]!.names.modulePascal}Api`;
}

/** A module's index: the interface of all its functions, and the wire name each one calls. */
export function moduleIndexFile(module: ModuleNamespace): GeneratedFile {
  const sources = [...new Set(module.tools.map(({ tool }) => tool.locations.tool.file))].sort();
  const imports = module.tools.map(
    ({ names }) =>
      `import type { ${functionInterface(names)} } from ${stringLiteral(`./${toolFilePath(module.module, names.camel).split("/").pop()!.replace(/\.ts$/, ".js")}`)};`,
  );
  const text = [
    tsBanner(sources).trimEnd(),
    ...imports,
    "",
    docComment(
      `The tools of module \`${module.module}\` as functions: \`${module.id}.${module.tools[0]!.names.camel}(args)\`.`,
    ),
    `export interface ${moduleInterface(module)} extends ${module.tools.map(({ names }) => functionInterface(names)).join(", ")} {}`,
    "",
    "/** Each function of the module and the wire name of the tool it calls. */",
    "export const wireNames = {",
    ...module.tools.map(({ tool, names }) => `  ${names.camel}: ${stringLiteral(tool.name)},`),
    "} as const;",
    "",
  ];
  return { path: `${CODEMODE_DIR}/${module.module}/index.ts`, contents: text.join("\n") };
}

/** The top index: the whole API's interface and surface, and `createApi` to bind it. */
export function apiIndexFile(inputs: readonly string[], namespaces: readonly ModuleNamespace[]): GeneratedFile {
  // `module_` never starts a name of this file otherwise, and a module identifier is unique.
  const alias = (m: ModuleNamespace) => `module_${m.id}`;
  const text = [
    tsBanner(inputs).trimEnd(),
    'import * as runtime from "@mcp-specgen/runtime";',
    ...namespaces.map((m) => `import * as ${alias(m)} from ${stringLiteral(`./${m.module}/index.js`)};`),
    "",
    "/** Every module's tools as functions, as `api.d.ts` declares them to a model: `api.<module>.<function>(args)`. */",
    "export interface ToolApi {",
    ...namespaces.map((m) => `  ${m.id}: ${alias(m)}.${moduleInterface(m)};`),
    "}",
    "",
    "/** Each module's functions and the wire name of the tool each one calls. */",
    "export const surface = {",
    ...namespaces.map((m) => `  ${m.id}: ${alias(m)}.wireNames,`),
    "} as const;",
    "",
    "/**",
    " * The API bound to live tools: a generated client (`createClient(transport)` from client.ts),",
    " * a `ToolRegistry` in this process, or a `ToolTransport`. Each function resolves with the",
    " * tool's result data and throws a `ToolError` (its `code` the MCPErrorDetail's",
    " * `error_type`) when the call fails.",
    " */",
    "export function createApi(target: runtime.ToolApiTarget, options?: runtime.ToolApiOptions): ToolApi {",
    "  return runtime.createToolApi<ToolApi>(surface, target, options);",
    "}",
    "",
  ];
  return { path: `${CODEMODE_DIR}/index.ts`, contents: text.join("\n") };
}
