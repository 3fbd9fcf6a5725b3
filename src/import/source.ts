import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JsonValue } from "../ir/types.js";
import { UsageError } from "../config/load.js";
import { generatorVersion } from "../version.js";

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

/**
 * Reads a tool list: a saved `tools/list` result (or a tools array) from a file, or the
 * live list of an MCP server started as a command (stdio) or reached by URL (Streamable
 * HTTP), following `nextCursor` pagination to the end.
 */
export async function readToolList(source: ImportSource, timeoutMs = 30_000): Promise<ImportedList> {
  if (source.kind === "file") {
    let root: JsonValue;
    try {
      root = JSON.parse(readFileSync(source.path, "utf8")) as JsonValue;
    } catch (e) {
      throw new UsageError(`cannot read ${source.path}: ${(e as Error).message}`);
    }
    const list = Array.isArray(root)
      ? root
      : root && typeof root === "object" && !Array.isArray(root) && Array.isArray(root.tools)
        ? root.tools
        : undefined;
    if (!list)
      throw new UsageError(`${source.path} holds neither a tools/list result ({"tools": [...]}) nor an array of tools`);
    return { tools: list.filter(isListedTool) };
  }
  const client = new Client({ name: "mcp-specgen-import", version: generatorVersion() });
  const transport =
    source.kind === "stdio"
      ? new StdioClientTransport({ command: "/bin/sh", args: ["-c", source.command], stderr: "ignore" })
      : new StreamableHTTPClientTransport(new URL(source.url));
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
      tools.push(...(page.tools as unknown as ListedTool[]));
      cursor = page.nextCursor;
    } while (cursor);
    return { serverName: client.getServerVersion()?.name, tools };
  } finally {
    await client.close().catch(() => undefined);
  }
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
