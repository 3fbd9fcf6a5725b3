import { createRequire } from "node:module";
import { GenerationError, type GeneratedFile, type Generator, type GeneratorContext } from "../../src/generate/generator.js";
import { describeThrown } from "../../src/diagnostics/unexpected.js";
import { tsBanner } from "../../src/generate/banner.js";
import { canonicalJson } from "../../src/generate/hash.js";
import { docComment } from "../../src/generate/ts.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import { createStandaloneAjv, schemaDialect, validationView, type Dialect } from "../../src/schema/ajv.js";

const require = createRequire(import.meta.url);
const standaloneCode = (require("ajv/dist/standalone") as { default: (ajv: unknown, refs: Record<string, string>) => string }).default;

/** One validator to emit: its export name, the schema it checks and the tool it is for. */
interface ValidatorSpec {
  exportName: string;
  schema: JsonSchema;
  doc: string;
  tool: ToolSpec;
  side: "inputSchema" | "outputSchema";
}

// Schemas of the newer dialects live in a folder per dialect, so no module name (which
// may contain dots, such as `x.2019`) can produce another module's file name.
const DIALECT_FOLDERS: Record<Dialect, string> = { draft7: "", "2019": "draft-2019-09/", "2020": "draft-2020-12/" };

/** The module path of a module's validators (without extension). */
export function validatorsPath(module: string, dialect: Dialect = "draft7"): string {
  return `validators/${DIALECT_FOLDERS[dialect]}${module}`;
}

/** Export names of a tool's validators. */
export function validatorNames(pascal: string): { args: string; result: string } {
  return { args: `validate${pascal}Args`, result: `validate${pascal}Result` };
}

/**
 * Generates precompiled input and output validators with ajv's standalone code: one
 * ESM module (+ `.d.ts`) per module, so nothing is compiled at run time. Identical
 * schemas are compiled once and exported under each tool's name.
 */
export const validatorsGenerator: Generator = {
  name: "validators",
  generate(ctx: GeneratorContext) {
    const groups = new Map<string, { module: string; dialect: Dialect; tools: ToolSpec[]; specs: ValidatorSpec[] }>();
    for (const tool of ctx.tools) {
      const { pascal } = ctx.names.get(tool.name)!;
      const names = validatorNames(pascal);
      const sides: Array<[string, JsonSchema, string, ValidatorSpec["side"]]> = [[names.args, tool.inputSchema, `Validates the arguments of \`${tool.name}\`.`, "inputSchema"]];
      if (tool.outputSchema) sides.push([names.result, tool.outputSchema, `Validates the result data of \`${tool.name}\`.`, "outputSchema"]);
      for (const [exportName, schema, doc, side] of sides) {
        const { dialect } = schemaDialect(schema);
        const key = `${tool.module}\0${dialect}`;
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { module: tool.module, dialect, tools: [], specs: [] }));
        if (group.tools[group.tools.length - 1] !== tool) group.tools.push(tool);
        group.specs.push({ exportName, schema, doc, tool, side });
      }
    }
    const files: GeneratedFile[] = [];
    for (const group of [...groups.values()].sort((a, b) => (validatorsPath(a.module, a.dialect) < validatorsPath(b.module, b.dialect) ? -1 : 1))) {
      const base = validatorsPath(group.module, group.dialect);
      const sources = [...new Set(group.tools.map((t) => t.locations.tool.file))].sort();
      files.push({ path: `${base}.js`, contents: moduleCode(group.specs, group.dialect, sources) });
      files.push({ path: `${base}.d.ts`, contents: declarations(group.specs, sources) });
    }
    return files;
  },
};

/**
 * Distinct schemas compiled per Ajv instance. ajv's `standaloneCode` grows faster than
 * linearly with the schemas one instance holds, so large modules are compiled in chunks
 * of fresh instances, which keeps the cost linear in the number of tools.
 */
export const SCHEMAS_PER_CHUNK = 100;

