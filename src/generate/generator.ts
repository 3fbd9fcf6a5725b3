import type { SourceLocation, ToolSpec } from "../ir/types.js";
import type { ToolNames } from "../naming/table.js";
import type { GeneratorName, ResolvedConfig } from "../config/types.js";

/** A file a generator produces, path relative to the output directory, `/`-separated. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

/** What a generator is given: the IR plus names decided once for the whole run. */
export interface GeneratorContext {
  /** Tools sorted by name. */
  tools: readonly ToolSpec[];
  names: ReadonlyMap<string, ToolNames>;
  config: ResolvedConfig;
  /** Version of mcp-specgen, for banners and manifests. */
  generatorVersion: string;
}

/** One output kind: a pure function of the IR (never reads specs or the disk). */
export interface Generator {
  name: string;
  /**
   * The generators whose files this one's files import (`server.ts` imports `types/…`
   * and `validators/…`): a config that runs this generator without them is refused, since
   * its output would not compile.
   */
  requires: readonly GeneratorName[];
  generate(ctx: GeneratorContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/**
 * A generator could not produce output for something in the specs. The pipeline reports it
 * as an error diagnostic at `loc` (never as a stack trace) and writes nothing.
 */
export class GenerationError extends Error {
  override name = "GenerationError";
  constructor(
    message: string,
    readonly loc: SourceLocation,
    readonly help?: string,
  ) {
    super(message);
  }
}
