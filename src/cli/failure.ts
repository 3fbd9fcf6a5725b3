import { OutputError, fsError, isKnownFsError } from "../output/errors.js";

/** Where failure reports go, and the directory paths are shown relative to. */
export interface FailureIO {
  stderr: (text: string) => void;
  cwd: string;
}

/** Set to 1 to print the stack trace of internal errors. */
export const DEBUG_ENV = "MCP_SPECGEN_DEBUG";

/**
 * The CLI's last resort: turns anything a command threw into a message and an exit code,
 * so no Node.js stack trace ever reaches the user. Usage errors exit 2; problems with the
 * file system or the output directory print what failed and a hint, exit 1; anything
 * else is a bug in mcp-specgen and says so (with the stack only when MCP_SPECGEN_DEBUG=1).
 */
export function reportFailure(e: unknown, io: FailureIO, env: NodeJS.ProcessEnv = process.env): number {
  if (isUsageError(e)) {
    io.stderr(`mcp-specgen: ${e.message}`);
    return 2;
  }
  const known =
    e instanceof OutputError ? e : isKnownFsError(e) && e.path ? fsError(e, "cannot access", e.path) : undefined;
  if (known) {
    io.stderr(`mcp-specgen: ${known.describe(io.cwd)}${known.hint ? `\n  hint: ${known.hint}` : ""}`);
    return 1;
  }
  const message = e instanceof Error ? e.message : String(e);
  const lines = [
    `mcp-specgen: internal error: ${message.split("\n")[0]}`,
    `  hint: this is a bug in mcp-specgen; please report it with the command you ran (set ${DEBUG_ENV}=1 to include the stack trace)`,
  ];
  if (env[DEBUG_ENV] === "1" && e instanceof Error && e.stack) lines.push(e.stack);
  io.stderr(lines.join("\n"));
  return 1;
}

/**
 * True for the config loader's UsageError and the CLI's CommandUsageError. Recognised by
 * name, not class, so that printing a failure does not load the config loader (and what
 * it imports) into a `--help` or `--version` run.
 */
function isUsageError(e: unknown): e is Error {
  return e instanceof Error && e.name === "UsageError";
}
