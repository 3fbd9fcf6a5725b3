import type { GeneratedFile, GeneratorContext } from "../generator-kit/contract.js";
import type { ResolvedConfig } from "./types.js";

/**
 * What a custom generator is given: a built-in generator's context, and the resolved config
 * (the server's name and version, say). What it reads of the config is no part of any key,
 * which is safe here only: a custom generator's `memo`, `perTool` and `shared` keep nothing.
 * Built-in generators take what they need of the config as options (`Generator.optionsFrom`).
 */
export interface CustomGeneratorContext<Options = unknown> extends GeneratorContext<Options> {
  /** The resolved config. */
  config: ResolvedConfig;
}

/**
 * A generator defined in a config (`defineGenerator({ … })`) and listed in its `generators`
 * beside the built-in names. It is given the IR and returns files, which go through the same
 * checks and the same writer as the built-in generators' files.
 */
export interface CustomGenerator<Options = undefined> {
  /**
   * Its name, in messages and in other generators' `requires`: lower-case letters, digits
   * and `-`, starting with a letter, and not a built-in generator's name.
   */
  name: string;
  /**
   * The generators (built-in names, or the names of other custom generators in the config)
   * whose files this one's files use: a config without them is refused, and they run first
   * (their files are in `ctx.outputs`).
   */
  requires?: readonly string[];
  /** Values it reads as `ctx.options`. */
  options?: Options;
  /**
   * Returns the files to write, paths relative to the output directory (`/`-separated, never
   * leaving it), each starting with `ctx.banner` in a comment. May be async. What it throws
   * is reported as a GENERATION_FAILED error, and nothing is written.
   */
  generate(ctx: CustomGeneratorContext<Options>): GeneratedFile[] | Promise<GeneratedFile[]>;
}
