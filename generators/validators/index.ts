import { createRequire } from "node:module";
import {
  GenerationError,
  type GeneratedFile,
  type Generator,
  type GeneratorContext,
} from "../../src/generator-kit/contract.js";
import { describeThrown } from "../../src/diagnostics/unexpected.js";
import { tsBanner } from "../../src/generator-kit/banner.js";
import { canonicalJson, jsonDigest } from "../../src/generator-kit/hash.js";
import { docComment } from "../../src/generator-kit/ts.js";
import type { JsonSchema, ToolSpec } from "../../src/ir/types.js";
import type { BacktrackingOptions } from "@mcp-specgen/runtime";
import { backtrackingFor, type ResolvedBacktracking } from "../../src/schema/backtracking.js";
import {
  createStandaloneAjv,
  namesInheritedProperty,
  validationView,
  type Dialect,
  type DialectGroup,
} from "../../src/schema/ajv.js";
import { toolDialects } from "../../src/generator-kit/dialects.js";
import { toolKey } from "../../src/naming/table.js";
import { validatorNames, validatorsPath } from "../../src/generator-kit/outputs.js";

const require = createRequire(import.meta.url);
const standaloneCode = (
  require("ajv/dist/standalone") as { default: (ajv: unknown, refs: Record<string, string>) => string }
).default;

/** One validator to emit: its export name, the schema it checks and the tool it is for. */
interface ValidatorSpec {
  exportName: string;
  schema: JsonSchema;
  /** The dialect ajv reads the schema in. */
  dialect: Dialect;
  doc: string;
  tool: ToolSpec;
  side: "inputSchema" | "outputSchema";
  /** The opt-in of the tool's input for patterns the linear-time engine cannot run (config `backtrackingPatterns`). */
  backtracking: BacktrackingOptions | undefined;
}

/** A validator to compile and the schema ajv is given for it (its validation view). */
interface ViewedSpec {
  spec: ValidatorSpec;
  view: JsonSchema;
}

/** What the validators take from the config: each input's opt-in for backtracking patterns. */
export interface ValidatorsOptions {
  backtrackingPatterns: ResolvedBacktracking;
}

/**
 * Generates precompiled input and output validators with ajv's standalone code: one
 * TypeScript module per module (`validators/<module>.ts`), so nothing is compiled at run
 * time and every build that compiles the other generated files (plain `tsc`, bundlers,
 * tsx) compiles these too. Schemas that validate the same (identical but for annotations
 * such as descriptions) are compiled once and exported under each tool's name.
 */
