import type { Options } from "json-schema-to-typescript";
import {
  GenerationError,
  type GeneratedFile,
  type Generator,
  type GeneratorContext,
} from "../../src/generator-kit/contract.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import { groupByModule } from "../../src/generator-kit/modules.js";
import { commentText, deprecatedTag, docText } from "../../src/generator-kit/ts.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { prepareSchemaForTypes, restoreShadowedNames } from "./sanitize.js";
import { indentTypeScript } from "./indent.js";
import { markOptionalElements } from "./tuples.js";
import { indexFile } from "./index-file.js";
import { toolKey } from "../../src/naming/table.js";
import type { ResolvedOptionsOf } from "../../src/generator-kit/options.js";
import { moduleTypesPath } from "../../src/generator-kit/outputs.js";
import type { typesOptions } from "./options.js";
import { toolDialects } from "../../src/generator-kit/dialects.js";
import { compileSchemaTypes, type TypeCompileOptions, typeCompileOptions } from "./json2ts-steps.js";
import { assertOnlyTypeDeclarations, isStackOverflow } from "./declarations.js";

/**
 * Generates `<Name>Args` and `<Name>Result` types for every tool, one file per module
 * under `types/`, plus `index.ts` with each module's types as a namespace and the
 * `ToolTypes` map of module → tool → wire name, argument and result types.
 */
export const typesGenerator: Generator<ResolvedOptionsOf<typeof typesOptions>> = {
  name: "types",
  requires: [],
  // json-schema-to-typescript on its own thread beside ajv's validators: the two largest costs.
  parallel: true,
  async warm() {
    // The path a rebuild takes, once on a small schema: the parser of type modules and
    // json-schema-to-typescript's own modules load on first use, and V8 compiles what runs.
    const schema: JsonSchema = { title: "Warm", type: "object", properties: { a: { type: "string" } } };
    const code = await compileTypes(WARM_TOOL, "inputSchema", schema, compileOptions(false));
    assertOnlyTypeDeclarations(code, WARM_TOOL.locations.tool);
  },
  async generate(ctx) {
    const files: GeneratedFile[] = [];
    for (const [module, tools] of groupByModule(ctx.tools)) {
      // A module's types depend on its tools and their names only: unchanged modules come from the cache.
      const input = { module, tools: ctx.toolsKey(tools) };
      files.push(await ctx.memo("module", input, async () => (await moduleFile(ctx, module, tools)).file));
    }
    files.push(indexFile(ctx));
    return files;
  },
};

async function moduleFile(
  ctx: GeneratorContext<ResolvedOptionsOf<typeof typesOptions>>,
  module: string,
  tools: ToolSpec[],
): Promise<{ file: GeneratedFile; names: string[] }> {
  const sources = [...new Set(tools.map((t) => t.locations.tool.file))].sort();
  const chunks: string[] = [tsBanner(sources)];
  const options = compileOptions(ctx.options.closedObjects);
  // Every tool's own type names are reserved first, so no definition can take one.
  const taken = new Set(
    tools.flatMap((t) => [`${ctx.names.get(toolKey(t))!.pascal}Args`, `${ctx.names.get(toolKey(t))!.pascal}Result`]),
  );
  for (const tool of tools) {
    const { pascal } = ctx.names.get(toolKey(tool))!;
    const dialects = toolDialects(ctx, tool);
    const args = prepareSchemaForTypes(
      tool.inputSchema,
      `${pascal}Args`,
      argsDoc(tool),
      pascal,
      taken,
      false,
      dialects.input.dialect,
    );
    chunks.push(await compileTypes(tool, "inputSchema", args, options));
    if (tool.outputSchema) {
      const result = prepareSchemaForTypes(
        tool.outputSchema,
        `${pascal}Result`,
        `Result data of \`${tool.name}\` on success.`,
        `${pascal}Result`,
        taken,
        true,
        dialects.output!.dialect,
      );
      chunks.push(await compileTypes(tool, "outputSchema", result, options));
    } else {
      chunks.push(
        `/**\n * Result data of \`${docText(tool.name)}\` on success. The spec declares no output schema.\n */\nexport type ${pascal}Result = { [key: string]: unknown } | null;\n`,
      );
    }
  }
  const contents = indentTypeScript(chunks.join("\n")).trimEnd() + "\n";
  const names = assertOnlyTypeDeclarations(contents, tools[0]!.locations.tool);
  return { file: { path: moduleTypesPath(module), contents }, names };
}

