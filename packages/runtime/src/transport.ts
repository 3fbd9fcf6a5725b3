import {
  readIssues,
  ValidationBudget,
  ValidationStopped,
  validationStoppedResult,
  type ValidationBudgetOptions,
} from "./call-budget.js";
import { ErrorTypes } from "./error-types.js";
import { ToolCallError } from "./errors.js";
import { describeIssues, issueToJson } from "./messages.js";
import type { ToolRegistry } from "./registry.js";
import { getContent, makeResult, withContent } from "./result.js";
import type { ClientToolResult, MCPToolCall, MCPToolResult, ValidationIssue } from "./types.js";
import type { ValidateFunction } from "./validation.js";

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
 * ToolCallError (carrying the MCPErrorDetail and the result) when the tool fails; `raw`
 * returns the whole result, content blocks included ({@link ClientToolResult}).
 */
export interface ToolCaller {
  data<R>(toolName: string, args: object, options?: CallOptions): Promise<R>;
  raw<R>(toolName: string, args: object, options?: CallOptions): Promise<ClientToolResult<R>>;
}

/** Options of {@link createToolCaller}. */
export interface ToolCallerOptions {
  /**
   * The validator of a tool's result data, looked up by wire name (`undefined`: the tool's
   * data is not checked). The data of every result that is not a failure — null included,
   * as the registry checks it — must pass (or, wrapped as `{result: …}` by an SDK v2
   * server for a 2025 client, its `result`), else the call fails with a
   * `ValidationError`: the caller's types promise that data, and a server one does not
   * control can send anything. Generated clients pass their precompiled output validators.
   */
  validateResult?: (toolName: string) => ValidateFunction | undefined;
  /**
   * How long checking one result may hold the event loop, as the registry's option of the
   * same name (see call-budget.ts): a result of size `minSize` or more (default 1024) is
   * validated under a `timeoutMs` timeout (default 500), and a stopped check fails the call
   * with a `TimeoutError`.
   */
  validationBudget?: ValidationBudgetOptions;
}

const NO_OPTIONS: CallOptions = {};

/**
 * Builds the caller generated clients delegate to. With `options.validateResult`, results
 * whose data does not conform to the tool's output schema become `ValidationError` failures
 * (`data` throws them as a ToolCallError; `raw` returns them).
 */
export function createToolCaller(transport: ToolTransport, options: ToolCallerOptions = {}): ToolCaller {
  const lookup = options.validateResult;
  const budget = lookup === undefined ? undefined : new ValidationBudget(options.validationBudget);
  const call = (toolName: string, args: object, callOptions: CallOptions | undefined): Promise<MCPToolResult> => {
    const pending = transport(
      { tool_name: toolName, arguments: args as Record<string, unknown> },
      callOptions ?? NO_OPTIONS,
    );
    if (lookup === undefined) return pending;
    const validate = lookup(toolName);
    return validate === undefined || budget === undefined
      ? pending
      : pending.then((result) => checkResultData(toolName, result, validate, budget));
  };
  return {
    async data<R>(toolName: string, args: object, options?: CallOptions): Promise<R> {
      const result = await call(toolName, args, options);
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
    raw<R>(toolName: string, args: object, options?: CallOptions): Promise<ClientToolResult<R>> {
      return call(toolName, args, options) as Promise<ClientToolResult<R>>;
    },
  };
}

/** `result` with `data` as its data, its content blocks kept (a spread would lose them: they are not enumerable). */
function unwrapped(result: MCPToolResult, data: unknown): MCPToolResult {
  const copy = makeResult(result.status, data, result.error, result.explanation);
  const content = getContent(result);
  return content === undefined ? copy : withContent(copy, content);
}

function isResultWrapper(value: unknown): value is { result: unknown } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "result";
}

/** The `TimeoutError` failure of a result whose check ran past the budget. */
function stoppedResult(toolName: string, stopped: ValidationStopped): MCPToolResult {
  return validationStoppedResult(toolName, "result", stopped, Infinity, "the client's validationBudget.timeoutMs");
}

/** Most issues a result validation failure reports (a huge wrong result must not make a huge error). */
const MAX_REPORTED_ISSUES = 100;

/**
 * `result` itself unless it is not a failure and its data fails `validate`;
 * then a `ValidationError` failure naming the tool and the issues (with the offending
 * values) — or a `TimeoutError` failure when the check ran past the budget. The data
 * itself is dropped: it is what could not be trusted.
 */
function checkResultData(
  toolName: string,
  result: MCPToolResult,
  validate: ValidateFunction,
  budget: ValidationBudget,
): MCPToolResult {
  if (result.status === "failure") return result;
  const data = result.data ?? null; // validators see JSON: an absent value is null
  let issues: ValidationIssue[];
  try {
    const verdict = budget.check(validate, data, Infinity);
    if (verdict === true) return result;
    if (verdict instanceof ValidationStopped) return stoppedResult(toolName, verdict);
    issues = readIssues(validate, data, MAX_REPORTED_ISSUES + 1).issues;
    // SDK v2 servers answer 2025 clients with non-object data wrapped as
    // `structuredContent: {result: …}` (MCP 2025 wants an object there): when the
    // wrapped value is what the schema describes, it is the data.
    if (isResultWrapper(data)) {
      const wrapped = budget.check(validate, data.result, Infinity);
      if (wrapped === true) return unwrapped(result, data.result);
      if (wrapped instanceof ValidationStopped) return stoppedResult(toolName, wrapped);
    }
  } catch (err) {
    // A broken validator (or data no JSON parser makes): the data was not shown valid.
    return makeResult("failure", null, {
      error_type: ErrorTypes.ValidationError,
      error_message: `The result of tool "${toolName}" could not be validated: ${err instanceof Error ? err.message : String(err)}`,
      error_details: { tool_name: toolName },
    });
  }
  const truncated = issues.length > MAX_REPORTED_ISSUES;
  if (truncated) issues = issues.slice(0, MAX_REPORTED_ISSUES);
  const details: Record<string, unknown> = {
    tool_name: toolName,
    status: result.status,
    errors: issues.map(issueToJson),
  };
  if (truncated) details.truncated = true;
  return makeResult("failure", null, {
    error_type: ErrorTypes.ValidationError,
    error_message: `The server's result for tool "${toolName}" does not match its output schema: ${describeIssues(issues)}${truncated ? "; and more" : ""}`,
    error_details: details,
  });
}
