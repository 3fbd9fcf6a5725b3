import { booleanOption, defineGeneratorOptions } from "../../src/generator-kit/options.js";

/** Options of the `types` generator, under `types` in the config. */
export interface TypesOptions {
  /**
   * Objects without `additionalProperties` are closed: their interfaces get no index
   * signature (`[k: string]: unknown`). Set to false to keep JSON Schema's default, where
   * such objects accept any other property.
   * @default true
   */
  closedObjects?: boolean;
}

/** The options of the `types` generator, with their defaults, documentation and checks. */
export const typesOptions = defineGeneratorOptions<TypesOptions>({
  name: "types",
  options: {
    closedObjects: booleanOption(true, "Objects without `additionalProperties` are closed: no index signature."),
  },
});
