/**
 * The logger interface the registry reports to. The default is silent: a tool
 * library must not write to stdout/stderr on its own (stdout carries the stdio
 * transport's JSON-RPC stream).
 */

/** A minimal structured logger (compatible with console, pino, winston…). */
export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** MCP logging levels (RFC 5424 severities), as used by `notifications/message`. */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

function noop(): void {}

/** A logger that writes nothing (the default). */
export const silentLogger: Logger = Object.freeze({ debug: noop, info: noop, warn: noop, error: noop });

const ORDER = { debug: 0, info: 1, warn: 2, error: 3 } as const;

/**
 * A logger that writes to stderr through `console.error` (never stdout, which the
 * stdio transport owns), dropping messages below `minLevel` (default `info`).
 */
export function createConsoleLogger(minLevel: keyof typeof ORDER = "info"): Logger {
  const min = ORDER[minLevel];
  const write = (level: keyof typeof ORDER) =>
    ORDER[level] < min
      ? noop
      : (message: string, data?: unknown) =>
          data === undefined ? console.error(`[${level}] ${message}`) : console.error(`[${level}] ${message}`, data);
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/**
 * Calls `logger[level](message, data)`, swallowing anything the logger throws.
 * Used on failure paths, where `data` holds whatever a handler threw (possibly a
 * Proxy a formatter cannot inspect): a logger that chokes on it must not turn a
 * contained failure into an escaped exception.
 */
export function logSafely(logger: Logger, level: keyof typeof ORDER, message: string, data?: unknown): void {
  try {
    logger[level](message, data);
  } catch {
    // Nothing better to do: the logger itself is broken.
  }
}
