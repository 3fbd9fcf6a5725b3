/**
 * mcp-specgen's programmatic API. The runtime that generated code imports is the separate
 * `@mcp-specgen/runtime` package.
 */
export { defineConfig, defineGenerator } from "./config/define.js";
export type { UserConfig, ResolvedConfig } from "./config/types.js";
export type { GeneratorName } from "./generator-kit/names.js";
export type { ServerOptions } from "./config/server.js";
export { loadConfig, resolveConfig } from "./config/load.js";
export { runPipeline, type PipelineResult, type PipelineOptions } from "./build/pipeline.js";
/**
 * What is kept between the builds of a long-lived process (`generate --watch`, a dev
 * server): give one to `runPipeline({ session })` for every build, and call `sweep()` after
 * each successful one. Without it, each `runPipeline` call keeps nothing.
 */
export { BuildSession } from "./session/build-session.js";
export { loadSpecs } from "./inputs/load-specs-sync.js";
export { parseSpecText } from "./parse/index.js";
export { DEFAULT_LIMITS, type SpecLimits } from "./parse/limits.js";
export { validateTools } from "./validate/index.js";
export type {
  ToolSpec,
  SpecSet,
  JsonSchema,
  JsonValue,
  SourceLocation,
  ToolAnnotations,
  ToolExample,
} from "./ir/types.js";
export { DiagnosticBag, type Diagnostic, type Severity } from "./diagnostics/types.js";
/** Compare two versions of a tool set (what `mcp-specgen diff` does), and render the changes as a changelog. */
export { diffToolSets, type DiffOptions } from "./diff/compare-tools.js";
export { diffChangelog } from "./diff/changelog.js";
export type { Change, DiffResult, Impact } from "./contract-rules/types.js";
/** Rewrite a Markdown spec into the canonical layout without changing its meaning (what `mcp-specgen fmt` does). */
export { formatSpec, type FormatResult, type Refusal } from "./fmt/format.js";
export { formatDiagnostic } from "./diagnostics/format.js";
export type { Generator, GeneratedFile, GeneratorContext, GeneratorDiagnostic } from "./generator-kit/contract.js";
export type { CustomGenerator, CustomGeneratorContext } from "./config/types.js";
export type { ToolNames } from "./naming/table.js";
/** The whole text of a generated file (its `contents`, joined when it is a list of strings). */
export { fileText } from "./generator-kit/contract.js";
export type { TypesOptions } from "../generators/types/options.js";
export type { OpenAIOptions } from "../generators/openai/options.js";
export type { AnthropicOptions } from "../generators/anthropic/options.js";
export type { GeminiOptions } from "../generators/gemini/options.js";
export { main } from "./cli/main.js";
