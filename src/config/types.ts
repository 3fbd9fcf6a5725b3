import type { NamingMode } from "../naming/table.js";
import type { SpecLimits } from "../parse/limits.js";
import type { GeneratorsResolvedOptions, GeneratorsUserOptions } from "../../generators/options.js";
import type { GeneratedFile, GeneratorContext } from "../generator-kit/contract.js";
import type { GeneratorName } from "../generator-kit/names.js";
import type { ServerOptions } from "./server.js";
import type { ResolvedBacktracking } from "../schema/backtracking.js";
import type { BacktrackingInputOptions } from "./patterns.js";
import type { DiffResolvedOptions, DiffUserOptions } from "./diff-options.js";

/**
 * User configuration (`mcp-specgen.config.ts` / `.json`). Every field is optional. Each
 * built-in generator with options reads them under its own name (`types`, `openai`, `anthropic`, `gemini`),
 * declared with their defaults in generators/<name>/options.ts.
 */
export interface UserConfig extends GeneratorsUserOptions {
  /** Spec files or directories (searched recursively for *.md and *.json). Default: ["specs"]. */
  inputs?: string[];
  /** Output directory. Default: "generated". */
  outDir?: string;
  /**
   * Which generators to run: built-in ones by name, custom ones as `defineGenerator({ … })`
   * objects. Default: all the built-in ones but the opt-in `codemode`. A generator whose files import another's must
   * run with it ("server" needs "types" and "validators", "client" and "codemode" need "types"; a custom
   * generator needs what its `requires` lists); a list without them is a config error naming
   * what to add. They run in an order where each comes after what it requires.
   */
  generators?: Array<GeneratorName | CustomGenerator<unknown>>;
  /** "tool" (default): `generateCode`; "module-tool": `aiCodeEditingGenerateCode`. */
  naming?: NamingMode;
  /**
   * Name and version of the server, in manifest.json and the MCP `serverInfo`; any generator
   * may read them (`ctx.config.server`).
   */
  server?: ServerOptions;
  /**
   * Bounds on what one spec may ask of the parser (file sizes, nesting, schema sizes,
   * YAML aliases); a spec beyond one gets an error diagnostic instead of exhausting time
   * or memory. Each option is a positive integer, documented with its default on
   * {@link SpecLimits} (e.g. `maxDepth`: 64, `maxMarkdownBytes`: 512 KiB); unset ones keep
   * their defaults.
   */
  limits?: Partial<SpecLimits>;
  /**
   * Validators run every `pattern` (and `patternProperties` key) on a linear-time engine, so
   * no string can make one take long. A pattern it cannot run — a backreference, a lookahead
   * or lookbehind — is an error (SPEC_PATTERN_UNSUPPORTED), unless its input is listed here:
   * key = an input (a spec file or a directory, as in `inputs`), value = `{ maxLength }`. The
   * input's such patterns then run on JavaScript's backtracking RegExp, only on strings of at
   * most `maxLength` UTF-16 code units (default 1000); a longer string fails the pattern
   * without it running. That bounds the time to the pattern's worst case at that length —
   * milliseconds for the usual shapes, but no bound at all for nested quantifiers.
   * Default: `{}` (no input opts in).
   * @example { "specs/legacy": { maxLength: 256 } }
   */
  backtrackingPatterns?: Record<string, BacktrackingInputOptions>;
  /**
   * How changes of the tools' contracts are judged by `diff`, and by `generate` and `check`
   * against the previous manifest: an impact per rule, and whether breaking changes need a
   * major version bump. See docs/diff.md.
   * @example { rules: { DESCRIPTION_CHANGED: "minor" }, allowBreaking: false }
   */
  diff?: DiffUserOptions;
}

/** Configuration with every default applied and paths relative to `cwd`. */
export interface ResolvedConfig extends GeneratorsResolvedOptions {
  cwd: string;
  /** Config file used, relative to cwd, if any. */
  configFile?: string;
  inputs: string[];
  outDir: string;
  /** The generators to run, by name: built-in names and the names of `customGenerators`, as listed. */
  generators: string[];
  /** The custom generators of `generators`, as the config defines them. */
  customGenerators: Array<CustomGenerator<unknown>>;
  naming: NamingMode;
  server: Required<ServerOptions>;
  /** Parse limits, every one set (see UserConfig.limits for defaults). */
  limits: SpecLimits;
  /** The inputs whose patterns may run with backtracking, keys relative to cwd (see UserConfig.backtrackingPatterns). */
  backtrackingPatterns: ResolvedBacktracking;
  /** The `diff` section (see UserConfig.diff). */
  diff: DiffResolvedOptions;
}

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
