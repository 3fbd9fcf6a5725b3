/**
 * What one ToolRegistry holds: its tools and its configuration, resolved once from
 * the options. The registry owns it (privately); the call path (execute.ts and the
 * files it uses) reads it, so that dispatch is plain functions over one object.
 */
import { ValidationBudget } from "./call-budget.js";
import type { BacktrackingOptions } from "./patterns/linear-regexp.js";
import { silentLogger, type Logger } from "./logger.js";
import { preview } from "./paths.js";
import type { RegisteredTool } from "./registered-tool.js";
import {
  DEFAULT_TIMEOUT_MS,
  type AuditRecord,
  type OutputValidationMode,
  type ToolRegistryOptions,
  type TrustPolicy,
} from "./tool-types.js";
import { compileSchema, createSchemaCompiler, type SchemaCompiler } from "./validation.js";

/** The registry's configuration and tools, shared with the dispatch functions. */
export class RegistryState {
  readonly tools = new Map<string, RegisteredTool>();
  /** Bumped whenever `tools` changes (see ToolRegistry.revision). */
  revision = 0;
  readonly logger: Logger;
  readonly onAudit: ((record: AuditRecord) => void) | undefined;
  readonly trustPolicy: TrustPolicy | undefined;
  readonly outputValidation: OutputValidationMode;
  readonly defaultTimeoutMs: number;
  readonly strictToolNames: boolean;
  /**
   * Compiles the schemas of tools registered without a validator: the option's; a
   * compiler of this registry's own when it allows backtracking patterns; else the
   * process-wide `compileSchema`, whose cache is keyed by the schema's content (so
   * registries with equal schemas share the compiled validators and one ajv instance,
   * by far the costliest part).
   */
  readonly compile: SchemaCompiler;
  /** Holds validation of large values to its time budget (call-budget.ts). */
  readonly budget: ValidationBudget;
  /** Whether `register` checks the patterns of schemas without a validator (the built-in compiler's). */
  readonly checksPatterns: boolean;
  readonly backtrackingPatterns: BacktrackingOptions | undefined;

  constructor(options: ToolRegistryOptions) {
    this.logger = options.logger ?? silentLogger;
    this.onAudit = options.onAudit;
    this.trustPolicy = options.trustPolicy;
    this.outputValidation = options.outputValidation ?? "error";
    if (!["error", "warn", "off"].includes(this.outputValidation)) {
      throw new TypeError(`outputValidation must be "error", "warn" or "off" (got ${preview(this.outputValidation)})`);
    }
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.strictToolNames = options.strictToolNames ?? false;
    this.backtrackingPatterns = options.backtrackingPatterns;
    this.checksPatterns = options.compileSchema === undefined;
    this.compile =
      options.compileSchema ??
      (options.backtrackingPatterns
        ? createSchemaCompiler({ backtrackingPatterns: options.backtrackingPatterns })
        : compileSchema);
    this.budget = new ValidationBudget(options.validationBudget);
  }
}
