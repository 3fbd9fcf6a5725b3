import type { Generator } from "../src/generate/generator.js";
import type { GeneratorName } from "../src/config/types.js";
import { typesGenerator } from "./types/index.js";
import { openaiGenerator } from "./openai/index.js";
import { manifestGenerator } from "./manifest/index.js";
import { validatorsGenerator } from "./validators/index.js";
import { serverGenerator } from "./server/index.js";
import { clientGenerator } from "./client/index.js";

/** Every generator by name; each is IR in → files out. */
export const GENERATORS: Record<GeneratorName, Generator> = {
  types: typesGenerator,
  openai: openaiGenerator,
  manifest: manifestGenerator,
  validators: validatorsGenerator,
  server: serverGenerator,
  client: clientGenerator,
};
