import type { NamingMode } from "../naming/table.js";
import type { SpecLimits } from "../parse/limits.js";

/** The names of the generators that can run. */
export const GENERATOR_NAMES = ["types", "validators", "server", "client", "openai", "manifest"] as const;
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

/** User configuration (`mcp-specgen.config.ts` / `.json`). Every field is optional. */
export interface UserConfig {
  /** Spec files or directories (searched recursively for *.md and *.json). Default: ["specs"]. */
  inputs?: string[];
  /** Output directory. Default: "generated". */
  outDir?: string;
  /**
   * Which generators to run. Default: all. A generator whose files import another's must
   * run with it ("server" needs "types" and "validators", "client" needs "types"); a list
   * without them is a config error naming what to add.
   */
  generators?: GeneratorName[];
  /** "tool" (default): `generateCode`; "module-tool": `aiCodeEditingGenerateCode`. */
  naming?: NamingMode;
  types?: {
    /** Treat objects without `additionalProperties` as closed (no index signature). Default: true. */
    closedObjects?: boolean;
  };
  openai?: {
    /** Try to bring schemas into strict mode. Default: true. */
    strict?: boolean;
    /** Longest vendor function name; some hosts cap lower than 64 (Cursor: 60). Default: 64. */
    nameMaxLength?: number;
  };
  server?: {
    /** Server name for the manifest and MCP `serverInfo`. Default: the package name or "mcp-specgen-server". */
    name?: string;
    /** Server version. Default: "0.0.0". */
    version?: string;
  };
  /**
   * Bounds on what one spec may ask of the parser (file sizes, nesting, schema sizes,
   * YAML aliases); a spec beyond one gets an error diagnostic instead of exhausting time
   * or memory. Each option is a positive integer, documented with its default on
   * {@link SpecLimits} (e.g. `maxDepth`: 64, `maxMarkdownBytes`: 512 KiB); unset ones keep
   * their defaults.
   */
  limits?: Partial<SpecLimits>;
}

/** Configuration with every default applied and paths relative to `cwd`. */
export interface ResolvedConfig {
  cwd: string;
  /** Config file used, relative to cwd, if any. */
  configFile?: string;
  inputs: string[];
  outDir: string;
  generators: GeneratorName[];
  naming: NamingMode;
  types: { closedObjects: boolean };
  openai: { strict: boolean; nameMaxLength: number };
  server: { name: string; version: string };
  /** Parse limits, every one set (see UserConfig.limits for defaults). */
  limits: SpecLimits;
}
