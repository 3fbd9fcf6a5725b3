import type { ResolvedConfig } from "../config/types.js";
import { GENERATOR_NAMES, type GeneratorName } from "../generator-kit/names.js";
import { GENERATORS } from "../../generators/index.js";
import { UsageError } from "../config/load.js";
import { generatorOrder, requirementCycle } from "./order.js";

/**
 * What each generator requires, by name, in canonical order: the built-in generators in the
 * order of GENERATOR_NAMES, then the custom generators of a config in the order listed.
 */
export type RequirementTable = ReadonlyMap<string, readonly string[]>;

/** The requirement table of the built-in generators and of `config`'s custom generators. */
export function requirementTable(config?: { customGenerators?: ResolvedConfig["customGenerators"] }): RequirementTable {
  return new Map<string, readonly string[]>([
    ...GENERATOR_NAMES.map((n): [string, readonly string[]] => [n, GENERATORS[n].requires]),
    ...(config?.customGenerators ?? []).map((g): [string, readonly string[]] => [g.name, g.requires ?? []]),
  ]);
}

/**
 * The generators `names` need, with everything they require (transitively), in the
 * canonical order of the table (built-in generators in the order of GENERATOR_NAMES).
 */
export function generatorClosure(names: readonly GeneratorName[]): GeneratorName[];
export function generatorClosure(names: readonly string[], table: RequirementTable): string[];
export function generatorClosure(names: readonly string[], table: RequirementTable = requirementTable()): string[] {
  const needed = new Set<string>();
  const visit = (name: string) => {
    if (needed.has(name)) return;
    needed.add(name);
    for (const r of table.get(name) ?? []) visit(r);
  };
  for (const n of names) visit(n);
  return [...table.keys()].filter((n) => needed.has(n));
}

/**
 * Why a set of generators cannot run on its own — some of them import files of a
 * generator that is not in the set, so their output would not compile — or undefined when
 * it can. The message names what is missing and the list to use instead.
 */
export function generatorRequirementsProblem(
  names: readonly string[],
  table: RequirementTable = requirementTable(),
): string | undefined {
  const chosen = new Set(names);
  const needs: string[] = [];
  for (const name of table.keys()) {
    if (!chosen.has(name)) continue;
    const missing = generatorClosure([name], table).filter((r) => !chosen.has(r));
    if (missing.length) needs.push(`the "${name}" generator needs ${quotedList(missing)}`);
  }
  if (!needs.length) return undefined;
  // In canonical order, each after what it requires (the order they would run in).
  const fix = generatorOrder(generatorClosure(names, table), (name) => table.get(name) ?? []);
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
 * Refuses a configuration whose generators need others it leaves out, or require each other
 * in a cycle (a `UsageError`, exit code 2, before anything runs). Checked when the generators
 * are loaded rather than in `resolveConfig`, so that reading a config never loads every
 * generator.
 */
export function assertGeneratorSelection(config: {
  generators: readonly string[];
  customGenerators?: ResolvedConfig["customGenerators"];
  configFile?: string | undefined;
}): void {
  const table = requirementTable(config);
  // Built-in generators never require custom ones, so only custom ones can form a cycle.
  const cycle = requirementCycle(config.generators, (name) => table.get(name) ?? []);
  const problem = cycle
    ? `generators cannot require each other in a cycle: ${cycle.map((n) => `"${n}"`).join(" requires ")}`
    : generatorRequirementsProblem(config.generators, table);
  if (problem) throw new UsageError(`${config.configFile ?? "config"}: ${problem}`);
}

/**
 * The order to run a config's generators in: each after the generators it requires, and
 * otherwise as listed (see {@link generatorOrder}).
 */
export function runOrder(config: Pick<ResolvedConfig, "generators" | "customGenerators">): string[] {
  const table = requirementTable(config);
  return generatorOrder(config.generators, (name) => table.get(name) ?? []);
}
