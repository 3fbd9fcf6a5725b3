import { existsSync } from "node:fs";
import path from "node:path";
import { isValidToolName } from "@mcp-specgen/runtime/generator-support";
import { UsageError } from "../config/load.js";
import { normalizeModule } from "../ir/build.js";
import { readToolList, type ImportedList, type ImportSource, type ListedTool } from "../import/source.js";
import { DEFAULT_IMPORT_LIMITS, ImportLimitError, type ImportLimits } from "../import/limits.js";
import { DEFAULT_LIMITS } from "../parse/limits.js";
import { findValueExcess, pointerText } from "../parse/value-limits.js";
import { codeSpan, inline, renderMarkdownSpec } from "../import/render-markdown.js";
import { recordCommand } from "../import/recorded-command.js";
import { recordUrl, type Recorded } from "../import/recorded-url.js";
import { scrubMessage } from "../import/scrub.js";
import { jsonFile } from "../generator-kit/json-file.js";
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
    timeout: { type: "string", default: String(DEFAULT_IMPORT_LIMITS.deadlineMs) },
    "max-pages": { type: "string", default: String(DEFAULT_IMPORT_LIMITS.maxPages) },
    "max-tools": { type: "string", default: String(DEFAULT_IMPORT_LIMITS.maxTools) },
    "max-bytes": { type: "string", default: String(DEFAULT_IMPORT_LIMITS.maxBytes) },
  });
  const sources = [
    values.stdio && ({ kind: "stdio", command: values.stdio } as const),
    values.url && ({ kind: "url", url: values.url } as const),
    values.file && ({ kind: "file", path: path.resolve(io.cwd, values.file) } as const),
  ].filter(Boolean) as ImportSource[];
  if (sources.length !== 1) throw usageError("import", "needs exactly one of --stdio, --url or --file");
  if (values.format !== "markdown" && values.format !== "json")
    throw usageError("import", `--format must be "markdown" or "json", not "${values.format}"`);
  const limits: ImportLimits = {
    deadlineMs: positiveInteger("--timeout", values.timeout, "milliseconds"),
    maxPages: positiveInteger("--max-pages", values["max-pages"], "pages"),
    maxTools: positiveInteger("--max-tools", values["max-tools"], "tools"),
    maxBytes: positiveInteger("--max-bytes", values["max-bytes"], "bytes"),
  };
  const source = sources[0]!;
  // What the spec's header says the tools came from; the spec is committed, so it keeps
  // only what names the server and how to reach it (see recordCommand), never a value.
  const recorded: Recorded =
    source.kind === "stdio"
      ? recordCommand(source.command)
      : source.kind === "url"
        ? recordUrl(source.url)
        : { text: path.relative(io.cwd, source.path), withheld: [] };

  let list: ImportedList;
  try {
    list = await readToolList(source, limits, { env: io.env });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    if (e instanceof ImportLimitError) reportLimit(e, source, limits, io);
    else
      io.stderr(
        `mcp-specgen import: cannot read the tool list: ${scrubMessage((e as Error).message, recorded.withheld)}`,
      );
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
  if (recorded.withheld.length)
    io.stderr(
      `mcp-specgen import: the spec records the ${source.kind === "url" ? "URL" : "command"} as ${recorded.text}: values that may be secrets are not recorded`,
    );
  const unrecorded = recorded.withheld.length ? " (values that may be secrets are not recorded)" : "";
  const description =
    source.kind === "stdio"
      ? `the stdio server ${codeSpan(recorded.text)}${unrecorded}`
      : source.kind === "url"
        ? `${codeSpan(recorded.text)}${unrecorded}`
        : inline(recorded.text);
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

function positiveInteger(option: string, text: string, unit: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw usageError("import", `${option} must be a positive whole number of ${unit}`);
  return n;
}

/** Says which limit stopped the import, what had been read by then, and what to do. */
function reportLimit(e: ImportLimitError, source: ImportSource, limits: ImportLimits, io: CliIO): void {
  const n = (value: number, noun: string) => count(value, noun).replace(/^\d+/, value.toLocaleString("en-US"));
  const read = `${n(e.progress.pages, "page")}, ${n(e.progress.tools, "tool")}, ${n(e.progress.bytes, "byte")}`;
  const reason = {
    deadline: `the import did not finish within ${limits.deadlineMs} ms (--timeout ${limits.deadlineMs})`,
    pages: `the server has more than ${n(limits.maxPages, "page")} of tools (--max-pages ${limits.maxPages})`,
    tools: `the server lists more than ${n(limits.maxTools, "tool")} (--max-tools ${limits.maxTools})`,
    bytes:
      source.kind === "file"
        ? `the file is larger than ${n(limits.maxBytes, "byte")} (--max-bytes ${limits.maxBytes})`
        : `the server sent more than ${n(limits.maxBytes, "byte")} (--max-bytes ${limits.maxBytes})`,
    cursor: `the server sent the cursor ${JSON.stringify((e.cursor ?? "").slice(0, 60))} a second time (after page ${e.progress.pages}): its pages go round in a circle and never end`,
  }[e.limit];
  const option = { deadline: "--timeout", pages: "--max-pages", tools: "--max-tools", bytes: "--max-bytes" } as const;
  io.stderr(`mcp-specgen import: stopped: ${reason}. Read by then: ${read}. Nothing was written.`);
  io.stderr(
    e.limit === "cursor"
      ? "mcp-specgen import: the server's pagination is broken; a partial list is not written, since a spec missing tools would look complete."
      : `mcp-specgen import: if the server really is that ${e.limit === "deadline" ? "slow" : "large"}, raise ${option[e.limit]}.`,
  );
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
