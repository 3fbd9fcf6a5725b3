// Every help text of the CLI. Kept in a module with no imports, so `--help` on any command
// prints without loading the pipeline, the parsers or the MCP SDK.

/** The commands the CLI knows, in the order the global help lists them. */
export const COMMAND_NAMES = ["init", "generate", "check", "lint", "fmt", "import", "diff", "docs"] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** True when `word` names a command. */
export function isCommand(word: string | undefined): word is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(word ?? "");
}

/** What a spec input is; shared by the help of the commands that read specs. */
const INPUTS = `Inputs are spec files or directories; directories are searched recursively for *.md,
*.markdown and *.json (skipping node_modules, dot-folders and the output directory).
Without inputs, the config's \`inputs\` are used (default: ./specs).

A spec is either
  - Markdown (MCP_TOOL_SPECIFICATION.md): one section per tool, headed
    "## Tool: \`module.tool_name\`", with a description, an input schema (a JSON Schema
    block or a parameter table), an output schema, error handling, idempotency, usage
    examples and security notes; a file may describe several tools;
  - JSON: MCP tool definitions, as a tools/list result {"tools": [...]}, an array of
    tools, or one {"name", "description", "inputSchema"} object.`;

const CONFIG_OPTION = `  --config FILE    config file (default: the first of mcp-specgen.config.ts, .mts, .js,
                   .mjs, .json in the working directory; none: built-in defaults)`;

/** Help for `mcp-specgen` alone, `--help` and `help`. */
export const GLOBAL_HELP = `mcp-specgen — typed code, validators and vendor tool formats from MCP tool specs

Usage:
  mcp-specgen init     [--name NAME]                     set up a project: config, first spec, npm scripts
  mcp-specgen generate [inputs…] [--out DIR]             read specs, write generated files
  mcp-specgen check    [inputs…] [--out DIR]             fail (exit 1) when generated files are out of date
  mcp-specgen lint     [inputs…] [--json] [--strict]     report spec quality, generate nothing
  mcp-specgen fmt      [inputs…] [--check]               rewrite Markdown specs into the canonical layout
  mcp-specgen import   --stdio CMD | --url URL | --file FILE   write specs from a server's tool list
  mcp-specgen diff     <base> <head> [--fail-on major]   classify the changes between two tool sets
  mcp-specgen docs     [inputs…] [--out DIR] [--format html|markdown]   write a browsable tool catalogue
  mcp-specgen help <command>                             show a command's options and an example
  mcp-specgen --help | --version

${INPUTS}

Output goes to the config's \`outDir\` (default: ./generated): TypeScript types,
precompiled validators, a typed server and client, OpenAI, Anthropic and Gemini tool
formats and a manifest.

Options (generate, check):
  --out DIR        output directory
${CONFIG_OPTION}
  --json           print diagnostics and results as JSON
  --quiet          print errors only
  --verbose        print info findings as well (why a tool is not strict, …)
  --no-cache       do not use the cache (unchanged specs are not read again, an
                   up-to-date output is not generated again)
  --strict         fail (exit 1) on warnings too: a spec read with a guess is an error
  --workers N      worker threads for large runs (default: auto, as the CPUs allow; 0: none)
  --timings        print the milliseconds of each phase
  --cpu-prof       write a CPU profile (.cpuprofile) of the run to the working directory
  --dry-run        generate: list what would be created, changed and removed; write nothing
  --watch          generate: build, then rebuild whenever a spec or the config changes
  -h, --help       show this help (with a command: that command's help)
  -v, --version    print the version

Colour is used on terminals only; NO_COLOR=1 turns it off, FORCE_COLOR=1 forces it on.

Exit codes: 0 ok · 1 spec errors (or warnings with --strict), drift or a refused/failed
write · 2 usage error. Set MCP_SPECGEN_DEBUG=1 to see stack traces of internal errors.`;

