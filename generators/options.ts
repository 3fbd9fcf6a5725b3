// The options of the built-in generators that have some — each declared, with its defaults
// and documentation, in generators/<name>/options.ts — without any generator code: src/config/
// reads configs with this alone. A generator with options is listed here under its name,
// which is also the config key of its options.
import type { ResolvedOptionsOf, UserOptionsOf } from "../src/generator-kit/options.js";
import { anthropicOptions } from "./anthropic/options.js";
import { geminiOptions } from "./gemini/options.js";
import { openaiOptions } from "./openai/options.js";
import { typesOptions } from "./types/options.js";

/** The options declaration of each built-in generator that has options, by name, in canonical order. */
export const GENERATOR_OPTIONS = {
  /** Options of the `types` generator (the `<Name>Args` / `<Name>Result` interfaces). */
  types: typesOptions,
  /** Options of the `openai` generator (openai.json, vendors/openai.ts). */
  openai: openaiOptions,
  /** Options of the `anthropic` generator (anthropic.json, vendors/anthropic.ts). */
  anthropic: anthropicOptions,
  /** Options of the `gemini` generator (gemini.json, vendors/gemini.ts). */
  gemini: geminiOptions,
} as const;

type Definitions = typeof GENERATOR_OPTIONS;

/** The built-in generators that have options; each one's options sit under its name in the config. */
export type GeneratorWithOptions = keyof Definitions;

/** The options of every built-in generator that has some, as a config writes them (all optional). */
export type GeneratorsUserOptions = { [N in keyof Definitions]?: UserOptionsOf<Definitions[N]> };

/** The options of every built-in generator that has some, with every default applied. */
export type GeneratorsResolvedOptions = { [N in keyof Definitions]: ResolvedOptionsOf<Definitions[N]> };

/** The built-in generators that have options, in canonical order. */
export function generatorsWithOptions(): GeneratorWithOptions[] {
  return Object.keys(GENERATOR_OPTIONS) as GeneratorWithOptions[];
}
