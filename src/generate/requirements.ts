import { GENERATOR_NAMES, type GeneratorName } from "../config/types.js";
import type { Generator } from "./generator.js";
import { GENERATORS } from "../../generators/index.js";
import { UsageError } from "../config/load.js";

/**
 * The generators `names` need, with everything they require (transitively), in the
 * canonical order of GENERATOR_NAMES.
 */
export function generatorClosure(
  names: readonly GeneratorName[],
  generators: Readonly<Record<GeneratorName, Pick<Generator, "requires">>> = GENERATORS,
): GeneratorName[] {
  const needed = new Set<GeneratorName>();
  const visit = (name: GeneratorName) => {
    if (needed.has(name)) return;
    needed.add(name);
    for (const r of generators[name].requires) visit(r);
  };
  for (const n of names) visit(n);
  return GENERATOR_NAMES.filter((n) => needed.has(n));
}

/**
 * Why a set of generators cannot run on its own — some of them import files of a
 * generator that is not in the set, so their output would not compile — or undefined when
 * it can. The message names what is missing and the list to use instead.
 */
export function generatorRequirementsProblem(
  names: readonly GeneratorName[],
  generators: Readonly<Record<GeneratorName, Pick<Generator, "requires">>> = GENERATORS,
): string | undefined {
  const chosen = new Set(names);
  const needs: string[] = [];
  for (const name of GENERATOR_NAMES) {
    if (!chosen.has(name)) continue;
    const missing = generatorClosure([name], generators).filter((r) => !chosen.has(r));
    if (missing.length) needs.push(`the "${name}" generator needs ${quotedList(missing)}`);
  }
  if (!needs.length) return undefined;
  const fix = generatorClosure(names, generators);
  const why =
    needs.length === 1
      ? "its files import theirs and would not compile without them"
      : "their files import those generators' files and would not compile without them";
  return `${needs.join(", ")} (${why}); use generators: [${fix.map((n) => `"${n}"`).join(", ")}]`;
}

function quotedList(names: readonly string[]): string {
  const q = names.map((n) => `"${n}"`);
  return q.length < 2 ? q.join("") : `${q.slice(0, -1).join(", ")} and ${q[q.length - 1]}`;
}

/**
 * Refuses a configuration whose generators need others it leaves out (a `UsageError`, exit
 * code 2, before anything runs). Checked when the generators are loaded rather than in
 * `resolveConfig`, so that reading a config never loads every generator.
 */
export function assertGeneratorSelection(config: {
  generators: readonly GeneratorName[];
  configFile?: string | undefined;
}): void {
  const problem = generatorRequirementsProblem(config.generators);
  if (problem) throw new UsageError(`${config.configFile ?? "config"}: ${problem}`);
}
