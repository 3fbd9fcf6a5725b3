/**
 * The validation budget: how long checking one call's arguments (or one result) may
 * hold the event loop.
 *
 * Validation is synchronous JavaScript on the server's only thread: while it runs, no
 * other call, no `ping` and no timer is served, and no time limit can fire. It is
 * linear in the input for most schemas, but not for all of them: `uniqueItems` over
 * objects in a schema registered at run time compares every pair, a few `format`
 * checks backtrack (ajv-formats' `url` is quadratic), and `oneOf` / `anyOf` branches
 * that recurse into the same value multiply. A size limit on messages bounds none of
 * these well, so validation of anything but a small value runs under a timeout instead:
 * `vm`'s `timeout` option, which has a thread of its own terminate the running script
 * when time is up — it interrupts regular expressions and loops alike — and turns that
 * into an exception. Validators keep no state across calls beyond `validate.errors`,
 * which the next call replaces, so stopping one half-way leaves nothing broken.
 *
 * That thread is started per guarded validation, which costs far more than validating a
 * small value, so values below {@link ValidationBudgetOptions.minSize} (nearly every real
 * call) are validated directly — except under a schema whose validation can grow faster
 * than the value (a recursive subschema reached along two branches doubles its work at
 * each level of nesting): the registry finds those once per tool (validation-cost.ts) and
 * guards each of their validations, however small the value.
 */
import { createContext, Script, type Context } from "node:vm";
import { ErrorTypes } from "./error-types.js";
import { makeResult } from "./result.js";
import type { MCPToolResult, ValidationIssue } from "./types.js";
import { issuesFromErrors, verdictOf, type ValidateFunction } from "./validation.js";

/** The registry's `validationBudget` option. */
export interface ValidationBudgetOptions {
  /**
   * Longest time, in ms, one validation of a call's arguments or of a result may run
   * before it is stopped and the call fails with `TimeoutError`. The call's own time
   * limit caps it too (the limit counts from the call's arrival, validation included).
   * Default 500. `0` or `Infinity`: no limit of its own (the call's limit still applies).
   */
  timeoutMs?: number;
  /**
   * Values smaller than this are validated without the timeout (a guarded validation
   * starts a timer thread, which costs more than validating a small value). The size is the
   * number of JSON values plus the characters of every string and property name,
   * counted up to this bound. Default 1024; `0` guards every validation.
   */
  minSize?: number;
}

/** Default of {@link ValidationBudgetOptions.timeoutMs}. */
export const DEFAULT_VALIDATION_TIMEOUT_MS = 500;
/** Default of {@link ValidationBudgetOptions.minSize}. */
export const DEFAULT_VALIDATION_MIN_SIZE = 1024;

/** Largest timeout `vm` accepts (a uint32). */
const MAX_VM_TIMEOUT_MS = 2 ** 32 - 1;
const TIMEOUT_CODE = "ERR_SCRIPT_EXECUTION_TIMEOUT";

/** A validation that was stopped: which limit ended it. */
export class ValidationStopped {
  /**
   * @param byCallLimit the call's own time limit ran out (else the budget's timeout).
   * @param budgetMs the budget's timeout ({@link ValidationBudgetOptions.timeoutMs}).
   */
  constructor(
    readonly byCallLimit: boolean,
    readonly budgetMs: number,
  ) {}
}

/** Runs validators within the budget (one per registry; see the file comment). */
export class ValidationBudget {
  /** The budget's own limit in ms (Infinity: none). */
  readonly timeoutMs: number;
  readonly minSize: number;
  private context: Context | undefined = undefined;
  private script: Script | undefined = undefined;

  /** @throws RangeError for a negative or non-numeric option. */
  constructor(options: ValidationBudgetOptions = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_VALIDATION_TIMEOUT_MS;
    if (typeof timeoutMs !== "number" || !(timeoutMs >= 0))
      throw new RangeError(`validationBudget.timeoutMs must be a number >= 0 (got ${String(timeoutMs)})`);
    const minSize = options.minSize ?? DEFAULT_VALIDATION_MIN_SIZE;
    if (typeof minSize !== "number" || !(minSize >= 0))
      throw new RangeError(`validationBudget.minSize must be a number >= 0 (got ${String(minSize)})`);
    this.timeoutMs = timeoutMs === 0 ? Infinity : timeoutMs;
    this.minSize = minSize;
  }