/** Help for `mcp-specgen generate`. */
export const GENERATE_HELP = `mcp-specgen generate — read specs, write typed code, validators and tool formats

Usage:
  mcp-specgen generate [inputs…] [options]

Reads every spec, reports each problem as file:line:col, and writes the generated files
only when no spec has an error. Writes are all or nothing, unchanged files are left alone,
files an earlier run generated that are no longer produced are removed, and a file
mcp-specgen did not generate is never overwritten (what it owns is listed in
<out>/.mcp-specgen-files.json).

${INPUTS}

Options:
  --out DIR        output directory (default: the config's outDir, else ./generated)
${CONFIG_OPTION}
  --json           print diagnostics, written/unchanged/removed files and timings as JSON
  --quiet          print errors only
  --verbose        print info findings as well, such as each tool a vendor gets without
                   strict mode and why (default: errors and warnings)
  --no-cache       read and generate everything again, and record nothing (also:
                   MCP_SPECGEN_NO_CACHE=1). The cache, in node_modules/.cache/mcp-specgen/,
                   keeps each spec file's parsed tools and each module's generated code by
                   content, so only what a change touches is done again; its files are
                   taken only with a MAC of your key (~/.config/mcp-specgen/cache-key, or
                   MCP_SPECGEN_CACHE_KEY)
  --strict         write nothing and exit 1 on warnings too (a table row with a missing
                   cell, an unclear Required cell, an unknown type…), as on errors
  --workers N      worker threads for large runs: up to N for parsing, and up to N for
                   the types and validators generators, shared when fewer (default: auto:
                   parsing on one per CPU once there is enough work, types and validators
                   on one each with 3 CPUs or more; 0: none). Output is the same
  --timings        print the milliseconds of each phase (parse, checks, each generator)
  --cpu-prof       write a CPU profile of the run (mcp-specgen-<time>.cpuprofile) to the
                   working directory, for Chrome DevTools; add --workers 0 to include parsing
  --dry-run        list the files a generate would create, change and remove, and
                   write nothing (with --json: as lists)
  --watch          generate, then keep watching the inputs and the config file and
                   rebuild after each change (default: off), printing one line per
                   rebuild (with --json: one JSON object per line); a spec or config
                   error is printed and the last good output kept. Ctrl-C stops (exit 0)
  --allow-breaking accept a breaking change to a tool without a major bump of its
                   **Version** (default: an error; each tool's changes since the previous
                   manifest.json are checked against its version, see docs/diff.md)
  -h, --help       show this help

Example:
  mcp-specgen generate specs/ --out src/generated
  mcp-specgen generate --strict    # in CI: no spec part read with a guess
  mcp-specgen generate --watch     # while editing specs

Exit codes: 0 ok · 1 spec errors (or warnings with --strict), or a refused or failed write ·
2 usage error`;

/** Help for `mcp-specgen check`. */
export const CHECK_HELP = `mcp-specgen check — fail when the generated files are out of date with the specs

Usage:
  mcp-specgen check [inputs…] [options]

Generates in memory and compares byte for byte with the output directory, listing stale
files (with a short diff), missing ones, extra ones (generated earlier, no longer
produced) and temporary files left by a killed run. Writes nothing in the output directory.

When the specs, the config and mcp-specgen itself are unchanged since the last successful
generate or check, and every generated file still has the contents recorded then, the
result is taken from a cache (node_modules/.cache/mcp-specgen, or a per-user directory in
the system temp directory) instead of generating again; the output is the same.

${INPUTS}

Options:
  --out DIR        output directory (default: the config's outDir, else ./generated)
${CONFIG_OPTION}
  --json           print {command, ok, tools, diagnostics, drift} as JSON
  --quiet          leave out warnings (errors, drift and the verdict are printed)
  --verbose        print info findings as well (default: errors and warnings)
  --no-cache       always generate again (also: MCP_SPECGEN_NO_CACHE=1)
  --strict         exit 1 on spec warnings too
  --workers N      worker threads for large runs (default: auto; 0: none)
  --timings        print the milliseconds of each phase
  --cpu-prof       write a CPU profile of the run to the working directory
  --allow-breaking accept a breaking change to a tool without a major version bump
  --base-ref REV   check tool versions against the specs at git revision REV (default:
                   against the previous manifest.json in the output directory)
  --stdio CMD      also compare the tools/list of the server CMD starts with the specs,
                   failing on any difference (descriptions included)
  --url URL        the same for a Streamable HTTP server
  --timeout MS     time for reading the live server's list (default: 60000)
  -h, --help       show this help

Example:
  mcp-specgen check            # in CI: fails when someone forgot to run generate
  mcp-specgen check --strict   # … or when a spec has a warning

Exit codes: 0 up to date · 1 drift or spec errors (or warnings with --strict) · 2 usage error`;

/** Help for `mcp-specgen lint`. */
export const LINT_HELP = `mcp-specgen lint — report spec quality without generating anything

Usage:
  mcp-specgen lint [inputs…] [options]

Reads the specs like generate does and checks each tool against the spec-quality
checklist: input and output JSON Schemas, error handling, an idempotency statement,
usage examples, security notes on tools that change state, a version, typed parameters.
Every finding is printed as file:line:col, followed by a count per code.

${INPUTS}

Options:
  --json           print {files, tools, diagnostics, summary} as JSON
  --strict         exit 1 on warnings too (default: only errors fail)
  --verbose        print info findings as well (default: errors and warnings)
  --quiet          print errors only, without the summary table
  --out DIR        output directory to skip when searching inputs (default: the config's outDir)
${CONFIG_OPTION}
  -h, --help       show this help

Example:
  mcp-specgen lint --strict specs/

Exit codes: 0 no errors (warnings allowed unless --strict) · 1 spec errors (or warnings
with --strict) · 2 usage error`;

