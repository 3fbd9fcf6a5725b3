// The files `mcp-specgen init` writes. Plain functions of a few names, so the tests can
// generate from exactly what a user gets.

import { DEFAULT_GENERATOR_NAMES, GENERATOR_NAMES } from "../generator-kit/names.js";
import { GENERATOR_OPTIONS, generatorsWithOptions } from "../../generators/options.js";
import type { OptionSpec } from "../generator-kit/options.js";

/** One line per generator, for the config's comment; a generator added later is still listed. */
const GENERATOR_NOTES: Record<string, string> = {
  types: "<Name>Args / <Name>Result interfaces for every tool",
  validators: "precompiled validators for arguments and results",
  server: "typed handlers per tool and createRegistry()",
  client: "typed client stubs (createClient)",
  openai: "OpenAI function-calling definitions (openai.json, vendors/openai.ts)",
  anthropic: "Anthropic tool definitions (anthropic.json, vendors/anthropic.ts)",
  gemini: "Gemini function declarations (gemini.json, vendors/gemini.ts)",
  manifest: "a registry manifest with a content hash per tool (manifest.json)",
  codemode: "opt-in, add it to the list: a typed API for agents that write code (codemode/)",
};

/** One line per generator, for the config's comment. */
function generatorNotes(): string {
  const width = Math.max(...GENERATOR_NAMES.map((g) => g.length));
  return GENERATOR_NAMES.map((g) => `  //   ${g.padEnd(width)}  ${GENERATOR_NOTES[g] ?? ""}`.trimEnd()).join("\n");
}

/** Each generator's options with their defaults, each after its documentation as a comment. */
function generatorOptions(): string {
  return generatorsWithOptions()
    .map((g) => {
      const specs = Object.entries(GENERATOR_OPTIONS[g].options as Record<string, OptionSpec<unknown>>);
      const lines = specs.flatMap(([option, spec]) => [
        ...spec.doc.split("\n").map((line) => `    // ${line}`),
        `    ${option}: ${JSON.stringify(spec.default)},`,
      ]);
      return [`  ${g}: {`, ...lines, "  },"].join("\n");
    })
    .join("\n");
}

/** `mcp-specgen.config.ts`: every option with its default and a comment. */
export function configTemplate(module: string): string {
  return `// mcp-specgen.config.ts — every option is optional; the values below are the defaults.
// "mcp-specgen/config" holds only defineConfig and defineGenerator, so loading the config stays quick.
import { defineConfig } from "mcp-specgen/config";

export default defineConfig({
  // Spec files or directories; directories are searched for *.md, *.markdown and *.json.
  inputs: ["specs"],
  // Where the generated files go. mcp-specgen only ever overwrites or removes files it
  // generated there (it lists them in ${"`"}.mcp-specgen-files.json${"`"}).
  outDir: "generated",
  // The generators to run:
${generatorNotes()}
  generators: [${DEFAULT_GENERATOR_NAMES.map((g) => JSON.stringify(g)).join(", ")}],
  // Identifiers in generated code, inside each module's namespace: "tool" names them after
  // the tool (${module}.get_greeting → client.${camel(module)}.getGreeting); "module-tool" adds the
  // module as well (client.${camel(module)}.${camel(module)}GetGreeting).
  naming: "tool",
${generatorOptions()}
  // Name and version of the server in manifest.json and the MCP serverInfo.
  // Default name: the "name" of package.json; default version: "0.0.0".
  // server: { name: "my-server", version: "1.0.0" },
  // Bounds on what one spec may ask of the parser (file sizes, nesting, schema sizes);
  // a spec beyond one gets an error. Each defaults to far more than real specs use.
  // limits: { maxDepth: 64 },
});
`;
}

/** snake_case → camelCase, as the identifiers in the config's comment. */
function camel(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * A first spec: one small tool in the Markdown template, complete enough that it
 * generates without warnings and passes `lint --strict`: description, version,
 * annotations, input and output schemas, errors, idempotency, examples and security notes.
 */
export function specTemplate(module: string): string {
  const tool = `${module}.get_greeting`;
  return `# ${module} — MCP Tool Specification

The tools of the \`${module}\` module. Each tool is a \`## Tool:\` section; \`mcp-specgen generate\`
turns this file into typed code, validators and tool definitions. Copy the section to add
a tool.

---

## Tool: \`${tool}\`

**Version**: 1.0.0
**Read-only**: Yes
**Open-world**: No

### 1. Tool Purpose and Description

Returns a greeting for a person, in one of a few languages.

### 2. Invocation Name

\`${tool}\`

### 3. Input Schema (Parameters)

\`\`\`json
{
  "type": "object",
  "properties": {
    "name": { "type": "string", "minLength": 1, "maxLength": 100, "description": "Name of the person to greet." },
    "language": { "type": "string", "enum": ["en", "fr", "de"], "default": "en", "description": "Language of the greeting." }
  },
  "required": ["name"],
  "additionalProperties": false
}
\`\`\`

### 4. Output Schema (Return Value)

\`\`\`json
{
  "type": "object",
  "properties": {
    "greeting": { "type": "string", "description": "The greeting." },
    "language": { "type": "string", "enum": ["en", "fr", "de"], "description": "Language of the greeting." }
  },
  "required": ["greeting", "language"],
  "additionalProperties": false
}
\`\`\`

### 5. Error Handling

- \`ValidationError\`: \`name\` is empty or longer than 100 characters, or \`language\` is not supported.

### 6. Idempotency

- **Idempotent**: Yes
- **Explanation**: the same arguments always give the same greeting; nothing is stored.

### 7. Usage Examples

\`\`\`json
{ "tool_name": "${tool}", "arguments": { "name": "Ada", "language": "fr" } }
\`\`\`

\`\`\`json
{
  "status": "success",
  "data": { "greeting": "Bonjour, Ada !", "language": "fr" },
  "explanation": "Greeted Ada in French."
}
\`\`\`

### 8. Security Considerations

- **Data Handling**: the name is only echoed back; it is neither stored nor logged.
`;
}
