/**
 * The code-mode binding: the functions a model's program calls (`taskTracker.createTask(args)`,
 * as the generated `codemode/api.d.ts` declares them), bound to live tools — a generated
 * client, a registry in this process, or any transport. Each function resolves with the
 * tool's result data and throws a {@link ToolError}, whose `code` is the MCPErrorDetail's
 * `error_type`, when the call fails: a program can branch on it.
 */
import { errorToDetail, ToolCallError } from "./errors.js";
import { isToolRegistry, type ToolRegistry } from "./registry.js";
import {
  createToolCaller,
  inProcessTransport,
  type CallOptions,
  type ToolCallerOptions,
  type ToolTransport,
} from "./transport.js";
import type { MCPErrorDetail, MCPToolResult } from "./types.js";

/** Each module's functions and the wire name of the tool each one calls (the generated `surface`). */
export type ToolSurface = { readonly [module: string]: { readonly [fn: string]: string } };

/**
 * A generated client (`createClient(transport)` of client.ts): a method per tool, by module,
 * resolving with the result data and throwing a ToolCallError on failure.
 */
export type ToolApiClient = {
  readonly [module: string]: { readonly [fn: string]: (args: never, options?: CallOptions) => Promise<unknown> };
};

/** What the API calls: a generated client, a registry in this process, or a transport. */
export type ToolApiTarget = ToolApiClient | ToolRegistry | ToolTransport;

/** Options of {@link createToolApi}. */
export interface ToolApiOptions extends ToolCallerOptions {
  /**
   * Aborts every call made through the API (with a call's own signal, whichever aborts
   * first): the signal of a sandbox's time limit, so that a stopped program leaves no call
   * running.
   */
  signal?: AbortSignal;
  /** The time limit of each call in milliseconds, unless the call gives its own. */
  timeoutMs?: number;
}

/**
 * What a call made through the code-mode API throws when it fails, whatever the cause: a
 * failure result of the tool, a refused call, a transport that broke. `code` is the
 * MCPErrorDetail's `error_type` (a code the tool documents, or `ValidationError`,
 * `PermissionError`, `TimeoutError`, `ToolNotFound`, `TransportError`…), `tool` the wire
 * name called, `detail` the whole MCPErrorDetail.
 */
export class ToolError extends ToolCallError {
  /** The MCPErrorDetail's `error_type`. */
  readonly code: string;
  /** The wire name of the tool that was called. */
  readonly tool: string;

  constructor(tool: string, detail: MCPErrorDetail, options?: { result?: MCPToolResult; cause?: unknown }) {
    super(detail, options);
    this.code = detail.error_type;
    this.tool = tool;
  }
}

Object.defineProperty(ToolError.prototype, "name", {
  value: "ToolError",
  writable: true,
  configurable: true,
  enumerable: false,
});

/** Any failure of a call as a ToolError of the tool called. */
function toolError(tool: string, error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  if (error instanceof ToolCallError) return new ToolError(tool, error.detail, { result: error.result, cause: error });
  return new ToolError(tool, errorToDetail(error), { cause: error });
}

type Invoke = (args: object, options: CallOptions) => Promise<unknown>;

/** How each function reaches its tool, from the target. */
function invokers(
  target: ToolApiTarget,
  options: ToolApiOptions,
): (module: string, fn: string, tool: string) => Invoke {
  if (typeof target === "function" || isToolRegistry(target)) {
    const transport = typeof target === "function" ? target : inProcessTransport(target);
    const caller = createToolCaller(transport, options);
    return (_module, _fn, tool) => (args, callOptions) => caller.data(tool, args, callOptions);
  }
  return (module, fn) => {
    const methods = Object.hasOwn(target, module) ? target[module] : undefined;
    const method = methods && Object.hasOwn(methods, fn) ? methods[fn] : undefined;
    if (typeof method !== "function")
      throw new TypeError(
        `createToolApi: the client has no function ${module}.${fn}; pass the client generated from the same specs as the surface`,
      );
    return (args, callOptions) => (method as unknown as Invoke).call(methods, args, callOptions);
  };
}

/** A call's options with the API's defaults: its own time limit first, both signals. */
function callOptionsWith(defaults: ToolApiOptions, own: CallOptions | undefined): CallOptions {
  const merged: CallOptions = { ...own };
  if (merged.timeoutMs === undefined && defaults.timeoutMs !== undefined) merged.timeoutMs = defaults.timeoutMs;
  if (defaults.signal)
    merged.signal = merged.signal ? AbortSignal.any([defaults.signal, merged.signal]) : defaults.signal;
  return merged;
}

/**
 * Binds a code-mode API: for each module of `surface` an object of functions, each calling
 * its tool through `target` — a generated client (`createClient(transport)`), a
 * `ToolRegistry` in this process, or a `ToolTransport`. A function takes the tool's
 * arguments (none for a tool that needs none) and per-call options, resolves with the
 * result data (checked against the output schema by the client, the registry, or
 * `options.validateResult`), and throws a {@link ToolError} when the call fails.
 *
 * The objects are frozen and have no prototype, so a program cannot change what another
 * call finds. That is no sandbox: see docs/codemode.md for where to run a program you do
 * not trust.
 *
 * @typeParam Api the generated `ToolApi` (codemode/index.ts), whose `createApi` calls this.
 */
export function createToolApi<Api = { [module: string]: { [fn: string]: (args?: object) => Promise<unknown> } }>(
  surface: ToolSurface,
  target: ToolApiTarget,
  options: ToolApiOptions = {},
): Api {
  const invoker = invokers(target, options);
  const api: Record<string, unknown> = Object.create(null);
  for (const module of Object.keys(surface)) {
    const functions: Record<string, unknown> = Object.create(null);
    const names = surface[module]!;
    for (const fn of Object.keys(names)) {
      const tool = names[fn]!;
      const invoke = invoker(module, fn, tool);
      functions[fn] = async (args?: unknown, callOptions?: CallOptions): Promise<unknown> => {
        try {
          // No arguments for a tool that needs none: the tool still gets an object.
          return await invoke((args ?? {}) as object, callOptionsWith(options, callOptions));
        } catch (error) {
          throw toolError(tool, error);
        }
      };
    }
    api[module] = Object.freeze(functions);
  }
  return Object.freeze(api) as Api;
}
