// examples/generator/index.ts — a minimal built-in generator, as CONTRIBUTING.md shows it.
import type { Generator } from "../../src/generator-kit/contract.js";
import { lines } from "../../src/generator-kit/fragments.js";

/**
 * Generates `tool-list.md`: the banner, then a table with each tool's wire name and its
 * method name in the generated client. Each tool's row is made once per tool content and
 * names (`ctx.perTool`), so a rebuild of `generate --watch` makes only the rows of the
 * tools that changed; the file is that list of strings, never joined.
 */
export const toolListGenerator: Generator = {
  name: "tool-list",
  requires: [],
  generate(ctx) {
    const rows = ctx.tools.map((tool) =>
      ctx.perTool(tool, "row", () => {
        const names = ctx.namesOf(tool);
        // Tool names and identifiers are checked by then: no character here needs escaping.
        return `| \`${tool.name}\` | \`client.${names.module}.${names.camel}\` |`;
      }),
    );
    const contents = lines([`<!-- ${ctx.banner} -->`, "| Tool | Method |", "| --- | --- |", ...rows, ""]);
    return [{ path: "tool-list.md", contents }];
  },
};
