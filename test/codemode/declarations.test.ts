import { beforeAll, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ts as TS } from "@ts-morph/common";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { groupByModule } from "../../src/generator-kit/modules.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import type { JsonSchema, JsonValue, ToolSpec } from "../../src/ir/types.js";
import { REPO } from "../helpers/project.js";

// codemode/api.d.ts over the real tool lists in test/fixtures/real-tools: nothing checkable is
// lost (every parameter's name, required flag, type, enum values and description is in the
// declarations, read back with TypeScript's parser), and the declarations take fewer tokens
// than the same tools as a JSON tools/list (o200k_base, the tokenizer of OpenAI's current
// models; token counts are deterministic). bench/codemode-tokens.js reports the numbers.

const ts = (createRequire(import.meta.url)("@ts-morph/common") as { ts: typeof TS }).ts;
const FIXTURES = path.join(REPO, "test/fixtures/real-tools");

interface Generated {
  name: string;
  tools: ToolSpec[];
  api: string;
  toolList: string;
}

const servers: Generated[] = [];
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-codemode-"));
  try {
    for (const file of readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const { tools } = JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as { tools: unknown[] };
      const project = path.join(dir, file.replace(/\.json$/, ""));
      mkdirSync(path.join(project, "specs"), { recursive: true });
      writeFileSync(path.join(project, "specs", file), JSON.stringify({ tools }));
      const result = await runPipeline(
        resolveConfig(project, { inputs: ["specs"], generators: ["types", "codemode"] }),
        { workers: 0 },
      );
      expect(result.failed, result.diagnostics.map(formatDiagnostic).join("\n")).toBe(false);
      const api = fileText(result.files.find((f) => f.path === "codemode/api.d.ts")!);
      servers.push({ name: file, tools: result.tools, api, toolList: JSON.stringify({ tools }) });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A description as a one-line JSDoc holds it: whitespace runs collapsed, `*\/` escaped. */
function oneLine(text: string): string {
  return text
    .trim()
    .replace(/\*\//g, "*\\/")
    .replace(/\s*\n\s*/g, " ");
}

function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSDoc text right before a node. */
function jsDocBefore(node: TS.Node, source: TS.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.pos) ?? [];
  return ranges.map((r) => source.text.slice(r.pos, r.end)).join("\n");
}

/** The TypeScript words a JSON Schema type is written with. */
const TYPE_WORDS: Record<string, RegExp> = {
  string: /\bstring\b/,
  number: /\bnumber\b/,
  integer: /\bint\b/,
  boolean: /\bboolean\b/,
  null: /\bnull\b/,
  array: /\[\]|\]\[number\]|^\[/,
  object: /\{|Record</,
};

/** Checks that a type literal declares every property of `schema` as the schema says, and recurses. */
class LosslessCheck {
  readonly problems: string[] = [];
  checkedProperties = 0;
  private readonly aliases = new Map<string, TS.TypeAliasDeclaration>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly source: TS.SourceFile,
    namespace: TS.ModuleDeclaration,
  ) {
    const body = namespace.body as TS.ModuleBlock;
    for (const st of body.statements) if (ts.isTypeAliasDeclaration(st)) this.aliases.set(st.name.text, st);
  }

  /** `schema` (a property's or a root's) against its type node. */
  value(where: string, schema: JsonValue | undefined, type: TS.TypeNode | undefined, root: JsonSchema): void {
    if (!isSchema(schema) || !type) return;
    const text = type.getText(this.source);
    if (typeof schema.$ref === "string") {
      const alias = this.aliases.get(text);
      if (!alias) return void this.problems.push(`${where}: $ref ${schema.$ref} written as ${text}`);
      const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(schema.$ref);
      const target = m ? (root[m[1]!] as JsonSchema | undefined)?.[m[2]!] : undefined;
      if (!this.seen.has(text)) {
        this.seen.add(text);
        this.value(`${where} -> ${text}`, target, alias.type, root);
      }
      return;
    }
    if ("const" in schema) {
      if (!text.includes(JSON.stringify(schema.const))) this.problems.push(`${where}: const value missing`);
      return;
    }
    if (Array.isArray(schema.enum)) {
      for (const v of schema.enum)
        if (!text.includes(JSON.stringify(v))) this.problems.push(`${where}: enum value ${JSON.stringify(v)} missing`);
      return;
    }
    const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
    for (const t of types)
      if (typeof t === "string" && !TYPE_WORDS[t]?.test(text))
        this.problems.push(`${where}: type ${t} written as ${text}`);
    if (isSchema(schema.properties)) {
      const literal = this.typeLiteral(type);
      if (!literal) return void this.problems.push(`${where}: object with properties written as ${text}`);
      this.properties(where, schema, literal, root);
    }
    if (isSchema(schema.items)) {
      const element = ts.isArrayTypeNode(type) ? type.elementType : undefined;
      if (element)
        this.value(`${where}[]`, schema.items, ts.isParenthesizedTypeNode(element) ? element.type : element, root);
    }
  }

  /** The type literal of an object type (itself, or the first literal member of a union or intersection). */
  private typeLiteral(type: TS.TypeNode): TS.TypeLiteralNode | undefined {
    if (ts.isTypeLiteralNode(type)) return type;
    if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type))
      for (const member of type.types) {
        const found = this.typeLiteral(ts.isParenthesizedTypeNode(member) ? member.type : member);
        if (found) return found;
      }
    return undefined;
  }

  properties(where: string, schema: JsonSchema, literal: TS.TypeLiteralNode, root: JsonSchema): void {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const members = new Map<string, TS.PropertySignature>();
    for (const m of literal.members)
      if (ts.isPropertySignature(m)) members.set(m.name.getText(this.source).replace(/^"(.*)"$/, "$1"), m);
    for (const [name, property] of Object.entries(schema.properties as JsonSchema)) {
      const at = `${where}.${name}`;
      this.checkedProperties++;
      const member = members.get(name) ?? members.get(JSON.stringify(name).slice(1, -1));
      if (!member) {
        this.problems.push(`${at}: missing`);
        continue;
      }
      if (Boolean(member.questionToken) === required.has(name)) this.problems.push(`${at}: required flag lost`);
      if (isSchema(property) && typeof property.description === "string" && property.description.trim()) {
        const doc = jsDocBefore(member, this.source);
        if (!doc.includes(oneLine(property.description))) this.problems.push(`${at}: description lost`);
      }
      this.value(at, property, member.type, root);
    }
  }
}

