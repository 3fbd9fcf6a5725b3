import type { GeneratorContext } from "./generator.js";
import { stringLiteral } from "./ts.js";

/** `import type { A, B } from "./types/<module>.js"` lines for every tool's Args and Result, grouped by module. */
export function typeImports(ctx: GeneratorContext): Array<{ names: string; from: string }> {
  const byModule = new Map<string, string[]>();
  for (const t of ctx.tools) {
    const { pascal } = ctx.names.get(t.name)!;
    const list = byModule.get(t.module) ?? [];
    list.push(`${pascal}Args`, `${pascal}Result`);
    byModule.set(t.module, list);
  }
  return [...byModule.keys()].sort().map((m) => ({ names: byModule.get(m)!.join(", "), from: stringLiteral(`./types/${m}.js`) }));
}
