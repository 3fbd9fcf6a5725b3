/**
 * The names of the built-in generators, in their canonical order: what a config lists,
 * what `Generator.requires` may name, and the order the built-in generators are listed in
 * (each still runs after what it requires).
 */
export const GENERATOR_NAMES = [
  "types",
  "validators",
  "server",
  "client",
  "openai",
  "anthropic",
  "gemini",
  "manifest",
  "codemode",
] as const;

/** The name of a built-in generator. */
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

/**
 * Built-in generators that run only when a config lists them: adding one to the project
 * must not change the output of a config that leaves `generators` out.
 */
export const OPT_IN_GENERATOR_NAMES: readonly GeneratorName[] = ["codemode"];

/** The generators a config without `generators` runs, in canonical order: every built-in one but the opt-in ones. */
export const DEFAULT_GENERATOR_NAMES: readonly GeneratorName[] = GENERATOR_NAMES.filter(
  (name) => !OPT_IN_GENERATOR_NAMES.includes(name),
);
