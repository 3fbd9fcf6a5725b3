// Types of paging-server.js, for the tests that use it.

/** What the fake server has done: tools/list pages answered and bytes written. */
export interface PagingCounters {
  pages: number;
  bytes: number;
}

/** What a mode answers to tools/list: a result, "stall" (no answer) or "huge" (an endless stream). */
export function listAnswer(mode: string, cursor: string | undefined): object | "stall" | "huge";

/** The answer to one JSON-RPC message in `mode`: a response, undefined for a notification, "stall" or "huge". */
export function answerMessage(
  mode: string,
  message: { id?: string | number; method?: string; params?: Record<string, unknown> },
  counters: PagingCounters,
): object | undefined | "stall" | "huge";

/** Starts the fake server on 127.0.0.1 (any path answers MCP). */
export function startPagingHttpServer(mode: string): Promise<{
  url: string;
  counters: PagingCounters;
  close(): Promise<void>;
}>;
