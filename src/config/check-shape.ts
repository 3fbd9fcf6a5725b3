import { generatorsWithOptions, type GeneratorWithOptions } from "../../generators/options.js";
import { closestName } from "../naming/closest.js";
import type { UserConfig } from "./types.js";

/**
 * The top-level options a config may set besides each built-in generator's options (which
 * sit under the generator's name); `$schema` lets a JSON config name a schema for editors.
 */
const TOP_LEVEL_OPTIONS = [
  "inputs",
  "outDir",
  "generators",
  "naming",
  "server",
  "limits",
  "backtrackingPatterns",
  "diff",
] as const satisfies ReadonlyArray<keyof UserConfig>;

// Fails to compile when UserConfig gains an option that TOP_LEVEL_OPTIONS does not list.
type Unlisted = Exclude<keyof UserConfig, (typeof TOP_LEVEL_OPTIONS)[number] | GeneratorWithOptions>;
const everyOptionListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyOptionListed;

/**
 * What is wrong with the shape of a config's default export, or undefined: it must be an
 * object; every key must be an option (a misspelt one gets a "did you mean"); `inputs` a
 * list of paths and `outDir` a path. The other options are checked where they are resolved
 * (the generators, naming, server, limits, patterns and each generator's options), with
 * messages of the same form: the option, what it must be, and what it is.
 */
export function configShapeProblem(user: unknown): string | undefined {
  if (typeof user !== "object" || user === null || Array.isArray(user))
    return `the config must be an object of options, as defineConfig({ … }) takes (got ${describeValue(user)})`;
  const known: string[] = [...TOP_LEVEL_OPTIONS, ...generatorsWithOptions()];
  for (const key of Object.keys(user)) {
    if (key === "$schema" || known.includes(key)) continue;
    const near = closestName(key, known);
    return `unknown option "${key}"${near ? ` (did you mean "${near}"?)` : ""}; the options are ${known.join(", ")}`;
  }
  const { inputs, outDir } = user as Record<string, unknown>;
  if (inputs !== undefined) {
    if (!Array.isArray(inputs))
      return `inputs must be a list of spec files or directories, such as ["specs"] (got ${describeValue(inputs)})`;
    if (inputs.length === 0)
      return 'inputs is an empty list: name the spec files or directories, or leave it out for ["specs"]';
    const bad = inputs.findIndex((i) => typeof i !== "string" || i === "");
    if (bad !== -1) return `inputs[${bad}] must be a non-empty path string (got ${describeValue(inputs[bad])})`;
  }
  if (outDir !== undefined && (typeof outDir !== "string" || outDir === ""))
    return `outDir must be a non-empty path string, such as "generated" (got ${describeValue(outDir)})`;
  return undefined;
}

/** A value as a message names it: `the string "specs"`, `the number 42`, `a list`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case "number":
    case "boolean":
    case "bigint":
      return `the ${typeof value} ${String(value)}`;
    case "undefined":
      return "nothing";
    case "function":
      return "a function";
    default:
      return typeof value === "object" ? "an object" : typeof value;
  }
}
