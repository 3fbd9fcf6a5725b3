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
] as const;

/** The name of a built-in generator. */
export type GeneratorName = (typeof GENERATOR_NAMES)[number];
