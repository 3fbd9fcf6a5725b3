/**
 * `workerHandler`: runs a tool handler in a `worker_threads` Worker.
 *
 * Why: the registry's time limit and cancellation work by racing the handler's
 * promise and aborting `ctx.signal`. A handler that computes synchronously for a
 * long time (parsing a huge input, a regex gone exponential, a plain bug like
 * `while (true) {}`) never yields to the event loop, so no timer fires, no other
 * call is answered and the server does not even reply to `ping`. A worker thread
 * has its own event loop: the server stays responsive, and a call past its time
 * limit (or cancelled) is stopped for good with `worker.terminate()`.
 *
 * One worker per call, started fresh: simple, isolated (no state leaks between
 * calls, a crash or an out-of-memory kills only that call) and correct under
 * timeouts. Starting a worker costs far more than an ordinary call, so it is worth
 * it for calls that take much longer than that start; fast handlers are better
 * left on the main thread.
 */
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { ErrorTypes } from "./error-types.js";
import { MCPError } from "./errors.js";
import type { LogLevel } from "./logger.js";
import type { ToolContext, ToolHandler } from "./tool-types.js";
import { makeResult, withContent } from "./result.js";
import type { ContentBlock, MCPErrorDetail, ToolStatus } from "./types.js";

/** Options of {@link workerHandler}. */
export interface WorkerHandlerOptions {
  /** V8 heap and stack limits of each worker. Default: Node's defaults. */
  resourceLimits?: ResourceLimits;
  /**
   * Node options of the worker. Default: the process's own (`process.execArgv`).
   * A TypeScript module needs a loader that also works in workers; otherwise point
   * `moduleUrl` at compiled JavaScript.
   */
  execArgv?: string[];
}

/** The second argument of a function run by {@link workerHandler} (the worker-side `ctx`). */
export interface WorkerToolContext {
  /** The name of the tool being executed. */
  readonly toolName: string;
  /** The caller's call id, if any. */
  readonly callId: string | number | undefined;
  /** Forwarded to the call's `ctx.reportProgress`. */
  reportProgress(progress: number, total?: number, message?: string): void;
  /** Forwarded to the call's `ctx.log`. */
  log(level: LogLevel, data: unknown): void;
}

/** A function a worker can run: exported by name from the module given to {@link workerHandler}. */
export type WorkerToolFunction<A = Record<string, unknown>, R = unknown> = (
  args: A,
  ctx: WorkerToolContext,
) => R | PromiseLike<R>;

/** What the worker posts back (see WORKER_SOURCE). */
type WorkerMessage =
  | { type: "progress"; progress: number; total?: number; message?: string }
  | { type: "log"; level: LogLevel; data: unknown }
  | { type: "result"; branded: false; data: unknown }
  | {
      type: "result";
      branded: true;
      status: ToolStatus;
      data: unknown;
      error: MCPErrorDetail | null | undefined;
      explanation: string | null | undefined;
      content: ContentBlock[] | undefined;
    }
  | { type: "error"; error: { name: string; message: string; errorType?: string; details?: unknown } };

/**
 * The worker's program, evaluated as a CommonJS script (`eval: true`) so that it
 * works the same from TypeScript sources and from the compiled package, with no
 * file to locate next to this one. It imports the handler module, calls the
 * exported function with the cloned arguments and posts back one result or error.
 * Results built with `success()` / `failure()`… are recognised by their brand
 * (a registered symbol) and sent field by field: structured clone drops prototypes.
 */
const WORKER_SOURCE = `"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const BRAND = Symbol.for("mcp-specgen.toolResult");
function post(message) {
  try { parentPort.postMessage(message); return true; } catch { return false; }
}
function describe(err) {
  const out = { name: "Error", message: "The tool failed with an error that could not be read" };
  try {
    if (err !== null && (typeof err === "object" || typeof err === "function")) {
      const type = err.error_type, camel = err.errorType;
      if (typeof type === "string" && type !== "") out.errorType = type;
      else if (typeof camel === "string" && camel !== "") out.errorType = camel;
      const message = typeof err.error_message === "string" ? err.error_message : err.message;
      if (typeof message === "string") out.message = message;
      if (typeof err.name === "string" && err.name !== "") out.name = err.name;
      const details = err.error_details !== undefined ? err.error_details : err.details;
      if (details !== undefined) out.details = details;
    } else {
      out.message = String(err);
    }
  } catch {}
  return out;
}
function fail(err) {
  const error = describe(err);
  if (!post({ type: "error", error })) {
    delete error.details;
    post({ type: "error", error });
  }
}
const ctx = Object.freeze({
  toolName: workerData.toolName,
  callId: workerData.callId,
  reportProgress(progress, total, message) { post({ type: "progress", progress, total, message }); },
  log(level, data) { post({ type: "log", level, data }); },
});
(async () => {
  const mod = await import(workerData.moduleUrl);
  const fn = mod[workerData.exportName];
  if (typeof fn !== "function") {
    throw new TypeError(workerData.moduleUrl + " has no exported function " + JSON.stringify(workerData.exportName));
  }
  const value = await fn(workerData.args, ctx);
  const message = value !== null && typeof value === "object" && value[BRAND] === true
    ? { type: "result", branded: true, status: value.status, data: value.data, error: value.error,
        explanation: value.explanation, content: Array.isArray(value.content) ? value.content : undefined }
    : { type: "result", branded: false, data: value };
  try {
    parentPort.postMessage(message);
  } catch (err) {
    post({ type: "error", error: { name: "DataCloneError", errorType: "SerializationError",
      message: "The result could not be copied out of the worker thread: " + describe(err).message } });
  }
})().catch(fail);
`;