export const validatorsGenerator: Generator<ValidatorsOptions, ValidatorsOptions> = {
  name: "validators",
  requires: [],
  // ajv on its own thread beside json-schema-to-typescript: the two largest costs of a run.
  parallel: true,
  optionsFrom: (config) => ({ backtrackingPatterns: config.backtrackingPatterns }),
  async generate(ctx: GeneratorContext<ValidatorsOptions>) {
    const groups = new Map<
      string,
      { module: string; group: DialectGroup; tools: ToolSpec[]; specs: ValidatorSpec[] }
    >();
    for (const tool of ctx.tools) {
      const { pascal } = ctx.names.get(toolKey(tool))!;
      const backtracking = backtrackingFor(ctx.options.backtrackingPatterns, tool.locations.tool.file);
      const names = validatorNames(pascal);
      const sides: Array<[string, JsonSchema, string, ValidatorSpec["side"]]> = [
        [names.args, tool.inputSchema, `Validates the arguments of \`${tool.name}\`.`, "inputSchema"],
      ];
      if (tool.outputSchema)
        sides.push([names.result, tool.outputSchema, `Validates the result data of \`${tool.name}\`.`, "outputSchema"]);
      const dialects = toolDialects(ctx, tool);
      for (const [exportName, schema, doc, side] of sides) {
        const { dialect, group } = side === "inputSchema" ? dialects.input : dialects.output!;
        const key = `${tool.module}\0${group}`;
        let entry = groups.get(key);
        if (!entry) groups.set(key, (entry = { module: tool.module, group, tools: [], specs: [] }));
        if (entry.tools[entry.tools.length - 1] !== tool) entry.tools.push(tool);
        entry.specs.push({ exportName, schema, dialect, doc, tool, side, backtracking });
      }
    }
    const files: GeneratedFile[] = [];
    for (const group of [...groups.values()].sort((a, b) =>
      validatorsPath(a.module, a.group) < validatorsPath(b.module, b.group) ? -1 : 1,
    )) {
      const base = validatorsPath(group.module, group.group);
      const sources = [...new Set(group.tools.map((t) => t.locations.tool.file))].sort();
      // A module's validators depend on its schemas, export names, docs, pattern opt-ins
      // and source files only (not on descriptions): unchanged ones come from the cache.
      const input = {
        base,
        sources,
        specs: group.specs.map((spec) => [
          spec.exportName,
          spec.doc,
          spec.backtracking?.maxLength ?? null,
          ctx.perTool(spec.tool, `${spec.side} digest`, () => jsonDigest(spec.schema)),
        ]),
      };
      files.push({
        path: `${base}.ts`,
        contents: await ctx.memo("module", input, () => moduleCode(group.specs, sources)),
      });
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

// The validator bodies are ajv's standalone code: JavaScript, generated and tested by ajv,
// with untyped parameters, unused bindings and expando properties that a project's own
// compiler options (noImplicitAny, noUnusedLocals, noPropertyAccessFromIndexSignature…)
// would each reject. The file is therefore not type-checked (`@ts-nocheck` — TypeScript
// still compiles and emits it), and what consumers see is typed explicitly: every export
// is annotated `ValidateFunction`, which is also what declaration emit writes.
const NOCHECK = "// @ts-nocheck -- the bodies below are ajv's generated JavaScript; each export is typed explicitly.";

// The dialects a module's chunks are compiled in, in file order: a file holds schemas
// without `$schema` (2020-12, or draft-07 when written in draft-07 style) beside those
// declaring draft-07 (see DialectGroup), each dialect in chunks of its own.
const DIALECT_ORDER: readonly Dialect[] = ["2020", "draft7", "2019"];

function moduleCode(specs: ValidatorSpec[], sources: string[]): string {
  // Deduplicate by what validation sees: ajv compiles the validation view (annotations such
  // as descriptions, titles and defaults removed), so schemas that differ only in those get
  // the same function. The first export of a view gets the compiled function, later ones
  // are aliases of it (standalone code would otherwise emit it twice). The dialect decides
  // which keywords the view keeps and how ajv reads them, and an input's opt-in for
  // backtracking patterns changes the pattern engine, so both are part of the key.
  const firstByContent = new Map<string, string>();
  const distinct = new Map<Dialect, Map<number | null, ViewedSpec[]>>();
  const aliases: Array<[ValidatorSpec, string]> = [];
  for (const spec of specs) {
    const cap = spec.backtracking?.maxLength ?? null;
    const { dialect } = spec;
    const view = validationView(spec.schema, dialect);
    const content = `${cap}\0${dialect}\0${canonicalJson(view)}`;
    const first = firstByContent.get(content);
    if (first) {
      aliases.push([spec, first]);
      continue;
    }
    firstByContent.set(content, spec.exportName);
    let byCap = distinct.get(dialect);
    if (!byCap) distinct.set(dialect, (byCap = new Map()));
    const list = byCap.get(cap);
    if (list) list.push({ spec, view });
    else byCap.set(cap, [{ spec, view }]);
  }
  // Every chunk's standalone code reuses the same identifiers (validate10, schema11,
  // func0, …), so each is scoped in its own function returning its validators; the
  // module exports them, typed. Schemas whose input opts in to backtracking patterns get
  // chunks of their own (one pattern engine per chunk), after the others.
  const parts: string[] = [];
  let n = 0;
  for (const dialect of DIALECT_ORDER) {
    const byCap = distinct.get(dialect) ?? new Map<number | null, ViewedSpec[]>();
    const caps = [...byCap.keys()].sort((a, b) => (a ?? -1) - (b ?? -1));
    for (const cap of caps) {
      const ofDialect = byCap.get(cap)!;
      for (let start = 0; start < ofDialect.length; start += SCHEMAS_PER_CHUNK, n++) {
        const chunk = ofDialect.slice(start, start + SCHEMAS_PER_CHUNK);
        const { code, functions } = chunkCode(chunk, dialect, chunk[0]!.spec.backtracking);
        const name = `chunk${n}`;
        const returned = chunk.map(({ spec }) => `  ${spec.exportName}: ${functions.get(spec.exportName)},\n`).join("");
        const exports = chunk.map(({ spec }) => `\n${exportLine(spec, `${name}.${spec.exportName}`)}`).join("");
        parts.push(`const ${name} = (() => {\n${code.trim()}\n\nreturn {\n${returned}};\n})();\n${exports}`);
      }
    }
  }
  const { imports, code } = runtimeHelpers(parts.join("\n"));
  const importLine = `import ${imports.length ? `{ ${[...imports, "type ValidateFunction"].join(", ")} }` : "type { ValidateFunction }"} from "@mcp-specgen/runtime";`;
  const aliasLines = aliases.map(([spec, target]) => `\n${exportLine(spec, target)}`).join("");
  return `${tsBanner(sources)}${NOCHECK}\n${importLine}\n\n${code}${aliasLines ? `${aliasLines}\n` : ""}`;
}

/** A typed export of a validator, with its JSDoc. */
function exportLine(spec: ValidatorSpec, value: string): string {
  return `${docComment(spec.doc)}\nexport const ${spec.exportName}: ValidateFunction = ${value};\n`;
}

// ajv's standalone code with a refs map names each export on a line of its own,
// `exports.<name> = <function>;`: a JSON string can never contain a raw line break, so
// no schema value can forge one.
const EXPORT_LINE = /^exports\.([A-Za-z_$][\w$]*) = ([A-Za-z_$][\w$]*);\n/gm;

/** ajv's standalone code for a chunk without its `exports.x = …` lines, and the function behind each export. */
function chunkCode(
  chunk: ViewedSpec[],
  dialect: Dialect,
  backtracking: BacktrackingOptions | undefined,
): { code: string; functions: Map<string, string> } {
  let source: string;
  let ownProperties = false;
  try {
    ownProperties = chunk.some(({ view }) => namesInheritedProperty(view));
    const ajv = createStandaloneAjv(dialect, false, ownProperties, backtracking);
    const refs: Record<string, string> = {};
    for (const { spec, view } of chunk) {
      ajv.addSchema(view, spec.exportName);
      refs[spec.exportName] = spec.exportName;
    }
    source = standaloneCode(ajv, refs).replace(/^"use strict";\n?/, "");
  } catch (e) {
    // Checks run before generation should leave nothing ajv refuses; if something slips
    // through, name the tool whose schema ajv cannot compile rather than fail the chunk.
    for (const { spec, view } of chunk) {
      try {
        const ajv = createStandaloneAjv(dialect, false, ownProperties, backtracking);
        ajv.addSchema(view, spec.exportName);
        standaloneCode(ajv, { [spec.exportName]: spec.exportName });
      } catch (inner) {
        throw new GenerationError(
          `cannot compile a validator for the ${spec.side === "inputSchema" ? "input" : "output"} schema of "${spec.tool.name}": ${describeThrown(inner)}`,
          spec.tool.locations[spec.side] ?? spec.tool.locations.tool,
          "simplify the schema, or report it to mcp-specgen with the spec",
        );
      }
    }
    throw e;
  }
  const functions = new Map<string, string>();
  const code = source.replace(EXPORT_LINE, (_, exported: string, fn: string) => {
    functions.set(exported, fn);
    return "";
  });
  const missing = chunk.find(({ spec }) => !functions.has(spec.exportName));
  if (missing || functions.size !== chunk.length)
    throw new Error(
      `unexpected export in ajv standalone code (${missing ? `no ${missing.spec.exportName}` : "an extra export"})`,
    );
  return { code, functions };
}

// ajv's standalone code `require`s its runtime helpers and the pattern engine; rewrite each
// into one import from @mcp-specgen/runtime so the module is pure ESM with one dependency.
const RUNTIME_HELPERS: Record<string, string> = {
  'require("ajv/dist/runtime/equal").default': "ajvEqual",
  'require("ajv/dist/runtime/ucs2length").default': "ajvUcs2length",
  'require("ajv/dist/runtime/uri").default': "ajvUri",
  'require("ajv/dist/runtime/validation_error").default': "ajvValidationError",
  'require("ajv-formats/dist/formats").fullFormats': "ajvFullFormats",
  'require("@mcp-specgen/runtime").linearRegExp': "linearRegExp",
  'require("@mcp-specgen/runtime").linearOrCappedRegExp': "linearOrCappedRegExp",
};

function runtimeHelpers(code: string): { imports: string[]; code: string } {
  const used = new Set<string>();
  const out = code.replace(/require\("[^"]+"\)(?:\.[A-Za-z]+)?/g, (m) => {
    const helper = RUNTIME_HELPERS[m];
    if (!helper) throw new Error(`unexpected dependency in ajv standalone code: ${m}`);
    used.add(helper);
    return helper;
  });
  return { imports: [...used].sort(), code: out };
}
