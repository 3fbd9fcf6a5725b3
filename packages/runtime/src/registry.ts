/**
 * ToolRegistry: registers tool definitions with their handlers and executes
 * MCPToolCalls as validate → execute → result (a call that fails validation or
 * execution becomes a `failure` result).
 *
 * The registry is the collection (SDK v2's `McpServer` keeps its `RegisteredTool`s
 * the same way); the rest of the way lives beside it, imported in one direction:
 * tool-types.ts (the public types), registered-tool.ts (what a registration
 * stores and checks), registry-state.ts (the tools and resolved options),
 * execute.ts (a call from arrival to result) with tool-validation.ts,
 * call-context.ts (the handler's `ctx`), call-failures.ts and call-completion.ts.
 */
import { executeCall, validateCall } from "./execute.js";
import { RegistrationError } from "./errors.js";
import { checkRegisteredPatterns } from "./patterns/schema-patterns.js";
import { createRegisteredTool } from "./registered-tool.js";
import { RegistryState } from "./registry-state.js";
import type {
  ExecuteOptions,
  ToolDefinition,
  ToolHandler,
  ToolRegistryOptions,
  ValidateCallResult,
} from "./tool-types.js";
import type { MCPToolCall, MCPToolResult } from "./types.js";

const TOOL_REGISTRY_BRAND: unique symbol = Symbol.for("@mcp-specgen/runtime.ToolRegistry");

/**
 * True for a {@link ToolRegistry} — also one made by another copy of this package
 * (two installed versions), which `instanceof` would not recognise.
 */
export function isToolRegistry(value: unknown): value is ToolRegistry {
  return (
    typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[TOOL_REGISTRY_BRAND] === true
  );
}

/**
 * An in-memory tool registry with validated, audited, time-limited dispatch.
 * Every tool declares an input schema, registration is idempotent, and tools
 * annotated as destructive are gated by the trust policy.
 *
 * @example
 * const registry = new ToolRegistry({ trustPolicy: () => isTrusted });
 * registry.register({ name: "math.sum", inputSchema, validateInput }, ({ a, b }) => ({ sum: a + b }));
 * const result = await registry.execute({ tool_name: "math.sum", arguments: { a: 1, b: 2 } });
 */
export class ToolRegistry {
  /** Marks registries of every copy of this package (see {@link isToolRegistry}). */
  readonly [TOOL_REGISTRY_BRAND] = true;
  readonly #state: RegistryState;

  constructor(options: ToolRegistryOptions = {}) {
    this.#state = new RegistryState(options);
  }

  /**
   * Registers a tool. Registering the same name again with a deep-equal
   * (key-order-insensitive) input and output schema is a no-op that keeps the
   * first registration (idempotent registration) and returns false.
   * @returns true when the tool was added.
   * @throws RegistrationError for an invalid definition (name, schema, handler…) or
   *   when the name is already registered with a different schema.
   */
  register<A = Record<string, unknown>, R = unknown>(definition: ToolDefinition, handler: ToolHandler<A, R>): boolean {
    const state = this.#state;
    // biome-ignore lint/suspicious/noExplicitAny: the entry stores the handler whatever its argument type
    const entry = createRegisteredTool(definition, handler as ToolHandler<any, unknown>, state.strictToolNames);
    if (state.checksPatterns)
      checkRegisteredPatterns(
        entry.name,
        {
          inputSchema: entry.inputValidator ? undefined : definition.inputSchema,
          outputSchema: entry.outputValidator ? undefined : definition.outputSchema,
        },
        state.backtrackingPatterns,
      );
    const existing = state.tools.get(entry.name);
    if (existing !== undefined) {
      if (existing.schemaKey === entry.schemaKey) return false;
      throw new RegistrationError(`Tool "${entry.name}" is already registered with a different schema`, {
        details: { tool: entry.name },
      });
    }
    state.tools.set(entry.name, entry);
    state.revision++;
    return true;
  }

  /** Removes a tool. @returns true when it was registered. */
  unregister(name: string): boolean {
    const state = this.#state;
    if (!state.tools.delete(name)) return false;
    state.revision++;
    return true;
  }

  /**
   * A number that changes whenever the set of tools does (a tool added by
   * `register` or removed by `unregister`), and only then. Lets callers cache
   * what they derive from {@link list} (the MCP servers cache `tools/list`).
   */
  get revision(): number {
    return this.#state.revision;
  }

  /** True when a tool with this name is registered. */
  has(name: string): boolean {
    return this.#state.tools.has(name);
  }

  /** The definition registered under `name`, or undefined. */
  get(name: string): ToolDefinition | undefined {
    return this.#state.tools.get(name)?.definition;
  }

  /** All definitions, in registration order. */
  list(): ToolDefinition[] {
    return Array.from(this.#state.tools.values(), (entry) => entry.definition);
  }

  /** The number of registered tools. */
  get size(): number {
    return this.#state.tools.size;
  }

  /**
   * Checks a call without running it: envelope shape, tool existence (with
   * suggestions) and arguments against the input schema. Does not consult the
   * trust policy.
   */
  validateCall(call: MCPToolCall<object>): ValidateCallResult {
    return validateCall(this.#state, call);
  }

  /**
   * Executes a call and returns its MCPToolResult. Never throws or rejects: every
   * problem becomes a failure result —
   * malformed call → `ValidationError`; unknown tool → `ToolNotFound` (with
   * suggestions); invalid arguments → `ValidationError` listing every failing field
   * in `error_details.errors`; destructive tool refused → `PermissionError`;
   * handler error → `ToolExecutionError` or the error's own type; time limit →
   * `TimeoutError` (handler signal aborted); caller abort → `Cancelled`; output
   * schema mismatch → `ValidationError` (per `outputValidation`); a result JSON
   * cannot hold (BigInt, cycle, throwing getter — in data, error details or rich
   * content) → `SerializationError`.
   *
   * Handlers may throw or reject with anything (`null`, a Symbol, a Proxy whose
   * traps throw, an object whose getters throw): it becomes a failure result, never
   * an exception or an unhandled rejection. Validation of large values is stopped
   * past the validation budget (`TimeoutError`, see call-budget.ts). What it cannot
   * contain is a handler that never returns control: a synchronous CPU-bound loop
   * blocks the whole event loop (time limits apply to promises only) — run such
   * handlers in a worker thread with `workerHandler` (worker-handler.ts).
   *
   * Typed as `MCPToolCall<object>` so calls with interface-typed arguments are
   * accepted; whatever arrives (e.g. parsed from a transport) is checked at run time.
   */
  execute(call: MCPToolCall<object>, options?: ExecuteOptions): Promise<MCPToolResult> {
    return executeCall(this.#state, call, options);
  }
}
