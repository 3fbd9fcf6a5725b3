import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The option values and positional arguments of a command. */
export type ParsedCommand<O extends Options> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
>;

/**
 * `util.parseArgs` for one command, strict, with its problems (an unknown option, a
 * missing value, a stray argument) turned into a usage error (exit 2) that names the
 * command's help instead of Node's generic advice.
 */
export function parseCommandArgs<O extends Options>(
  command: string,
  argv: string[],
  options: O,
  allowPositionals = false,
): ParsedCommand<O> {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true }) as ParsedCommand<O>;
  } catch (e) {
    if (!String((e as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS")) throw e;
    throw usageError(command, firstSentence((e as Error).message));
  }
}

/**
 * A problem with the command line (exit code 2). Named "UsageError" like the config
 * loader's, which `reportFailure` recognises by name: importing the loader just for its
 * class would load far more than `--help` needs.
 */
export class CommandUsageError extends Error {
  override name = "UsageError";
}

/** A usage error for `command` ("" for the global options) that points at its help. */
export function usageError(command: string, problem: string): CommandUsageError {
  const help = command ? `mcp-specgen ${command} --help` : "mcp-specgen --help";
  return new CommandUsageError(`${command ? `${command}: ` : ""}${problem} (see "${help}")`);
}

/** Node's messages go on with advice about `--`; the first sentence is the problem. */
function firstSentence(message: string): string {
  return message.split(/\.\s/)[0]!.replace(/\.$/, "");
}
