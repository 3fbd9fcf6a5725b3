import { booleanOption, defineGeneratorOptions, integerOption } from "../../src/generator-kit/options.js";

/** Options of the `openai` generator, under `openai` in the config. */
export interface OpenAIOptions {
  /**
   * Bring each tool's schema into OpenAI's strict mode (`strict: true`) whenever it allows
   * it; a schema that cannot be is sent as it is, and listed with the reason under
   * `notStrict` in openai.json. Set to false to send every schema as it is.
   * @default true
   */
  strict?: boolean;
  /**
   * Longest function name, an integer from 16 to 64: OpenAI accepts 64 characters, some
   * hosts fewer (Cursor: 60). Longer tool names are shortened, reversibly (the manifest maps
   * each function name back to its tool).
   * @default 64
   */
  nameMaxLength?: number;
}

/** The options of the `openai` generator, with their defaults, documentation and checks. */
export const openaiOptions = defineGeneratorOptions<OpenAIOptions>({
  name: "openai",
  options: {
    strict: booleanOption(true, "Bring schemas into OpenAI's strict mode whenever they allow it."),
    nameMaxLength: integerOption(
      64,
      16,
      64,
      "Longest function name, 16 to 64; some hosts accept fewer characters (Cursor: 60).",
    ),
  },
});
