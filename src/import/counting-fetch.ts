import type { FetchLike } from "mcp-specgen-import-sdk/shared/transport.js";
import type { ImportBudget } from "./limits.js";

/** Statuses whose responses have no body (a `Response` with one cannot be built). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` for `import` over HTTP: every response body is counted against the import's
 * budget as it arrives and fails once the budget is exceeded, which cancels the download,
 * and every request is aborted when the budget's signal is (deadline, limits). A server
 * streaming one endless answer cannot grow import's memory past `maxBytes`.
 */
export function countingFetch(budget: ImportBudget, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const signal = AbortSignal.any(init?.signal ? [init.signal, budget.signal] : [budget.signal]);
    const response = await base(url, { ...init, signal });
    if (!response.body || NULL_BODY.has(response.status)) return response;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (budget.addBytes(chunk.byteLength)) controller.enqueue(chunk);
          else controller.error(budget.exceeded);
        },
      }),
      { signal },
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