  /**
   * `validate(data)`, stopped when it runs past the budget or past `deadline` (a
   * performance.now() value: the end of the call's time limit; Infinity: none). Values
   * below `minSize` are validated directly unless `always` (a schema whose validation can
   * grow faster than the value: see validation-cost.ts).
   * @returns the validator's verdict (only `true` counts as valid), or a
   *   {@link ValidationStopped} when it was stopped.
   * @throws what the validator throws; a TypeError when it returns a promise (an
   *   asynchronous validator, compiled from a schema with `"$async": true`).
   */
  check(validate: ValidateFunction, data: unknown, deadline: number, always = false): boolean | ValidationStopped {
    if ((this.timeoutMs === Infinity && deadline === Infinity) || (!always && !isAtLeast(data, this.minSize)))
      return verdictOf(validate(data));
    const left = deadline - performance.now();
    const byCallLimit = left < this.timeoutMs;
    const limit = byCallLimit ? left : this.timeoutMs;
    if (limit === Infinity) return verdictOf(validate(data));
    if (limit <= 0) return new ValidationStopped(true, this.timeoutMs);
    return this.guarded(validate, data, Math.min(MAX_VM_TIMEOUT_MS, Math.ceil(limit)), byCallLimit);
  }

  private guarded(
    validate: ValidateFunction,
    data: unknown,
    limitMs: number,
    byCallLimit: boolean,
  ): boolean | ValidationStopped {
    if (this.script === undefined || this.context === undefined) {
      this.context = createContext({ validate: undefined, data: undefined });
      this.script = new Script("validate(data)", { filename: "mcp-specgen:validation-budget" });
    }
    const context = this.context;
    context.validate = validate;
    context.data = data;
    try {
      return verdictOf(this.script.runInContext(context, { timeout: limitMs }));
    } catch (err) {
      if (isTimeout(err)) return new ValidationStopped(byCallLimit, this.timeoutMs);
      throw err;
    } finally {
      // Do not keep a large argument alive until the next guarded call.
      context.validate = undefined;
      context.data = undefined;
    }
  }
}

/** The timeout error of `vm` (made in the context's realm: `instanceof Error` is false). */
function isTimeout(err: unknown): boolean {
  try {
    return typeof err === "object" && err !== null && (err as { code?: unknown }).code === TIMEOUT_CODE;
  } catch {
    return false;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * True when `value` has at least `bound` units of size (JSON values, plus the characters
 * of strings and property names). Visits at most about `bound` values. A value it cannot
 * read (a Proxy passed in process) counts as large: its validation gets the guard.
 */
export function isAtLeast(value: unknown, bound: number): boolean {
  if (bound <= 0) return true;
  try {
    return spend(value, bound) <= 0;
  } catch {
    return true;
  }
}

/** `left` minus the size of `value`, stopping as soon as nothing is left. */
function spend(value: unknown, left: number): number {
  if (typeof value === "string") return left - 1 - value.length;
  if (typeof value !== "object" || value === null) return left - 1;
  left -= 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && left > 0; i++) left = spend(value[i], left);
    return left;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!hasOwn.call(record, key)) continue;
    left = spend(record[key], left - key.length);
    if (left <= 0) return left;
  }
  return left;
}

/**
 * The `TimeoutError` failure of a stopped validation of `what` ("arguments" or "result").
 * `callTimeoutMs`: the call's time limit, named when that is what ran out; `option`: where
 * the budget was set.
 */
export function validationStoppedResult(
  tool: string,
  what: "arguments" | "result",
  stopped: ValidationStopped,
  callTimeoutMs: number,
  option = "the registry's validationBudget.timeoutMs",
): MCPToolResult {
  const phase = what === "arguments" ? "input validation" : "output validation";
  const message = stopped.byCallLimit
    ? `Tool "${tool}" timed out after ${callTimeoutMs} ms: its time limit ran out while its ${what} ${
        what === "arguments" ? "were" : "was"
      } validated`
    : `Validating the ${what} of tool "${tool}" took longer than ${stopped.budgetMs} ms and was stopped: ${
        what === "arguments" ? "they are" : "it is"
      } too large or too complex to check in time (${option})`;
  return makeResult(
    "failure",
    null,
    {
      error_type: ErrorTypes.TimeoutError,
      error_message: message,
      error_details: { timeoutMs: stopped.byCallLimit ? callTimeoutMs : stopped.budgetMs, phase },
    },
    undefined,
  );
}

/**
 * Most validator errors read to build a report. With `allErrors`, a schema that
 * revisits values (oneOf / anyOf branches recursing into the same value) leaves errors
 * exponential in the depth of the value, nearly all repeats: reading them all would
 * cost more than the validation the budget just bounded.
 */
const MAX_READ_ERRORS = 1_000;

/**
 * The issues of a failed validation, at most `limit` (see issuesFromErrors), read from
 * the validator's first errors only. `more`: errors were left unread.
 */
export function readIssues(
  validate: ValidateFunction,
  data: unknown,
  limit: number,
): { issues: ValidationIssue[]; more: boolean } {
  const errors = validate.errors;
  const more = errors != null && errors.length > MAX_READ_ERRORS;
  return { issues: issuesFromErrors(more ? errors.slice(0, MAX_READ_ERRORS) : errors, data, limit), more };
}
