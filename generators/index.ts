import type { Generator } from "../src/generator-kit/contract.js";
import type { GeneratorName } from "../src/generator-kit/names.js";
import { typesGenerator } from "./types/index.js";
import { openaiGenerator } from "./openai/index.js";
import { anthropicGenerator } from "./anthropic/index.js";
import { geminiGenerator } from "./gemini/index.js";
import { manifestGenerator } from "./manifest/index.js";
import { validatorsGenerator } from "./validators/index.js";
import { serverGenerator } from "./server/index.js";
import { clientGenerator } from "./client/index.js";
import { codemodeGenerator } from "./codemode/index.js";

/** Every generator by name; each is IR in → files out. */
export const GENERATORS: Record<GeneratorName, Generator> = {
  types: typesGenerator,
  openai: openaiGenerator,
  anthropic: anthropicGenerator,
  gemini: geminiGenerator,
  manifest: manifestGenerator,
  validators: validatorsGenerator,
  server: serverGenerator,
  client: clientGenerator,
  codemode: codemodeGenerator,
};
