/** A one-line progress display on stderr, drawn only for runs long enough to need it. */
export interface Progress {
  /** Sets the text of the line: drawn once the run is older than the delay, then at most every interval. */
  update(text: string): void;
  /** Erases the line if it is shown (before any other output, and at the end). */
  clear(): void;
}

/** A progress display that shows nothing. */
export const NO_PROGRESS: Progress = { update() {}, clear() {} };

/** Timing of the progress line; tests replace the clock. */
export interface ProgressOptions {
  /** Nothing is drawn before the run is this old (default 500 ms): short runs stay silent. */
  delayMs?: number;
  /** Redraws at most this often (default 100 ms): drawing costs time too. */
  intervalMs?: number;
  /** Terminal width; longer text is cut so the line never wraps (a wrapped line cannot be erased). */
  columns?: number;
  now?: () => number;
}

/**
 * A progress display that calls `draw(text)` to show a line and `draw("")` to erase it.
 * Updates come from the run itself, which may be busy for a while: an update that is not
 * due yet arms a timer, so an asynchronous phase that starts early and lasts long still
 * gets its line, and the last text of a burst is the one left on screen.
 */
export function createProgress(draw: (line: string) => void, options: ProgressOptions = {}): Progress {
  const { delayMs = 500, intervalMs = 100 } = options;
  const columns = Math.max(20, options.columns ?? 80);
  const now = options.now ?? (() => performance.now());
  const start = now();
  let shown = "";
  let latest = "";
  let lastDraw = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = () => {
    if (!latest) return;
    const line = latest.length > columns - 1 ? `${latest.slice(0, Math.max(0, columns - 2))}…` : latest;
    if (line === shown) return;
    draw(line);
    shown = line;
    lastDraw = now();
  };
  return {
    update(text) {
      latest = text;
      const t = now();
      // Not before the delay, and not more often than the interval; a text that arrives
      // too early is drawn by a timer when it is due, if the run lets timers fire by then.
      const due = Math.max(start + delayMs, lastDraw + intervalMs);
      if (t >= due) {
        if (timer) clearTimeout(timer);
        timer = undefined;
        show();
        return;
      }
      timer ??= setTimeout(() => {
        timer = undefined;
        show();
      }, due - t);
      timer.unref?.();
    },
    clear() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      latest = "";
      if (shown) {
        draw("");
        shown = "";
      }
    },
  };
}
