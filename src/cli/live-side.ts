import { DEFAULT_IMPORT_LIMITS, ImportLimitError } from "../import/limits.js";
import type { ImportSource } from "../import/source.js";
import type { LoadedSide } from "../diff/load-side.js";
import type { SpecLimits } from "../parse/limits.js";
import { usageError } from "./args.js";
import type { CliIO } from "./io.js";

/** How a live server's list is read for `diff` and `check`. */
export interface LiveOptions {
  /** The command whose usage errors these are. */
  command: string;
  /** `--timeout` as given: milliseconds for the whole read. */
  timeout?: string;
  limits: SpecLimits;
}

/** Thrown when the live server's list cannot be read; its message is safe to print (no secret in it). */
export class LiveReadError extends Error {
  override name = "LiveReadError";
}

/**
 * Reads a live server's tools/list as a diff side, as `import` does: within the import's
 * limits, with the command or URL recorded without any value that may be a secret (that
 * record names the side), and messages from the server scrubbed of those values.
 */
export async function readLiveSide(
  source: Extract<ImportSource, { kind: "stdio" | "url" }>,
  io: CliIO,
  options: LiveOptions,
): Promise<LoadedSide> {
  const deadlineMs = options.timeout === undefined ? DEFAULT_IMPORT_LIMITS.deadlineMs : Number(options.timeout);
  if (!Number.isSafeInteger(deadlineMs) || deadlineMs <= 0)
    throw usageError(options.command, "--timeout must be a positive whole number of milliseconds");
  const { recordCommand } = await import("../import/recorded-command.js");
  const { recordUrl } = await import("../import/recorded-url.js");
  const { readToolList } = await import("../import/source.js");
  const { scrubMessage } = await import("../import/scrub.js");
  const { toolsFromList } = await import("../diff/load-side.js");
  const recorded = source.kind === "stdio" ? recordCommand(source.command) : recordUrl(source.url);
  try {
    const list = await readToolList(source, { ...DEFAULT_IMPORT_LIMITS, deadlineMs }, { env: io.env });
    return toolsFromList(list.tools, recorded.text, options.limits);
  } catch (e) {
    const why = e instanceof ImportLimitError ? `a limit was reached (${e.limit})` : (e as Error).message;
    throw new LiveReadError(`cannot read the tool list of ${recorded.text}: ${scrubMessage(why, recorded.withheld)}`);
  }
}
