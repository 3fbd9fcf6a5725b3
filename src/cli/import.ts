import { existsSync } from "node:fs";
import path from "node:path";
import { isValidToolName } from "@mcp-specgen/runtime";
import { UsageError } from "../config/load.js";
import { normalizeModule } from "../ir/build.js";
import { readToolList, type ImportSource, type ListedTool } from "../import/source.js";
import { DEFAULT_LIMITS } from "../parse/limits.js";
import { findValueExcess, pointerText } from "../parse/value-limits.js";
import { codeSpan, inline, renderMarkdownSpec } from "../import/render-markdown.js";
import { redactCommand, redactUrl } from "../import/redact.js";
import { jsonFile } from "../generate/json-file.js";
import { atomicWrite } from "../output/temp.js";
import { verifyMarkdownRoundTrip } from "../import/verify.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { CliIO } from "./io.js";
import { count } from "./count.js";

export { IMPORT_HELP } from "./help.js";

/** Runs `mcp-specgen import`; resolves to the exit code. */
export async function runImport(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs("import", argv, {
    stdio: { type: "string" },
    url: { type: "string" },
    file: { type: "string" },
    out: { type: "string" },
    format: { type: "string", default: "markdown" },
    name: { type: "string" },
    force: { type: "boolean", default: false },
    timeout: { type: "string", default: "30000" },
  });
  const sources = [
    values.stdio && ({ kind: "stdio", command: values.stdio } as const),
    values.url && ({ kind: "url", url: values.url } as const),
    values.file && ({ kind: "file", path: path.resolve(io.cwd, values.file) } as const),
  ].filter(Boolean) as ImportSource[];
  if (sources.length !== 1) throw usageError("import", "needs exactly one of --stdio, --url or --file");
  if (values.format !== "markdown" && values.format !== "json")
    throw usageError("import", `--format must be "markdown" or "json", not "${values.format}"`);
  const timeoutMs = Number(values.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw usageError("import", "--timeout must be a positive number of milliseconds");
  const source = sources[0]!;

  let list;
  try {
    list = await readToolList(source, timeoutMs);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    io.stderr(`mcp-specgen import: cannot read the tool list: ${(e as Error).message}`);
    return 1;
  }
  const name =
    normalizeModule(
      values.name ??
        list.serverName ??
        (source.kind === "file" ? path.basename(source.path).replace(/\.[^.]+$/, "") : "server"),
    ) || "server";
  const out = path.resolve(
    io.cwd,
    values.out ?? path.join("specs", name, values.format === "json" ? "tools.json" : "MCP_TOOL_SPECIFICATION.md"),
  );
  if (existsSync(out) && !values.force)
    throw new UsageError(`${path.relative(io.cwd, out)} exists; pass --force to overwrite it`);
  const invalid = list.tools.filter((t) => !isValidToolName(t.name));
  for (const t of invalid)
    io.stderr(
      `mcp-specgen import: skipped a tool whose name is not a valid MCP tool name: ${JSON.stringify(t.name.slice(0, 140))}`,
    );
  // A tool list is untrusted like a spec: the same limits apply before anything renders it.
  const oversized = list.tools
    .filter((t) => isValidToolName(t.name))
    .flatMap((t) => toolExcess(t).map((problem) => `${t.name}: ${problem}`));
  if (oversized.length) {
    for (const problem of oversized) io.stderr(`mcp-specgen import: ${problem}`);
    io.stderr("mcp-specgen import: the tool list exceeds the spec limits; nothing was written.");
    return 1;
  }
  const tools = list.tools.filter((t) => isValidToolName(t.name));
  // The command or URL goes into the spec's header, and the spec is committed: its secrets stay out.
  const shown =
    source.kind === "stdio"
      ? redactCommand(source.command)
      : source.kind === "url"
        ? redactUrl(source.url)
        : { text: path.relative(io.cwd, source.path), redacted: [] };
  if (shown.redacted.length)
    io.stderr(
      `mcp-specgen import: redacted from the spec's header: ${[...new Set(shown.redacted)].join(", ")} (written as <redacted>)`,
    );
  const description =
    source.kind === "stdio"
      ? `the stdio server ${codeSpan(shown.text)}`
      : source.kind === "url"
        ? codeSpan(shown.text)
        : inline(shown.text);
  const contents =
    values.format === "json" ? jsonFile({ tools }) : renderMarkdownSpec(list.serverName ?? name, description, tools);
  if (values.format === "markdown") {
    const problems = verifyMarkdownRoundTrip(path.relative(io.cwd, out).split(path.sep).join("/"), contents, tools);
    for (const p of problems.filter((p) => p.kind === "description"))
      io.stderr(`mcp-specgen import: warning: ${p.tool}: ${p.message}`);
    const wrong = problems.filter((p) => p.kind === "contract");
    if (wrong.length) {
      for (const p of wrong) io.stderr(`mcp-specgen import: ${p.tool}: ${p.message}`);
      io.stderr(
        "mcp-specgen import: the Markdown spec would not describe these tools exactly; nothing was written. Use --format json.",
      );
      return 1;
    }
  }
  atomicWrite(out, contents);
  io.stdout(`mcp-specgen import: ${count(tools.length, "tool")} → ${path.relative(io.cwd, out)}`);
  return 0;
}

/** What in a listed tool exceeds the default spec limits (depth, members, enum values, size). */
function toolExcess(tool: ListedTool): string[] {
  const problems: string[] = [];
  for (const side of ["inputSchema", "outputSchema"] as const) {
    const schema = tool[side];
    if (schema === undefined) continue;
    const excess = findValueExcess(schema, DEFAULT_LIMITS, { schema: true });
    if (excess) problems.push(`${side}${pointerText(excess.path)}: ${excess.problem} (${excess.code})`);
  }
  return problems;
}