function moduleCode(specs: ValidatorSpec[], dialect: Dialect, sources: string[]): string {
  // Deduplicate by content: the first export of a schema gets the compiled function,
  // later ones are aliases of it (standalone code would otherwise emit it twice).
  const firstByContent = new Map<string, string>();
  const distinct: ValidatorSpec[] = [];
  const aliases: Array<[string, string]> = [];
  for (const spec of specs) {
    const content = canonicalJson(spec.schema);
    const first = firstByContent.get(content);
    if (first) {
      aliases.push([spec.exportName, first]);
      continue;
    }
    firstByContent.set(content, spec.exportName);
    distinct.push(spec);
  }
  // Every chunk's standalone code reuses the same identifiers (validate10, schema11,
  // func0, …), so each is CommonJS-style code (`exports.x = …`) scoped in its own
  // function; the module re-exports its members.
  const parts: string[] = [];
  for (let start = 0, n = 0; start < distinct.length; start += SCHEMAS_PER_CHUNK, n++) {
    const chunk = distinct.slice(start, start + SCHEMAS_PER_CHUNK);
    const code = chunkCode(chunk, dialect);
    const name = `chunk${n}`;
    parts.push(`const ${name} = (() => {\nconst exports = {};\n${code}\nreturn exports;\n})();\n`);
    parts.push(chunk.map((spec) => `export const ${spec.exportName} = ${name}.${spec.exportName};\n`).join(""));
  }
  const code = importRuntimeHelpers(parts.join("\n"));
  const aliasLines = aliases.map(([name, target]) => `export const ${name} = ${target};`);
  return `${tsBanner(sources)}${code}${aliasLines.length ? `\n${aliasLines.join("\n")}\n` : ""}`;
}

function chunkCode(chunk: ValidatorSpec[], dialect: Dialect): string {
  try {
    const ajv = createStandaloneAjv(dialect, false);
    const refs: Record<string, string> = {};
    for (const spec of chunk) {
      ajv.addSchema(validationView(spec.schema, dialect), spec.exportName);
      refs[spec.exportName] = spec.exportName;
    }
    return standaloneCode(ajv, refs).replace(/^"use strict";\n?/, "");
  } catch (e) {
    // Checks run before generation should leave nothing ajv refuses; if something slips
    // through, name the tool whose schema ajv cannot compile rather than fail the chunk.
    for (const spec of chunk) {
      try {
        const ajv = createStandaloneAjv(dialect, false);
        ajv.addSchema(validationView(spec.schema, dialect), spec.exportName);
        standaloneCode(ajv, { [spec.exportName]: spec.exportName });
      } catch (inner) {
        throw new GenerationError(`cannot compile a validator for the ${spec.side === "inputSchema" ? "input" : "output"} schema of "${spec.tool.name}": ${describeThrown(inner)}`, spec.tool.locations[spec.side] ?? spec.tool.locations.tool, "simplify the schema, or report it to mcp-specgen with the spec");
      }
    }
    throw e;
  }
}

// ajv's standalone code `require`s its runtime helpers; rewrite each into one import
// from @mcp-specgen/runtime so the module is pure ESM with one dependency.
const RUNTIME_HELPERS: Record<string, string> = {
  'require("ajv/dist/runtime/equal").default': "ajvEqual",
  'require("ajv/dist/runtime/ucs2length").default': "ajvUcs2length",
  'require("ajv/dist/runtime/uri").default': "ajvUri",
  'require("ajv/dist/runtime/validation_error").default': "ajvValidationError",
  'require("ajv-formats/dist/formats").fullFormats': "ajvFullFormats",
};

function importRuntimeHelpers(code: string): string {
  const used = new Set<string>();
  const out = code.replace(/require\("[^"]+"\)(?:\.default|\.fullFormats)?/g, (m) => {
    const helper = RUNTIME_HELPERS[m];
    if (!helper) throw new Error(`unexpected dependency in ajv standalone code: ${m}`);
    used.add(helper);
    return helper;
  });
  return used.size ? `import { ${[...used].sort().join(", ")} } from "@mcp-specgen/runtime";\n${out}` : out;
}

function declarations(specs: ValidatorSpec[], sources: string[]): string {
  const lines = [tsBanner(sources).trimEnd(), 'import type { ValidateFunction } from "@mcp-specgen/runtime";', ""];
  for (const spec of specs) lines.push(docComment(spec.doc), `export declare const ${spec.exportName}: ValidateFunction;`, "");
  return lines.join("\n");
}
