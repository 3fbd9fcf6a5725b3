import type { ToolSpec } from "../ir/types.js";
import type { ToolNames } from "../naming/table.js";
import type { ResolvedConfig } from "../config/types.js";

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
  generate(ctx: GeneratorContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}
