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
   * Also send in strict mode a tool with an optional property whose schema already accepts
   * `null`. Strict mode makes every optional property required and nullable, so a model
   * sends `null` for what it leaves out; for such a property that `null` is a valid value
   * too, and the way back cannot tell "left out" from "set to null" (it keeps the null). By
   * default such a tool is sent without strict mode, and an info (VENDOR_STRICT_REFUSED,
   * `generate --verbose`) names the property.
   * @default false
   */
  strictNullableOptionals?: boolean;
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
    strictNullableOptionals: booleanOption(
      false,
      "Strict mode also for tools with an optional property that accepts null (left out and null then look the same).",
    ),
    nameMaxLength: integerOption(
      64,
      16,
      64,
      "Longest function name, 16 to 64; some hosts accept fewer characters (Cursor: 60).",
    ),
  },
});
