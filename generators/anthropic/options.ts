import { booleanOption, defineGeneratorOptions, integerOption } from "../../src/generator-kit/options.js";

/** Options of the `anthropic` generator, under `anthropic` in the config. */
export interface AnthropicOptions {
  /**
   * Send each tool with Anthropic's strict tool use (`strict: true`) whenever its schema
   * allows it: every object closed with `additionalProperties: false`, optional properties
   * staying optional, and constraints strict mode does not support (`minimum`, `maxLength`…)
   * moved into the description. A schema that cannot be (`oneOf`, `allOf`, recursion, maps…)
   * is sent as it is, listed with the reason under `notStrict` in anthropic.json. Set to
   * false to send every schema as it is.
   * @default true
   */
  strict?: boolean;
  /**
   * Longest tool name, an integer from 16 to 64: Anthropic accepts 64 characters, some hosts
   * fewer. Longer tool names are shortened, reversibly (the manifest maps each name back).
   * @default 64
   */
  nameMaxLength?: number;
}

/** The options of the `anthropic` generator, with their defaults, documentation and checks. */
export const anthropicOptions = defineGeneratorOptions<AnthropicOptions>({
  name: "anthropic",
  options: {
    strict: booleanOption(true, "Use Anthropic's strict tool use whenever a schema allows it."),
    nameMaxLength: integerOption(64, 16, 64, "Longest tool name, 16 to 64; some hosts accept fewer characters."),
  },
});
