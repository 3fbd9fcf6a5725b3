// mcp-specgen.config.ts — every option is optional; the values below are the defaults.
// "mcp-specgen/config" holds only defineConfig and defineGenerator, so loading the config stays quick.
import { defineConfig } from "mcp-specgen/config";

export default defineConfig({
  // Spec files or directories; directories are searched for *.md, *.markdown and *.json.
  inputs: ["specs"],
  // Where the generated files go. mcp-specgen only ever overwrites or removes files it
  // generated there (it lists them in `.mcp-specgen-files.json`).
  outDir: "generated",
  // The generators to run:
  //   types       <Name>Args / <Name>Result interfaces for every tool
  //   validators  precompiled validators for arguments and results
  //   server      typed handlers per tool and createRegistry()
  //   client      typed client stubs (createClient)
  //   openai      OpenAI function-calling definitions (openai.json, vendors/openai.ts)
  //   anthropic   Anthropic tool definitions (anthropic.json, vendors/anthropic.ts)
  //   gemini      Gemini function declarations (gemini.json, vendors/gemini.ts)
  //   manifest    a registry manifest with a content hash per tool (manifest.json)
  //   codemode    opt-in, add it to the list: a typed API for agents that write code (codemode/)
  generators: ["types", "validators", "server", "client", "openai", "anthropic", "gemini", "manifest"],
  // Identifiers in generated code, inside each module's namespace: "tool" names them after
  // the tool (greeter.get_greeting → client.greeter.getGreeting); "module-tool" adds the
  // module as well (client.greeter.greeterGetGreeting).
  naming: "tool",
  types: {
    // Objects without `additionalProperties` are closed: no index signature.
    closedObjects: true,
  },
  openai: {
    // Bring schemas into OpenAI's strict mode whenever they allow it.
    strict: true,
    // Strict mode also for tools with an optional property that accepts null (left out and null then look the same).
    strictNullableOptionals: false,
    // Longest function name, 16 to 64; some hosts accept fewer characters (Cursor: 60).
    nameMaxLength: 64,
  },
  anthropic: {
    // Use Anthropic's strict tool use whenever a schema allows it.
    strict: true,
    // Longest tool name, 16 to 64; some hosts accept fewer characters.
    nameMaxLength: 64,
  },
  gemini: {
    // Longest function name, 16 to 128 (Vertex AI accepts 64); names are shortened reversibly.
    nameMaxLength: 64,
  },
  // Name and version of the server in manifest.json and the MCP serverInfo.
  // Default name: the "name" of package.json; default version: "0.0.0".
  // server: { name: "my-server", version: "1.0.0" },
  // Bounds on what one spec may ask of the parser (file sizes, nesting, schema sizes);
  // a spec beyond one gets an error. Each defaults to far more than real specs use.
  // limits: { maxDepth: 64 },
});
