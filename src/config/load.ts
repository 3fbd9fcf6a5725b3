import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATOR_NAMES, type GeneratorName, type ResolvedConfig, type UserConfig } from "./types.js";
import { limitsProblem, resolveLimits } from "../parse/limits.js";

/** Config file names looked up in the working directory, in order. */
export const CONFIG_FILES = [
  "mcp-specgen.config.ts",
  "mcp-specgen.config.mts",
  "mcp-specgen.config.js",
  "mcp-specgen.config.mjs",
  "mcp-specgen.config.json",
];

/** A problem with the config file or the command line (exit code 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Loads the config file (explicit path, or the first of CONFIG_FILES in cwd) and applies
 * defaults. TypeScript configs are loaded through tsx, so no build step is needed.
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<ResolvedConfig> {
  const file = explicit
    ? path.resolve(cwd, explicit)
    : CONFIG_FILES.map((f) => path.join(cwd, f)).find((f) => existsSync(f));
  if (explicit && !existsSync(file!)) throw new UsageError(`config file not found: ${explicit}`);
  let user: UserConfig = {};
  if (file) {
    try {
      if (file.endsWith(".json")) user = JSON.parse(readFileSync(file, "utf8")) as UserConfig;
      else if (/\.m?ts$/.test(file)) {
        const { tsImport } = await import("tsx/esm/api");
        const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as {
          default?: UserConfig & { default?: UserConfig };
        };
        // Outside an ESM package tsx loads the file as CommonJS: the export sits one level down.
        user = mod.default?.default ?? mod.default ?? {};
      } else {
        const mod = (await import(pathToFileURL(file).href)) as { default?: UserConfig };
        user = mod.default ?? {};
      }
    } catch (e) {
      throw new UsageError(`cannot load config ${path.relative(cwd, file)}: ${(e as Error).message}`);
    }
  }
  return resolveConfig(cwd, user, file ? path.relative(cwd, file) : undefined);
}

/** Applies defaults and checks a user config. */
export function resolveConfig(cwd: string, user: UserConfig, configFile?: string): ResolvedConfig {
  const where = configFile ?? "config";
  if (user.generators)
    for (const g of user.generators)
      if (!GENERATOR_NAMES.includes(g))
        throw new UsageError(`${where}: unknown generator "${g}" (known: ${GENERATOR_NAMES.join(", ")})`);
  if (user.generators && user.generators.length === 0)
    throw new UsageError(
      `${where}: generators is empty, so nothing would be generated (and every earlier output removed); list the generators to run, or leave the option out to run them all`,
    );
  const repeated = user.generators?.find((g, i) => user.generators!.indexOf(g) !== i);
  if (repeated) throw new UsageError(`${where}: generator "${repeated}" is listed twice in generators`);
  if (user.naming && user.naming !== "tool" && user.naming !== "module-tool")
    throw new UsageError(`${where}: naming must be "tool" or "module-tool"`);
  const max = user.openai?.nameMaxLength ?? 64;
  if (!Number.isInteger(max) || max < 16 || max > 64)
    throw new UsageError(`${where}: openai.nameMaxLength must be an integer from 16 to 64`);
  const limitsError = limitsProblem(user.limits);
  if (limitsError) throw new UsageError(`${where}: ${limitsError}`);
  return {
    cwd,
    ...(configFile ? { configFile } : {}),
    inputs: normalizeInputs(cwd, user.inputs?.length ? user.inputs : ["specs"]),
    outDir: user.outDir ?? "generated",
    generators: (user.generators ?? [...GENERATOR_NAMES]) as GeneratorName[],
    naming: user.naming ?? "tool",
    types: { closedObjects: user.types?.closedObjects ?? true },
    openai: { strict: user.openai?.strict ?? true, nameMaxLength: max },
    server: {
      name: user.server?.name ?? readPackageName(cwd) ?? "mcp-specgen-server",
      version: user.server?.version ?? "0.0.0",
    },
    limits: resolveLimits(user.limits),
  };
}

function readPackageName(cwd: string): string | undefined {
  try {
    // npm accepts a package.json that starts with a byte order mark; JSON.parse does not.
    const pkg = JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8").replace(/^\uFEFF/, "")) as {
      name?: unknown;
    };
    return typeof pkg.name === "string" ? pkg.name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Inputs as `/`-separated paths relative to cwd: they appear in generated banners, which
 * must be the same on every machine (an absolute path would not be).
 */
export function normalizeInputs(cwd: string, inputs: readonly string[]): string[] {
  return inputs.map((i) => path.relative(cwd, path.resolve(cwd, i)).split(path.sep).join("/") || ".");
}