/** Help for `mcp-specgen fmt`. */
export const FMT_HELP = `mcp-specgen fmt — rewrite Markdown specs into the canonical layout

Usage:
  mcp-specgen fmt [inputs…] [options]

Rewrites the layout of Markdown specs (inputs: files or directories; default: the
config's inputs; JSON specs are left alone): ATX headings, \`-\` and \`1.\` list markers,
tables with outer pipes and a delimiter row as wide as the header, backtick fences, no
trailing whitespace, one blank line between blocks, \\n line endings. Text is kept as
written. Every change is checked by reading the spec again: a change that would alter
what the spec means (its tools, schemas, examples or findings) is not made, and the
reason is printed ("left as is: rewriting the table would change …").

Options:
  --check          write nothing; list the files fmt would change and exit 1 if any
  --quiet          print nothing but the files --check lists
${CONFIG_OPTION}
  -h, --help       show this help

Example:
  mcp-specgen fmt specs/
  mcp-specgen fmt --check specs/   # in CI

Exit codes: 0 done (or, with --check, every file formatted) · 1 a file fmt would change
(--check), or a file that cannot be read or written · 2 usage error`;

/** Help for `mcp-specgen import`. */
export const IMPORT_HELP = `mcp-specgen import — write spec files from a live MCP server's tool list

Usage:
  mcp-specgen import --stdio "<command>" [--out FILE] [--format markdown|json] [--name NAME]
  mcp-specgen import --url <url>         […]
  mcp-specgen import --file tools.json   […]

Reads the server's tool list (all pages) and writes it as a spec: the JSON Schemas are
copied verbatim and tool names are kept exactly as the server has them (\`get-sum\`,
\`server.tool\`). Then \`mcp-specgen generate\` gives a typed client for that server.

Options (exactly one of --stdio, --url, --file):
  --stdio CMD       start CMD (through /bin/sh) and speak MCP over its stdin/stdout; CMD
                    gets HOME, PATH, USER, LOGNAME, SHELL and TERM from this environment,
                    set any other variable in CMD itself (\`API_KEY=… npx …\`)
  --url URL         connect to a Streamable HTTP endpoint (a user:password@ in it is sent
                    as Basic credentials)
  --file FILE       read a saved tools/list result ({"tools": [...]}) or an array of tools
  --out FILE        where to write (default: specs/<name>/MCP_TOOL_SPECIFICATION.md, or
                    specs/<name>/tools.json with --format json)
  --format F        markdown (default; the canonical template) or json (MCP tool definitions)
  --name NAME       name for the spec (default: the server's name, or the file's stem)
  --force           overwrite an existing file (default: refuse)
  -h, --help        show this help

Limits (a server decides how long its list is; import ends all the same):
  --timeout MS      time for the whole import — starting the server, connecting and every
                    page together (default: 60000)
  --max-pages N     most tools/list pages (default: 1000)
  --max-tools N     most tools over all pages (default: 10000)
  --max-bytes N     most bytes received from the server, counted as they arrive, or the
                    largest --file (default: 33554432, 32 MiB)
  A limit reached, or a cursor the server sends twice (its pages go round in a circle),
  stops the import with what was read by then, exit 1, and nothing written: a spec that
  misses tools would look complete.

What the spec records:
  Its first paragraph says where the tools came from, and specs are committed, so it
  keeps only what names the server and how to reach it, never a value that could be a
  secret: the program, the package, script or image a launcher runs (npx, uvx, docker
  run, node, python -m, deno run…), option and environment variable names, shell
  operators, transport words (stdio, sse, http), and ports, hosts and transports given
  to options of those names. Every other value is written as <value> or <arg>:
    GITHUB_TOKEN=ghp_… npx -y @modelcontextprotocol/server-github --toolsets repos
    → GITHUB_TOKEN=<value> npx -y @modelcontextprotocol/server-github --toolsets <value>
  A URL keeps its scheme, host and path; a user name and password become <credentials>,
  query and fragment values <value>. Import prints what it recorded on stderr.

Example:
  mcp-specgen import --stdio "npx -y @modelcontextprotocol/server-everything stdio"

Exit codes: 0 written · 1 the list could not be read (or a limit stopped it) or written ·
2 usage error`;