/**
 * A tool handler that runs `exportName` of the module at `moduleUrl` in a fresh
 * worker thread for every call. Use it for CPU-bound handlers: on the main thread
 * they block every other call (and `ping`), and time limits cannot stop them.
 *
 * - The arguments and `{toolName, callId}` reach the worker by structured clone;
 *   the worker-side function gets a {@link WorkerToolContext} (progress and log
 *   messages are forwarded to the call's `ctx`).
 * - It returns data, or a result built with `success()` / `failure()` /
 *   `withContent()`… (kept as such); a throw or rejection keeps its `error_type` /
 *   `errorType`, message and details, like on the main thread.
 * - When the call's time limit passes or the call is cancelled (`ctx.signal`),
 *   the worker is terminated at once, whatever it is doing; the call fails with
 *   `TimeoutError` / `Cancelled` as usual. Set the limit with the tool's or the
 *   registry's `timeoutMs`.
 * - The worker's stdout goes to the process's stderr: stdout may carry the stdio
 *   transport's messages.
 *
 * @param moduleUrl a `file:` URL (e.g. `new URL("./tools/heavy.js", import.meta.url)`)
 *   or an absolute path of an ES module or CommonJS file Node can load in a worker.
 * @param exportName the exported function to call. Default `"default"`.
 * @throws TypeError at once for a relative path or an empty export name.
 *
 * @example
 * ```ts
 * // heavy.js: export function primes({ below }, ctx) { ... }
 * registry.register({ name: "primes", inputSchema, timeoutMs: 5_000 },
 *   workerHandler(new URL("./heavy.js", import.meta.url), "primes"));
 * ```
 */
export function workerHandler<A = Record<string, unknown>, R = unknown>(
  moduleUrl: string | URL,
  exportName = "default",
  options: WorkerHandlerOptions = {},
): ToolHandler<A, R> {
  const href = toModuleHref(moduleUrl);
  if (typeof exportName !== "string" || exportName === "")
    throw new TypeError("workerHandler: exportName must be a non-empty string");
  return (args: A, ctx: ToolContext) => runInWorker<R>(href, exportName, options, args, ctx);
}

/** The module's URL as a string; relative paths are refused (relative to what?). */
function toModuleHref(moduleUrl: string | URL): string {
  if (moduleUrl instanceof URL) return moduleUrl.href;
  if (typeof moduleUrl !== "string") throw new TypeError("workerHandler: moduleUrl must be a URL or a string");
  if (isAbsolute(moduleUrl)) return pathToFileURL(moduleUrl).href;
  if (/^[a-z][a-z0-9+.-]+:/i.test(moduleUrl)) return moduleUrl; // file:, data:, node:…
  throw new TypeError(`workerHandler: moduleUrl must be a URL or an absolute path (got ${JSON.stringify(moduleUrl)})`);
}

function runInWorker<R>(
  moduleUrl: string,
  exportName: string,
  options: WorkerHandlerOptions,
  args: unknown,
  ctx: ToolContext,
): Promise<R> {
  const signal = ctx.signal;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<R>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { moduleUrl, exportName, args, toolName: ctx.toolName, callId: ctx.callId },
        resourceLimits: options.resourceLimits,
        execArgv: options.execArgv,
        stdout: true, // not piped to our stdout automatically: see below
      });
    } catch (err) {
      // E.g. arguments structured clone cannot copy (only possible in process: JSON always can).
      reject(err);
      return;
    }
    // Not pipe(): that adds listeners to process.stderr per worker (a leak warning past ten calls in flight).
    worker.stdout.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    let done = false;
    const finish = (): void => {
      done = true;
      signal.removeEventListener("abort", onAbort);
      // Also ends a worker that returned but left timers or handles open.
      worker.terminate().catch(() => undefined);
    };
    const onAbort = (): void => {
      if (done) return;
      finish();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort);
    worker.on("message", (message: WorkerMessage) => {
      if (done) return;
      switch (message.type) {
        case "progress":
          ctx.reportProgress(message.progress, message.total, message.message);
          return;
        case "log":
          ctx.log(message.level, message.data);
          return;
        case "result":
          finish();
          resolve(resultOf(message) as R);
          return;
        case "error":
          finish();
          reject(errorOf(message.error));
          return;
      }
    });
    // An uncaught exception in the worker, or ERR_WORKER_OUT_OF_MEMORY.
    worker.on("error", (err: unknown) => {
      if (done) return;
      finish();
      reject(err);
    });
    worker.on("exit", (code: number) => {
      if (done) return;
      finish();
      reject(
        new MCPError(`The worker thread of tool "${ctx.toolName}" exited (code ${code}) without a result`, {
          errorType: ErrorTypes.ToolExecutionError,
        }),
      );
    });
  });
}

/** The handler's return value rebuilt on this side (branded results get their brand back). */
function resultOf(message: Extract<WorkerMessage, { type: "result" }>): unknown {
  if (!message.branded) return message.data;
  const result = makeResult(message.status, message.data, message.error, message.explanation);
  return message.content === undefined ? result : withContent(result, message.content);
}

/** What the worker threw, as an MCPError with the same type, message and details. */
function errorOf(error: { name: string; message: string; errorType?: string; details?: unknown }): MCPError {
  const details =
    error.details !== undefined
      ? (error.details as MCPErrorDetail["error_details"])
      : error.errorType === undefined && error.name !== "Error"
        ? { exception: error.name }
        : undefined;
  return new MCPError(error.message, { errorType: error.errorType ?? ErrorTypes.ToolExecutionError, details });
}
