import type { ToolSpec } from "../ir/types.js";
import { type Dialect, type DialectGroup, groupOfDialect, schemaDialect } from "../schema/ajv.js";
import type { GeneratorContext } from "./contract.js";

/** What generators need of a schema's dialect: the dialect ajv reads it in, and its validators group. */
export interface SchemaDialectFacts {
  dialect: Dialect;
  group: DialectGroup;
}

/** The dialect facts of a tool's input and output schemas (see {@link toolDialects}). */
export interface ToolDialects {
  input: SchemaDialectFacts;
  output: SchemaDialectFacts | undefined;
}

function factsOf(schema: ToolSpec["inputSchema"]): SchemaDialectFacts {
  const decided = schemaDialect(schema);
  return { dialect: decided.dialect, group: groupOfDialect(decided) };
}

/**
 * The dialect of each of a tool's schemas, decided once per build for every generator that
 * asks (types, validators, client, server): deciding it walks the whole schema.
 */
export function toolDialects(ctx: Pick<GeneratorContext, "shared">, tool: ToolSpec): ToolDialects {
  return ctx.shared(tool, "schema dialects", () => ({
    input: factsOf(tool.inputSchema),
    output: tool.outputSchema ? factsOf(tool.outputSchema) : undefined,
  }));
}
