// tools-table.ts — a custom generator: generated/tools.md, a Markdown table of the tools.
import { defineGenerator } from "mcp-specgen/config";

/** Text safe in a Markdown table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

export const toolsTable = defineGenerator({
  name: "tools-table",
  // The table shows how to call each tool through the generated client, so the client
  // (and, through it, the types) must be generated too; they run before this generator.
  requires: ["client"],
  options: { title: "Tools" },
  generate(ctx) {
    const rows = ctx.tools.map((tool) => {
      const names = ctx.namesOf(tool);
      const call = `client.${names.module}.${names.camel}(…)`;
      const readOnly = tool.annotations.readOnlyHint ? "yes" : "no";
      return `| \`${tool.name}\` | \`${call}\` | ${readOnly} | ${cell(tool.description)} |`;
    });
    const client = ctx.outputs.get("client")?.[0]?.path ?? "client.ts";
    const contents = [
      // Every generated file starts with the banner: later runs update or remove only such files.
      `<!-- ${ctx.banner} -->`,
      `# ${ctx.options.title}`,
      "",
      `Call each tool through \`createClient\` of \`${client}\`.`,
      "",
      "| Tool | Call | Read-only | Description |",
      "| --- | --- | --- | --- |",
      ...rows,
      "",
    ].join("\n");
    return [{ path: "tools.md", contents }];
  },
});
