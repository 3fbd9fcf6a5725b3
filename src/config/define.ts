// The `mcp-specgen/config` entry: what a config file imports. Identity functions and types
// only, so loading a config never loads the generator.
import type { CustomGenerator, UserConfig } from "./types.js";

// Re-exported so that a config compiled with `declaration: true` (as `tsc --init` sets it)
// can name the type of its default export.
export type { UserConfig } from "./types.js";
export type { GeneratorName } from "../generator-kit/names.js";
export type { CustomGenerator, CustomGeneratorContext } from "./types.js";
export type { GeneratedFile, GeneratorContext, GeneratorDiagnostic } from "../generator-kit/contract.js";
export type { ServerOptions } from "./server.js";
export type { ToolSpec } from "../ir/types.js";
export type { ToolNames } from "../naming/table.js";

/** Typed helper for `mcp-specgen.config.ts`: `export default defineConfig({ … })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

/**
 * Typed helper for a custom generator, listed in the config's `generators` beside the
 * built-in names: `defineGenerator({ name: "tools-table", requires: ["types"], generate(ctx) { … } })`.
 * `ctx.options` has the type of `options`.
 */
export function defineGenerator<Options = undefined>(generator: CustomGenerator<Options>): CustomGenerator<Options> {
  return generator;
}
