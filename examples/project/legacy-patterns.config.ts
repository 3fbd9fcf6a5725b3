// legacy-patterns.config.ts — a config in which one input's patterns may run on JavaScript's RegExp, on strings of at most 256 characters.
import { defineConfig } from "mcp-specgen/config";

export default defineConfig({
  inputs: ["specs", "vendor/legacy"],
  backtrackingPatterns: { "vendor/legacy": { maxLength: 256 } },
});
