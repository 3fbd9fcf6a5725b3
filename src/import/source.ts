import { readFileSync, statSync } from "node:fs";
// "mcp-specgen-import-sdk" is the official MCP SDK 1.x under an npm alias (see package.json).
// Under its own name it would satisfy the runtime's optional peer dependency on
// @modelcontextprotocol/sdk, and npm keeps such a package in `npm install --omit=dev`: the
// generator, a dev dependency, would put the SDK's whole tree into every production install.
import { Client } from "mcp-specgen-import-sdk/client/index.js";
import { getDefaultEnvironment } from "mcp-specgen-import-sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "mcp-specgen-import-sdk/client/streamableHttp.js";
import type { Transport } from "mcp-specgen-import-sdk/shared/transport.js";
import { ListToolsResultSchema } from "mcp-specgen-import-sdk/types.js";
import type { JsonValue } from "../ir/types.js";
import { UsageError } from "../config/load.js";
import { generatorVersion } from "../package-info/version.js";
import { countingFetch } from "./counting-fetch.js";
import { DEFAULT_IMPORT_LIMITS, ImportBudget, ImportLimitError, type ImportLimits } from "./limits.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

/** A tool as a `tools/list` result describes it. */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { [key: string]: JsonValue };
  outputSchema?: { [key: string]: JsonValue };
  annotations?: { [key: string]: JsonValue };
}

/** Where to read a tool list from. */
export type ImportSource =
  | { kind: "file"; path: string }
  | { kind: "stdio"; command: string }
  | { kind: "url"; url: string };

/** What an import read: the tools and, for live servers, the server's name. */
export interface ImportedList {
  serverName?: string;
  tools: ListedTool[];
}

/** How {@link readToolList} reaches servers; tests replace the transport. */
export interface ReadOptions {
  /**
   * Environment the variables a stdio server inherits are taken from (HOME, PATH, USER and
   * the like; the command sets any others itself). Default: this process's.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Builds the transport to a live server instead of the stdio or HTTP one. */
  transport?: (budget: ImportBudget) => Transport;
}

/** Milliseconds the SDK's own request timeout waits beyond the import's deadline, so the deadline is what ends it. */
const TIMEOUT_SLACK_MS = 1000;

/**
 * Reads a tool list: a saved `tools/list` result (or a tools array) from a file, or the
 * live list of an MCP server started as a command (stdio) or reached by URL (Streamable
 * HTTP), following `nextCursor` pagination to the end — within `limits`: one deadline for
 * the whole import, a page, tool and byte budget counted as the list arrives, and no
 * cursor twice. A crossed limit rejects with an {@link ImportLimitError} that says what was
 * read by then; the server is stopped either way.
 */
export async function readToolList(
  source: ImportSource,
  limits: Readonly<ImportLimits> = DEFAULT_IMPORT_LIMITS,
  options: ReadOptions = {},
): Promise<ImportedList> {
  const budget = new ImportBudget(limits);
  if (source.kind === "file") return readToolFile(source.path, budget);
  const deadline = Date.now() + limits.deadlineMs;
  const timer = setTimeout(() => budget.exceed("deadline"), limits.deadlineMs);
  // A signal of its own per request: the SDK leaves its abort listener on the signal it is given.
  const request = () => ({
    signal: AbortSignal.any([budget.signal]),
    timeout: Math.max(1, deadline - Date.now()) + TIMEOUT_SLACK_MS,
  });
  const client = new Client({ name: "mcp-specgen-import", version: generatorVersion() });
  try {
    await client.connect(options.transport?.(budget) ?? liveTransport(source, budget, options), request());
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      // A plain request, not client.listTools: that also compiles each output schema into a validator.
      const page = await client.request(
        { method: "tools/list", params: cursor ? { cursor } : {} },
        ListToolsResultSchema,
        request(),
      );
      cursor = page.nextCursor || undefined;
      budget.addPage(page.tools.length, cursor);
      // One by one: a page may hold more tools than a call can take arguments.
      for (const tool of page.tools) tools.push(tool as unknown as ListedTool);
    } while (cursor);
    return { serverName: client.getServerVersion()?.name, tools };
  } catch (e) {
    throw budget.exceeded ?? e;
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

function liveTransport(source: ImportSource, budget: ImportBudget, options: ReadOptions): Transport {
  if (source.kind === "stdio") {
    const inherited = getDefaultEnvironment();
    if (options.env)
      for (const key of Object.keys(inherited)) {
        const value = options.env[key];
        if (value !== undefined) inherited[key] = value;
      }
    return new BoundedStdioTransport(source.command, inherited, budget);
  }
  const url = new URL((source as { url: string }).url);
  // `fetch` refuses a URL with a user name or password: they are sent as Basic credentials instead.
  const headers: Record<string, string> = {};
  if (url.username || url.password) {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(user).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return new StreamableHTTPClientTransport(url, { fetch: countingFetch(budget), requestInit: { headers } });
}

function readToolFile(file: string, budget: ImportBudget): ImportedList {
  let root: JsonValue;
  try {
    if (!budget.addBytes(statSync(file).size)) throw budget.exceeded;
    root = JSON.parse(readFileSync(file, "utf8")) as JsonValue;
  } catch (e) {
    if (e instanceof ImportLimitError) throw e;
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const list = Array.isArray(root)
    ? root
    : root && typeof root === "object" && !Array.isArray(root) && Array.isArray(root.tools)
      ? root.tools
      : undefined;
  if (!list) throw new UsageError(`${file} holds neither a tools/list result ({"tools": [...]}) nor an array of tools`);
  const tools = list.filter(isListedTool);
  budget.addPage(tools.length, undefined);
  return { tools };
}

function isListedTool(v: JsonValue): v is JsonValue & ListedTool {
  return (
    !!v &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    typeof v.name === "string" &&
    !!v.inputSchema &&
    typeof v.inputSchema === "object"
  );
}
