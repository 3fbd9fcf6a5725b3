import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ResolvedConfig, UserConfig } from "./types.js";
import { limitsProblem, resolveLimits } from "../parse/limits.js";
import { resolveGeneratorList } from "./generator-list.js";
import { resolveServer } from "./server.js";
import { resolveBacktracking } from "./patterns.js";
import { resolveDiffOptions } from "./diff-options.js";
import { GENERATOR_OPTIONS, generatorsWithOptions, type GeneratorsResolvedOptions } from "../../generators/options.js";
import { resolveGeneratorOptions } from "../generator-kit/options.js";
import { configShapeProblem, describeValue } from "./check-shape.js";

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
 * defaults. TypeScript configs need no build step (see importTypeScriptConfig).
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<ResolvedConfig> {
  const file = explicit
    ? path.resolve(cwd, explicit)
    : CONFIG_FILES.map((f) => path.join(cwd, f)).find((f) => existsSync(f));
  if (explicit && !existsSync(file!)) throw new UsageError(`config file not found: ${explicit}`);
  let user: unknown = {};
  if (file) {
    const shown = path.relative(cwd, file);
    let mod: { default?: unknown };
    try {
      if (file.endsWith(".json")) mod = { default: JSON.parse(readFileSync(file, "utf8")) as unknown };
      else if (/\.m?ts$/.test(file)) {
        const { importTypeScriptConfig } = await import("./typescript-config.js");
        mod = await importTypeScriptConfig(file);
      } else mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (e) {
      throw new UsageError(`cannot load config ${shown}: ${(e as Error).message}`);
    }
    if (!("default" in mod))
      throw new UsageError(`${shown}: the config has no default export (export default defineConfig({ … }))`);
    user = mod.default;
  }
  return resolveConfig(cwd, user as UserConfig, file ? path.relative(cwd, file) : undefined);
}

/**
 * Applies defaults and checks a user config: the top-level options here, each built-in
 * generator's options through its own declaration (generators/<name>/options.ts), and the
 * custom generators of `generators`. Throws a UsageError naming the config and the problem.
 */
export function resolveConfig(cwd: string, user: UserConfig, configFile?: string): ResolvedConfig {
  const where = configFile ?? "config";
  const fail = (problem: string): never => {
    throw new UsageError(`${where}: ${problem}`);
  };
  const shape = configShapeProblem(user);
  if (shape) return fail(shape);
  const list = resolveGeneratorList(user.generators);
  if ("problem" in list) return fail(list.problem);
  if (user.naming !== undefined && user.naming !== "tool" && user.naming !== "module-tool")
    fail(`naming must be "tool" or "module-tool" (got ${describeValue(user.naming)})`);
  const options: Partial<Record<string, unknown>> = {};
  for (const name of generatorsWithOptions()) {
    const resolved = resolveGeneratorOptions(GENERATOR_OPTIONS[name], user[name]);
    if ("problem" in resolved) return fail(resolved.problem);
    options[name] = resolved.options;
  }
  const limitsError = limitsProblem(user.limits);
  if (limitsError) fail(limitsError);
  const server = resolveServer(cwd, user.server);
  if ("problem" in server) return fail(server.problem);
  const backtracking = resolveBacktracking(cwd, user.backtrackingPatterns);
  if ("problem" in backtracking) return fail(backtracking.problem);
  const diff = resolveDiffOptions(user.diff);
  if ("problem" in diff) return fail(diff.problem);
  const inputs = normalizeInputs(cwd, user.inputs ?? ["specs"]);
  const outDir = user.outDir ?? "generated";
  const overlap = outDirOverlap(cwd, outDir, inputs);
  if (overlap) fail(overlap);
  return {
    cwd,
    ...(configFile ? { configFile } : {}),
    inputs,
    outDir,
    generators: list.selection.names,
    customGenerators: list.selection.custom,
    naming: user.naming ?? "tool",
    ...(options as GeneratorsResolvedOptions),
    server: server.server,
    limits: resolveLimits(user.limits),
    backtrackingPatterns: backtracking.backtracking,
    diff: diff.options,
  };
}

/**
 * Why `outDir` cannot be used with these inputs, or undefined: an output folder that is an
 * input, or holds one, would have its generated JSON read back as specs on the next run.
 * An output folder inside an input directory is fine: the search skips it.
 */
export function outDirOverlap(cwd: string, outDir: string, inputs: readonly string[]): string | undefined {
  const [out] = normalizeInputs(cwd, [outDir]);
  for (const input of inputs) {
    if (out === "." || input === out || input.startsWith(`${out}/`))
      return `outDir "${outDir}" ${input === out ? "is" : "contains"} the input "${input}": generated files would be read back as specs; give the output a folder of its own, such as "generated"`;
  }
  return undefined;
}

/**
 * Inputs as `/`-separated paths relative to cwd: they appear in generated banners, which
 * must be the same on every machine (an absolute path would not be).
 */
export function normalizeInputs(cwd: string, inputs: readonly string[]): string[] {
  return inputs.map((i) => path.relative(cwd, path.resolve(cwd, i)).split(path.sep).join("/") || ".");
}
