import { colorEnabled, type Env } from "./color.js";
import { NO_PROGRESS, createProgress, type Progress } from "./progress.js";

/**
 * Where the CLI writes and what it knows about its terminal; tests pass their own to
 * `main(args, io)`. Only `stdout`, `stderr` and `cwd` are required: without `env` and
 * `isTTY` the CLI behaves as when piped in a clean environment (no colour, no progress
 * line, no home directory and so no disk cache), whatever terminal the tests run in.
 */
export interface CliIO {
  /** Writes one message to standard output (a newline is added when missing). */
  stdout: (text: string) => void;
  /** Writes one message to standard error (a newline is added when missing). */
  stderr: (text: string) => void;
  cwd: string;
  /**
   * Environment variables read: NO_COLOR, FORCE_COLOR, TERM, CI, MCP_SPECGEN_NO_CACHE, and
   * for the cache key MCP_SPECGEN_CACHE_KEY, XDG_CONFIG_HOME, HOME (APPDATA on Windows).
   * Default: none set (then there is no place for the cache key, and no disk cache).
   */
  env?: Env;
  /** Whether each stream is a terminal. Default: neither. */
  isTTY?: { stdout?: boolean; stderr?: boolean };
  /** Draws the progress line on stderr in place ("" erases it). Without it there is no progress line. */
  progress?: (line: string) => void;
  /** Width of the terminal, for the progress line. */
  columns?: number;
  /**
   * Resolves when what was written to standard output has left the process. Without it,
   * at once. `generate --watch` waits for it before its bookkeeping: standard output to a
   * pipe is written while the process is idle, and a long `--json` line would otherwise
   * reach its reader only after that work.
   */
  drained?: () => Promise<void>;
}

/** The real process: its streams, environment and terminal. */
export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
    stderr: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
    cwd: process.cwd(),
    env: process.env,
    isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
    // Carriage return + "erase line": the next draw, or other output, starts on a clean line.
    progress: (line) => process.stderr.write(`\r\x1b[2K${line}`),
    columns: process.stderr.columns,
    drained: () => whenDrained(process.stdout),
  };
}

/** Longest wait for a stream to drain: a reader that stopped reading holds nothing up for long. */
const DRAIN_WAIT_MS = 1000;

/** Resolves when `stream` has written what it holds, is closed or broken, or after `waitMs`. */
export function whenDrained(
  stream: NodeJS.WritableStream & { writableNeedDrain: boolean },
  waitMs = DRAIN_WAIT_MS,
): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const event of ["drain", "close", "error"]) stream.off(event, done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    for (const event of ["drain", "close", "error"]) stream.once(event, done);
  });
}

/** The environment the CLI sees. */
export function envOf(io: CliIO): Env {
  return io.env ?? {};
}

/** Whether diagnostics on `stream` get colour (never for JSON output: the caller checks `--json`). */
export function useColor(io: CliIO, stream: "stdout" | "stderr"): boolean {
  return colorEnabled(io.isTTY?.[stream] === true, envOf(io));
}

/**
 * A progress line for a command, and an IO whose every write erases the line first, so
 * the line never mixes with real output. The line is shown only on a terminal, never
 * when `CI` is set (logs keep every byte) or with `--quiet`.
 */
export function withProgress(io: CliIO, quiet: boolean): { io: CliIO; progress: Progress } {
  const env = envOf(io);
  const ci = env.CI !== undefined && env.CI !== "" && env.CI !== "0" && env.CI !== "false";
  if (!io.progress || io.isTTY?.stderr !== true || ci || quiet) return { io, progress: NO_PROGRESS };
  // Terminals that do not report a width (0) get the classic 80 columns.
  const progress = createProgress(io.progress, { columns: io.columns || 80 });
  const clearing: CliIO = {
    ...io,
    stdout: (t) => (progress.clear(), io.stdout(t)),
    stderr: (t) => (progress.clear(), io.stderr(t)),
  };
  return { io: clearing, progress };
}
