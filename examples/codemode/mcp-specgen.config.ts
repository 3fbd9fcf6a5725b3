// mcp-specgen.config.ts — the code-mode API is opt-in: list "codemode" with what it needs.
import { defineConfig } from "mcp-specgen/config";

export default defineConfig({
  // The greeter spec of the example project beside this one.
  inputs: ["../project/specs"],
  // "codemode" needs "types"; "server" (the registry the example calls) needs "validators".
  generators: ["types", "validators", "server", "codemode"],
});
