import type { ResolvedConfig } from "../config/types.js";
import type { ToolSpec } from "../ir/types.js";
import { toolKey, type ToolNames } from "../naming/table.js";
import type { GeneratedFile, GeneratorContext } from "./generator.js";

/** What a generator's context is made of; the same on the main thread and on a worker. */
export interface ContextParts {
  tools: readonly ToolSpec[];
  names: ReadonlyMap<string, ToolNames>;
  config: ResolvedConfig;
  generatorVersion: string;
  options: unknown;
  banner: string;
  outputs: ReadonlyMap<string, readonly GeneratedFile[]>;
  report: GeneratorContext["report"];
  memo: GeneratorContext["memo"];
}

/** The context a generator is given (see `GeneratorContext`). */
export function generatorContext(parts: ContextParts): GeneratorContext {
  const { names } = parts;
  return {
    ...parts,
    namesOf(tool: ToolSpec): ToolNames {
      const found = names.get(toolKey(tool));
      if (!found) throw new Error(`no names for the tool "${tool.name}" of module "${tool.module}"`);
      return found;
    },
  };
}
