import { ToolCallError } from "./errors.js";
import type { ToolRegistry } from "./registry.js";
import type { MCPToolCall, MCPToolResult } from "./types.js";

/** Per-call options of a client call. */
export interface CallOptions {
  /** Aborts the call; the tool's handler sees its signal aborted. */
  signal?: AbortSignal;
  /** Time limit for this call in milliseconds. */
  timeoutMs?: number;
  /** Receives progress notifications the tool reports. */
  onProgress?: (progress: number, total?: number, message?: string) => void;
}

/**
 * How a generated client reaches tools: anything that takes an MCPToolCall and answers
 * with an MCPToolResult — the in-process registry, MCP over stdio, Streamable HTTP…
 * A transport resolves with failure results for tool-level errors; it rejects only when
 * the transport itself breaks (TransportError).
 */
export type ToolTransport = (call: MCPToolCall, options: CallOptions) => Promise<MCPToolResult>;

/** A transport that calls a registry in the same process (no serialisation). */
export function inProcessTransport(registry: ToolRegistry): ToolTransport {
  return (call, options) => registry.execute(call, options);
}

/**
 * The calls a generated client makes. `data` returns the result's data and throws a
 * ToolCallError (carrying the MCPErrorDetail) when the tool fails; `raw` returns the
 * whole MCPToolResult.
 */
export interface ToolCaller {
  data<R>(toolName: string, args: object, options?: CallOptions): Promise<R>;
  raw<R>(toolName: string, args: object, options?: CallOptions): Promise<MCPToolResult<R>>;
}

const NO_OPTIONS: CallOptions = {};

/** Builds the caller generated clients delegate to. */
export function createToolCaller(transport: ToolTransport): ToolCaller {
  return {
    async data<R>(toolName: string, args: object, options?: CallOptions): Promise<R> {
      const result = await transport(
        { tool_name: toolName, arguments: args as Record<string, unknown> },
        options ?? NO_OPTIONS,
      );
      if (result.status === "failure") {
        throw new ToolCallError(
          result.error ?? {
            error_type: "ToolExecutionError",
            error_message: result.explanation ?? `${toolName} failed`,
          },
          { result },
        );
      }
      return (result.data ?? null) as R;
    },
    raw<R>(toolName: string, args: object, options?: CallOptions): Promise<MCPToolResult<R>> {
      return transport(
        { tool_name: toolName, arguments: args as Record<string, unknown> },
        options ?? NO_OPTIONS,
      ) as Promise<MCPToolResult<R>>;
    },
  };
}