/** Help for `mcp-specgen init`. */
export const INIT_HELP = `mcp-specgen init — set up mcp-specgen in the current project

Usage:
  mcp-specgen init [--name NAME] [--dry-run]

Creates what a project needs to start, and never overwrites a file that exists (each
file is reported as created or kept):
  mcp-specgen.config.ts                   the config, every option spelled out with its
                                          default (kept when any mcp-specgen config exists)
  specs/<name>/MCP_TOOL_SPECIFICATION.md  a first, complete tool spec to edit
  package.json                            "generate" and "check" scripts, added to an
                                          existing package.json without changing anything
                                          else in it (created with "type": "module" if missing)

Options:
  --name NAME     module name of the first spec (default: from package.json's name, else
                  my_tools); lower case, digits and underscores
  --dry-run       print what would be created or kept, write nothing
  -h, --help      show this help

Example:
  mcp-specgen init --name weather && npm install @mcp-specgen/runtime && npm run generate

Exit codes: 0 done · 1 a file could not be written · 2 usage error`;

/** Help for `mcp-specgen diff`. */
export const DIFF_HELP = `mcp-specgen diff — classify the changes between two versions of a tool set

Usage:
  mcp-specgen diff <base> <head> [options]
  mcp-specgen diff --base-ref REV [inputs] [options]
  mcp-specgen diff [base] --stdio "<command>" | --url URL [options]

Each side is a spec file or directory, a JSON tool list ({"tools": [...]} or an array), a
generated manifest.json, the specs at a git revision (--base-ref, read with git, nothing
checked out) or a live server (--stdio, --url; read as import reads it, recording no value
that may be a secret). Tools are matched by module and wire name. Each change is classified
by a rule (docs/diff.md) as major (breaks callers), minor (adds) or patch (documents):
inputs are what a caller sends (narrowing them breaks callers), outputs what a caller reads
(widening them breaks callers). The config's diff.rules sets another impact per rule.

Options:
  --base-ref REV    the base is the same inputs (default: the config's) at git revision REV
  --stdio CMD       the head is the tool list of the server CMD starts (stdio)
  --url URL         the head is the tool list of the Streamable HTTP server at URL
  --format F        text (default: per tool, by impact, with file:line:col into the head),
                    json ({changes: [{tool, impact, code, pointer, message, before, after}],
                    impact}) or markdown (a changelog with a migration note per breaking change)
  --json            the same as --format json
  --fail-on I       exit 1 when a change has impact I or higher (major, minor or patch)
  --timeout MS      time for reading a live server's list (default: 60000)
  --out DIR         output directory to skip when searching inputs (default: the config's outDir)
${CONFIG_OPTION}
  -h, --help        show this help

Example:
  mcp-specgen diff --base-ref origin/main --fail-on major     # in CI, on a pull request
  mcp-specgen diff generated/manifest.json --stdio "python server.py" --format markdown

Exit codes: 0 done (no change reached --fail-on) · 1 a change reached --fail-on · 2 usage
error (a --base-ref git cannot read) · 3 nothing compared: a side has spec errors or the
server did not answer`;
/** Help for `mcp-specgen docs`. */
export const DOCS_HELP = `mcp-specgen docs — write a catalogue of the tools, to read and to search

Usage:
  mcp-specgen docs [inputs…] [--out DIR] [--format html|markdown]

Reads the specs like generate does and writes one file with every tool: its description,
parameters (type, required, default, allowed values, constraints), output fields, errors,
examples, version, annotations (read-only, destructive, idempotent, open world), its
function name for OpenAI, Anthropic and Gemini and whether each gets it in strict mode,
and its JSON Schemas.
  html      DIR/index.html: one page with a search box, self-contained (no fonts, scripts
            or images are loaded; it works opened from disk, offline)
  markdown  DIR/README.md: for a repository; renders on GitHub and GitLab

Nothing is written when a spec has an error. A file mcp-specgen did not write is never
overwritten (what it owns is listed in DIR/.mcp-specgen-files.json).

${INPUTS}

Options:
  --out DIR        where to write (default: ./catalogue)
  --format F       html (default) or markdown
  --title TEXT     the catalogue's title (default: "<server name> tools", the config's
                   server.name or package.json's name)
  --quiet          print errors only
  --verbose        print info findings as well
${CONFIG_OPTION}
  -h, --help       show this help

Example:
  mcp-specgen docs specs/ --out site/tools && open site/tools/index.html

Exit codes: 0 written · 1 spec errors, or the file could not be written · 2 usage error`;

/** The help text of each command. */
export const COMMAND_HELP: Record<CommandName, string> = {
  init: INIT_HELP,
  generate: GENERATE_HELP,
  check: CHECK_HELP,
  lint: LINT_HELP,
  fmt: FMT_HELP,
  import: IMPORT_HELP,
  diff: DIFF_HELP,
  docs: DOCS_HELP,
};