/** json-schema-to-typescript's options for a module's types. */
function compileOptions(closedObjects: boolean): TypeCompileOptions {
  return typeCompileOptions({
    bannerComment: "",
    format: false,
    additionalProperties: !closedObjects,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    unknownAny: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
    // Specs are untrusted: never let a `$ref` read a file or fetch a URL.
    $refOptions: { resolve: { file: false, http: false } } as Options["$refOptions"],
  });
}

/** What `warm` compiles types for (its name and location are only ever shown in messages). */
const WARM_TOOL: Pick<ToolSpec, "name" | "locations"> = {
  name: "warm",
  locations: { tool: { file: "(warm-up)", line: 1, column: 1 } },
};

/** json-schema-to-typescript's compile(), with its failures reported at the schema. */
async function compileTypes(
  tool: Pick<ToolSpec, "name" | "locations">,
  side: "inputSchema" | "outputSchema",
  schema: JsonSchema,
  options: TypeCompileOptions,
): Promise<string> {
  try {
    const name = String(schema.title);
    const code = restoreShadowedNames(await compileSchemaTypes(schema, name, options));
    return markOptionalElements(withRootType(code, name, schema));
  } catch (e) {
    const at = tool.locations[side] ?? tool.locations.tool;
    // The parsers recurse on nesting: past what the stack holds, the schema is too deep.
    if (isStackOverflow(e))
      throw new GenerationError(
        `the types of the ${side === "inputSchema" ? "input" : "output"} schema of "${tool.name}" are nested too deeply to generate`,
        at,
        "nest the schema less deeply (or lower limits.maxDepth); nothing was written",
      );
    throw new GenerationError(
      `cannot generate types for the ${side === "inputSchema" ? "input" : "output"} schema of "${tool.name}": ${(e as Error).message}`,
      at,
      "simplify the schema, or report it to mcp-specgen with the spec",
    );
  }
}

/**
 * `code` (json-schema-to-typescript's output for `schema`) with the type `name` declared.
 * It declares none for a root schema it reduces to `unknown` — a union or intersection
 * with a member that allows any value (`{"anyOf": [{}]}`, `{"allOf": [true]}`,
 * `{"anyOf": [{}, {"type": "string"}]}`): its optimizer replaces the named node with a
 * shared, unnamed `unknown` — and the files that import the type would not compile. That
 * type is then added as it would have written it: `export type <name> = unknown`, with
 * the schema's description as its JSDoc.
 */
function withRootType(code: string, name: string, schema: JsonSchema): string {
  if (declares(code, name)) return code;
  const doc =
    typeof schema.description === "string"
      ? `/**\n${commentText(schema.description)
          .split("\n")
          .map((line) => ` * ${line}`)
          .join("\n")}\n */\n`
      : "";
  const alias = `${doc}export type ${name} = unknown\n`;
  return code.trim() ? `${alias}\n${code}` : alias;
}

/** JSDoc for the arguments type: the tool's description, version and first usable example. */
function argsDoc(tool: ToolSpec): string {
  const lines = [`Arguments of \`${tool.name}\`${tool.version ? ` (v${tool.version})` : ""}.`];
  if (tool.description) lines.push("", tool.description);
  const example = tool.examples.find(
    (e) => e.kind === "call" && !e.placeholder && (!e.toolName || tool.name.endsWith(e.toolName)),
  );
  if (example) lines.push("", "@example", JSON.stringify(example.value, null, 2));
  const deprecated = deprecatedTag(tool.deprecation);
  if (deprecated) lines.push("", deprecated);
  return lines.join("\n");
}

/** True when `code` has a line declaring `export interface NAME` or `export type NAME` (found by search: no pattern built per schema). */
function declares(code: string, name: string): boolean {
  for (const head of [`export interface ${name}`, `export type ${name}`]) {
    for (let at = code.indexOf(head); at !== -1; at = code.indexOf(head, at + 1)) {
      const next = code.charCodeAt(at + head.length);
      const lineStart = at === 0 || code.charCodeAt(at - 1) === 10;
      const nameEnds = Number.isNaN(next) || !/[\w$]/.test(String.fromCharCode(next));
      if (lineStart && nameEnds) return true;
    }
  }
  return false;
}
