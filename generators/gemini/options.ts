import { defineGeneratorOptions, integerOption } from "../../src/generator-kit/options.js";

/** Options of the `gemini` generator, under `gemini` in the config. */
export interface GeminiOptions {
  /**
   * Longest function name, an integer from 16 to 128. Gemini's names start with a letter or
   * `_` and may hold letters, digits, `_`, `.`, `:` and `-`; the Gemini API takes up to 128
   * characters, Vertex AI and older documentation 64, so 64 is the default. Longer tool names
   * are shortened, reversibly (the manifest maps each name back).
   * @default 64
   */
  nameMaxLength?: number;
}

/** The options of the `gemini` generator, with their defaults, documentation and checks. */
export const geminiOptions = defineGeneratorOptions<GeminiOptions>({
  name: "gemini",
  options: {
    nameMaxLength: integerOption(
      64,
      16,
      128,
      "Longest function name, 16 to 128 (Vertex AI accepts 64); names are shortened reversibly.",
    ),
  },
});
