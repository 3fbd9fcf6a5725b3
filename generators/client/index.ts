import type { Generator, GeneratorContext } from "../../src/generate/generator.js";
import { tsBanner } from "../../src/generate/banner.js";
import { renderTemplate } from "../../src/generate/templates.js";
import { typeImports } from "../../src/generate/tool-imports.js";
import { deprecatedTag, docComment, docText, stringLiteral } from "../../src/generate/ts.js";

/**
 * Generates `client.ts`: `createClient(transport)` with one typed async method per tool
 * (resolving with the result data, throwing ToolCallError on failure) and
 * `createRawClient(transport)` whose methods resolve with the whole MCPToolResult.
 */
export const clientGenerator: Generator = {
  name: "client",
  generate(ctx: GeneratorContext) {
    const tools = ctx.tools.map((t) => {
      const { pascal, camel } = ctx.names.get(t.name)!;
      const lines = [`Calls \`${t.name}\`${t.version ? ` (v${t.version})` : ""}.`];
      if (t.description) lines.push("", t.description);
      const deprecated = deprecatedTag(t.deprecation);
      if (deprecated) lines.push("", deprecated);
      return { pascal, camel, nameLiteral: stringLiteral(t.name), nameDoc: docText(`\`${t.name}\``), doc: docComment(lines.join("\n"), "  ") };
    });
    const contents = renderTemplate("client", "client.ts.hbs", { banner: tsBanner(ctx.config.inputs).trimEnd(), tools, typeImports: typeImports(ctx) });
    return [{ path: "client.ts", contents }];
  },
};
