// What generators know of each other's output: where each generator's files are, the names
// they export, and the tool-list entry that several of them write. Generators import these
// from here, never from another generator, so no generator depends on another's code.
import type { ToolSpec } from "../ir/types.js";
import type { DialectGroup } from "../schema/ajv.js";

/** `types`: every module's types as a namespace, and the ToolTypes map. */
export const TYPES_INDEX_PATH = "index.ts";

/** `types`: the path of a module's types file, relative to the output directory. */
export function moduleTypesPath(module: string): string {
  return `types/${module}.ts`;
}

// Schemas that declare 2019-09 or 2020-12 live in a folder per dialect (see DialectGroup),
// so no module name (which may contain dots, such as `x.2019`) can produce another module's
// file name.
const DIALECT_FOLDERS: Record<DialectGroup, string> = {
  default: "",
  "2019": "draft-2019-09/",
  "2020": "draft-2020-12/",
};

/** `validators`: the module path of a module's validators for one dialect group (without extension). */
export function validatorsPath(module: string, group: DialectGroup = "default"): string {
  return `validators/${DIALECT_FOLDERS[group]}${module}`;
}

/** `validators`: the export names of a tool's validators, from its PascalCase name. */
export function validatorNames(pascal: string): { args: string; result: string } {
  return { args: `validate${pascal}Args`, result: `validate${pascal}Result` };
}

/** `server`: each tool's MCP definition by module. */
export const TOOLS_PATH = "tools.ts";
/** `server`: the handler types and createRegistry(). */
export const SERVER_PATH = "server.ts";
/** Each tool's arguments and result as Standard Schema objects (server generator). */
export const SCHEMAS_PATH = "schemas.ts";
/** `client`: the typed clients. */
export const CLIENT_PATH = "client.ts";
/** `openai`: the OpenAI function-calling definitions. */
export const OPENAI_PATH = "openai.json";
/** `openai`: the same definitions as a typed module, with the vendor tool index. */
export const OPENAI_MODULE_PATH = "vendors/openai.ts";
/** `anthropic`: the Anthropic tool definitions. */
export const ANTHROPIC_PATH = "anthropic.json";
/** `anthropic`: the same definitions as a typed module, with the vendor tool index. */
export const ANTHROPIC_MODULE_PATH = "vendors/anthropic.ts";
/** `gemini`: the Gemini function declarations. */
export const GEMINI_PATH = "gemini.json";
/** `gemini`: the same declarations as a typed module, with the vendor tool index. */
export const GEMINI_MODULE_PATH = "vendors/gemini.ts";
/** `manifest`: the registry manifest. */
export const MANIFEST_PATH = "manifest.json";

/**
 * The tool's contract as MCP `tools/list` shows it. The manifest, the generated server and
 * the content hash all use this one function, so they can never disagree.
 */
export function toolListEntry(tool: ToolSpec): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: { ...(tool.title ? { title: tool.title } : {}), ...tool.annotations },
  };
}
