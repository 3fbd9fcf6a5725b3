/**
 * Bounds on one `import`. A server decides how many pages its tool list has and how big
 * they are, so without bounds a broken or hostile one keeps import running, and growing,
 * for ever. Each bound ends the import with an {@link ImportLimitError}; nothing is written.
 */
export interface ImportLimits {
  /**
   * Time for the whole import, in milliseconds: starting the server, connecting and every
   * page together (not per page). Default: 60,000.
   */
  deadlineMs: number;
  /** Most `tools/list` pages read. Default: 1,000. */
  maxPages: number;
  /** Most tools listed, over all pages. Default: 10,000. */
  maxTools: number;
  /**
   * Most bytes received from the server (every message, counted as it arrives), or the
   * largest `--file`. Default: 32 MiB (33,554,432), the largest JSON spec `generate` reads.
   */
  maxBytes: number;
}

/** The limits when none are given. */
export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  deadlineMs: 60_000,
  maxPages: 1_000,
  maxTools: 10_000,
  maxBytes: 32 * 1024 * 1024,
});

/** Which bound ended an import: one of {@link ImportLimits}, or a cursor the server sent twice. */
export type ImportLimit = "deadline" | "pages" | "tools" | "bytes" | "cursor";

/** What an import had read when it stopped. */
export interface ImportProgress {
  pages: number;
  tools: number;
  bytes: number;
}

/** An import stopped by one of its bounds; `progress` is what had been read by then. */
export class ImportLimitError extends Error {
  override name = "ImportLimitError";
  constructor(
    readonly limit: ImportLimit,
    readonly progress: Readonly<ImportProgress>,
    /** For `cursor`: the cursor the server sent again. */
    readonly cursor?: string,
  ) {
    super(`import stopped by its ${limit} limit`);
  }
}

/**
 * Counts what one import receives against its limits. The first bound crossed is kept in
 * `exceeded` and aborts `signal`, which ends the request in flight and stops the transport
 * from buffering more.
 */
export class ImportBudget {
  readonly progress: ImportProgress = { pages: 0, tools: 0, bytes: 0 };
  exceeded: ImportLimitError | undefined;
  private readonly controller = new AbortController();
  private readonly cursors = new Set<string>();

  constructor(readonly limits: Readonly<ImportLimits>) {}

  /** Aborted when a limit is crossed; the reason is the {@link ImportLimitError}. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Counts `n` bytes received; false (and the budget exceeded) once they pass `maxBytes`. */
  addBytes(n: number): boolean {
    if (this.exceeded) return false;
    this.progress.bytes += n;
    if (this.progress.bytes <= this.limits.maxBytes) return true;
    this.exceed("bytes");
    return false;
  }

  /**
   * Counts a page of `tools` tools that ends with `nextCursor` (undefined on the last page).
   * Throws when the tools pass `maxTools`, or when there is a next page although `maxPages`
   * were read or its cursor was seen before (the server's pages cycle).
   */
  addPage(tools: number, nextCursor: string | undefined): void {
    if (this.exceeded) throw this.exceeded;
    this.progress.pages++;
    this.progress.tools += tools;
    if (this.progress.tools > this.limits.maxTools) throw this.exceed("tools");
    if (nextCursor === undefined) return;
    if (this.cursors.has(nextCursor)) throw this.exceed("cursor", nextCursor);
    this.cursors.add(nextCursor);
    if (this.progress.pages >= this.limits.maxPages) throw this.exceed("pages");
  }

  /** Marks the budget exceeded by `limit` (the first one counts) and aborts its signal. */
  exceed(limit: ImportLimit, cursor?: string): ImportLimitError {
    if (!this.exceeded) {
      this.exceeded = new ImportLimitError(limit, { ...this.progress }, cursor);
      this.controller.abort(this.exceeded);
    }
    return this.exceeded;
  }
}
