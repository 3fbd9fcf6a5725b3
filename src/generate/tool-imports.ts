import type { GeneratorContext } from "./generator.js";
import { groupByModule } from "./modules.js";
import { stringLiteral } from "./ts.js";

/** `import type { A, B } from "./types/<module>.js"` lines for every tool's Args and Result, grouped by module. */
export function typeImports(ctx: GeneratorContext): Array<{ names: string; from: string }> {
  return [...groupByModule(ctx.tools)].map(([module, tools]) => ({
    names: tools.flatMap((t) => [`${ctx.names.get(t.name)!.pascal}Args`, `${ctx.names.get(t.name)!.pascal}Result`]).join(", "),
    from: stringLiteral(`./types/${module}.js`),
  }));
}
