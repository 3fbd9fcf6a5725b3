import type { UserConfig } from "./types.js";

/** Typed helper for `mcp-specgen.config.ts`: `export default defineConfig({ … })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
