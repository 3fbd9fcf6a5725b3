import type { UserConfig } from "./types.js";

// Re-exported so that a config compiled with `declaration: true` (as `tsc --init` sets it)
// can name the type of its default export.
export type { GeneratorName, UserConfig } from "./types.js";

/** Typed helper for `mcp-specgen.config.ts`: `export default defineConfig({ … })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
