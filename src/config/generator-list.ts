import { GENERATOR_NAMES } from "../generator-kit/names.js";
import type { CustomGenerator } from "./types.js";

/** The generators a config's `generators` lists: their names in order, and the custom ones. */
export interface GeneratorSelection {
  names: string[];
  custom: Array<CustomGenerator<unknown>>;
}

/** What a custom generator's name may be: it shows in messages, progress lines and timings. */
const CUSTOM_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * Checks a config's `generators` — built-in names and `defineGenerator({ … })` objects — and
 * returns the selection, or the problem (unknown, repeated or badly defined generators, a
 * `requires` naming no generator of the list or the built-in ones). Undefined means every
 * built-in generator. Whether each generator's requirements are in the list, and in no cycle,
 * is checked when the generators run (see requirements.ts), not here.
 */
export function resolveGeneratorList(list: unknown): { selection: GeneratorSelection } | { problem: string } {
  if (list === undefined) return { selection: { names: [...GENERATOR_NAMES], custom: [] } };
  if (!Array.isArray(list))
    return { problem: "generators must be a list of generator names and defineGenerator({ … }) objects" };
  const names: string[] = [];
  const custom: Array<CustomGenerator<unknown>> = [];
  for (const [i, entry] of list.entries()) {
    if (typeof entry === "string") {
      if (!(GENERATOR_NAMES as readonly string[]).includes(entry))
        return { problem: `unknown generator "${entry}" (known: ${GENERATOR_NAMES.join(", ")})` };
      names.push(entry);
      continue;
    }
    const problem = customGeneratorProblem(entry, i);
    if (problem) return { problem };
    custom.push(entry as CustomGenerator<unknown>);
    names.push((entry as CustomGenerator<unknown>).name);
  }
  if (names.length === 0)
    return {
      problem:
        "generators is empty, so nothing would be generated (and every earlier output removed); list the generators to run, or leave the option out to run them all",
    };
  const repeated = names.find((g, i) => names.indexOf(g) !== i);
  if (repeated) return { problem: `generator "${repeated}" is listed twice in generators` };
  for (const generator of custom)
    for (const required of generator.requires ?? [])
      if (!names.includes(required) && !(GENERATOR_NAMES as readonly string[]).includes(required))
        return {
          problem: `the "${generator.name}" generator requires "${required}", which is neither a built-in generator (${GENERATOR_NAMES.join(", ")}) nor a custom generator in generators`,
        };
  return { selection: { names, custom } };
}

/** Why an entry of `generators` that is not a name is no custom generator, or undefined when it is one. */
function customGeneratorProblem(entry: unknown, index: number): string | undefined {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry))
    return `generators[${index}] is neither a generator name nor a defineGenerator({ … }) object`;
  const { name, requires, generate } = entry as Record<string, unknown>;
  if (typeof name !== "string" || !CUSTOM_NAME.test(name))
    return `generators[${index}]: a custom generator's name must be 1 to 64 lower-case letters, digits and "-", starting with a letter (got ${describe(name)})`;
  if ((GENERATOR_NAMES as readonly string[]).includes(name))
    return `the custom generator "${name}" has the name of a built-in generator; give it another name`;
  if (typeof generate !== "function") return `the custom generator "${name}" has no generate function`;
  if (requires !== undefined && !(Array.isArray(requires) && requires.every((r) => typeof r === "string")))
    return `the custom generator "${name}": requires must be a list of generator names`;
  return undefined;
}

function describe(value: unknown): string {
  try {
    return typeof value === "string" ? JSON.stringify(value) : value === undefined ? "no name" : typeof value;
  } catch {
    return typeof value;
  }
}
