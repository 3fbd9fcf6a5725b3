/**
 * Reading a server's whole tool list, page by page (`tools/list` with `cursor` /
 * `nextCursor`). The server decides how many pages there are: a broken or hostile one can
 * answer with a next cursor for ever, or send one it already sent (a loop), so the pages are
 * bounded and a repeated cursor ends the listing — as `import` does for the generator.
 */
import { TransportError } from "../errors.js";
import { preview } from "../paths.js";
import type { McpToolInfo } from "./protocol.js";

/** Options of {@link McpConnection.listTools}. */
export interface ListToolsOptions {
  /** Most `tools/list` pages read. Default 1,000 ({@link DEFAULT_MAX_TOOL_PAGES}). */
  maxPages?: number;
}

/** Default of {@link ListToolsOptions.maxPages}. */
export const DEFAULT_MAX_TOOL_PAGES = 1_000;

/** One `tools/list` page as the SDK returns it. */
export interface ToolPage {
  tools: readonly unknown[];
  nextCursor?: string;
}

/**
 * Every tool of every page `fetchPage` returns, starting without a cursor.
 * @throws TransportError when the server sends a cursor a second time, or more than
 *   `maxPages` pages; RangeError for a `maxPages` that is not a positive integer.
 */
export async function collectToolPages(
  fetchPage: (cursor: string | undefined) => Promise<ToolPage>,
  what: string,
  options: ListToolsOptions = {},
): Promise<McpToolInfo[]> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_TOOL_PAGES;
  if (!Number.isSafeInteger(maxPages) || maxPages < 1)
    throw new RangeError(`maxPages must be a positive integer (got ${String(maxPages)})`);
  const tools: McpToolInfo[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(cursor);
    for (const tool of page.tools) tools.push(tool as McpToolInfo);
    cursor = page.nextCursor;
    if (cursor === undefined) return tools;
    if (cursors.has(cursor))
      throw new TransportError(
        `The ${what} sent the tools/list cursor ${preview(cursor)} a second time: its tool list loops (${tools.length} tools read)`,
        { details: { pages, tools: tools.length } },
      );
    if (pages >= maxPages)
      throw new TransportError(
        `The ${what} has more than ${maxPages} pages of tools (maxPages): stopped after ${tools.length} tools`,
        { details: { pages, tools: tools.length } },
      );
    cursors.add(cursor);
  }
}