describe("codemode/api.d.ts of the real tool lists", () => {
  it("declares every tool, and every parameter's name, required flag, type, enum values and description", () => {
    let checked = 0;
    for (const server of servers) {
      const source = ts.createSourceFile("api.d.ts", server.api, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const namespaces = source.statements.filter(ts.isModuleDeclaration);
      const modules = [...groupByModule(server.tools)];
      expect(namespaces.length, server.name).toBe(modules.length);
      for (const [i, [, tools]] of modules.entries()) {
        const namespace = namespaces[i]!;
        const check = new LosslessCheck(source, namespace);
        const functions = (namespace.body as TS.ModuleBlock).statements.filter(ts.isFunctionDeclaration);
        expect(functions.length, server.name).toBe(tools.length);
        for (const [j, tool] of tools.entries()) {
          const fn = functions[j]!;
          const where = `${server.name} ${tool.name}`;
          if (tool.description.trim())
            expect(jsDocBefore(fn, source), `${where}: description`).toContain(oneLine(tool.description));
          const properties = isSchema(tool.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [];
          const parameter = fn.parameters[0];
          if (properties.length === 0) continue;
          expect(parameter, `${where}: arguments`).toBeDefined();
          check.value(where, tool.inputSchema, parameter!.type, tool.inputSchema);
          if (tool.outputSchema)
            check.value(
              `${where} result`,
              tool.outputSchema,
              (fn.type as TS.TypeReferenceNode).typeArguments?.[0],
              tool.outputSchema,
            );
        }
        expect(check.problems, server.name).toEqual([]);
        checked += check.checkedProperties;
      }
    }
    // Every fixture has parameters; a check that looked at none would prove nothing.
    expect(checked).toBeGreaterThan(1000);
  });

  it("takes at least 30% fewer tokens than the JSON tools/list overall, and fewer for most servers", () => {
    let api = 0;
    let list = 0;
    let smaller = 0;
    for (const server of servers) {
      const a = countTokens(server.api);
      const l = countTokens(server.toolList);
      api += a;
      list += l;
      if (a < l) smaller++;
    }
    expect(api / list).toBeLessThanOrEqual(0.7);
    // The fixed header (banner, ToolError) outweighs the savings only on the smallest lists.
    expect(smaller).toBeGreaterThanOrEqual(servers.length - 2);
  });
});
