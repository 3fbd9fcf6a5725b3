import type { GeneratedFile, GeneratorContext } from "../../src/generate/generator.js";
import { tsBanner } from "../../src/generate/banner.js";
import { typeImports } from "../../src/generate/tool-imports.js";
import { stringLiteral } from "../../src/generate/ts.js";
import { moduleTypesPath } from "./index.js";

/**
 * The index re-exports every module's types by name. A name that several modules declare
 * (two specs that both define `$defs.Task`) is left out — re-exporting it would be
 * ambiguous — and stays importable from its own module.
 */
export function indexFile(ctx: GeneratorContext, exported: ReadonlyMap<string, string[]>): GeneratedFile {
  const lines = [tsBanner(ctx.config.inputs).trimEnd(), ""];
  const imports = typeImports(ctx);
  const modulesDeclaring = new Map<string, number>();
  for (const names of exported.values()) for (const n of new Set(names)) modulesDeclaring.set(n, (modulesDeclaring.get(n) ?? 0) + 1);
  for (const [module, names] of exported) {
    const unique = [...new Set(names)].filter((n) => modulesDeclaring.get(n) === 1);
    if (unique.length) lines.push(`export type { ${unique.join(", ")} } from ${stringLiteral(`./${moduleTypesPath(module).replace(/\.ts$/, ".js")}`)};`);
  }
  const ambiguous = [...modulesDeclaring].filter(([, n]) => n > 1).map(([name]) => name).sort();
  if (ambiguous.length) lines.push(`// Declared by several modules, so import these from their module: ${ambiguous.join(", ")}`);
  for (const { names, from } of imports) lines.push(`import type { ${names} } from ${from};`);
  lines.push("", "/** Invocation name → argument and result types, for typed clients and servers. */", "export interface ToolTypes {");
  for (const t of ctx.tools) {
    const { pascal } = ctx.names.get(t.name)!;
    lines.push(`  ${JSON.stringify(t.name)}: { args: ${pascal}Args; result: ${pascal}Result };`);
  }
  lines.push("}", "", "/** Every tool's invocation name. */", "export type ToolName = keyof ToolTypes;", "");
  return { path: "index.ts", contents: lines.join("\n") };
}
