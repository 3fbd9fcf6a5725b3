import { generatorVersion } from "../package-info/version.js";
import { usageError } from "./args.js";
import { EXIT } from "./exit.js";
import { reportFailure } from "./failure.js";
import { COMMAND_HELP, COMMAND_NAMES, GLOBAL_HELP, isCommand, type CommandName } from "./help.js";
import { processIO, type CliIO } from "./io.js";

// Start-up time matters for a tool run on every save and in every CI step: this module
// imports only what --version and --help need (help texts, the version), and each command
// is imported when it runs. The pipeline, the parsers, ajv, json-schema-to-typescript and
// the MCP SDK are loaded by the commands that use them, and only then.

export { EXIT } from "./exit.js";
export type { CliIO } from "./io.js";

/**
 * Runs the CLI with the given arguments; resolves to the process exit code. Never rejects:
 * whatever a command throws ends as a message on stderr and exit code 1 or 2.
 *
 * @param io where output goes and what the terminal is; the real process by default.
 */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  try {
    return await dispatch(commandFirst(argv), io);
  } catch (e) {
    return reportFailure(e, io);
  }
}

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(GLOBAL_HELP);
    return EXIT.usage;
  }
  if (first === "-v" || first === "--version") return (io.stdout(generatorVersion()), EXIT.ok);
  if (first === "-h" || first === "--help" || first === "help") return printHelp(rest[0], io);
  if (!isCommand(first)) {
    if (first.startsWith("-")) throw usageError("", `unknown option '${first}'`);
    io.stderr(await unknownCommand(first));
    return EXIT.usage;
  }
  if (asksForHelp(rest)) return (io.stdout(COMMAND_HELP[first]), EXIT.ok);
  return runCommand(first, rest, io);
}

/** Imports the command's module and runs it. */
async function runCommand(command: CommandName, argv: string[], io: CliIO): Promise<number> {
  switch (command) {
    case "generate":
    case "check":
      return (await import("./generate.js")).runGenerateCommand(command, argv, io);
    case "lint":
      return (await import("./lint.js")).runLintCommand(argv, io);
    case "fmt":
      return (await import("./fmt.js")).runFmtCommand(argv, io);
    case "import":
      return (await import("./import.js")).runImport(argv, io);
    case "init":
      return (await import("./init.js")).runInit(argv, io);
    case "diff":
      return (await import("./diff.js")).runDiff(argv, io);
    case "docs":
      return (await import("./docs.js")).runDocsCommand(argv, io);
  }
}

/** `help [command]`, `--help [command]`: the global help, or one command's. */
async function printHelp(topic: string | undefined, io: CliIO): Promise<number> {
  if (topic === undefined || topic === "help") return (io.stdout(GLOBAL_HELP), EXIT.ok);
  if (isCommand(topic)) return (io.stdout(COMMAND_HELP[topic]), EXIT.ok);
  io.stderr(await unknownCommand(topic));
  return EXIT.usage;
}

/** The message for a word that is no command, with the command it most likely meant. */
async function unknownCommand(word: string): Promise<string> {
  // Loaded only on this path: --help and --version do not need it.
  const { closestName } = await import("../naming/closest.js");
  const near = closestName(word, COMMAND_NAMES);
  return `mcp-specgen: unknown command "${word}"${near ? ` (did you mean "${near}"?)` : ""}\nRun "mcp-specgen --help" for usage.`;
}

/** True when -h or --help comes before any `--` (after which everything is an argument). */
function asksForHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (a === "-h" || a === "--help") return true;
  }
  return false;
}

/**
 * Moves `generate` or `check` to the front when options come before it
 * (`mcp-specgen --json check`), as earlier versions accepted; every other command must
 * come first.
 */
function commandFirst(argv: string[]): string[] {
  if (!argv[0]?.startsWith("-")) return argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a === "--out" || a === "--config") {
      i++;
      continue;
    }
    if (a === "generate" || a === "check") return [a, ...argv.slice(0, i), ...argv.slice(i + 1)];
    if (!a.startsWith("-")) break;
  }
  return argv;
}
