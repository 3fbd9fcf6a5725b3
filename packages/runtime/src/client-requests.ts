/**
 * What a tool handler may ask of the client while it runs: user input
 * (MCP elicitation) and, in the 2025 protocol era, a message from the client's
 * model (MCP sampling). The shapes follow MCP's `elicitation/create` and
 * `sampling/createMessage`, kept loose where MCP keeps growing them.
 *
 * How a request reaches the client depends on the protocol era: a 2025-era
 * server sends it as a server-to-client request; a 2026-07-28 server answers the
 * call with `input_required` and the client retries the call with the answers
 * (see `mcp/input-required.ts`).
 */
import { ClientRequestError } from "./errors.js";
import { describeIssues } from "./messages.js";
import type { JsonSchemaObject } from "./types.js";
import { compileSchema, issuesFromErrors, verdictOf, type ValidateFunction } from "./validation.js";

/** A form elicitation: a message and a flat object schema of primitive fields the user fills in. */
export interface ElicitFormParams {
  mode?: "form";
  /** What the user is asked, shown by the client. */
  message: string;
  /** A flat object schema: string, number, integer, boolean and enum properties only (MCP's restriction). */
  requestedSchema: JsonSchemaObject;
  _meta?: Record<string, unknown>;
}

/** A URL elicitation: the client sends the user to a page (e.g. to sign in) and reports back. */
export interface ElicitUrlParams {
  mode: "url";
  message: string;
  url: string;
  /** Correlates the 2025-era completion notification; ignored on 2026-07-28. */
  elicitationId?: string;
  _meta?: Record<string, unknown>;
}

/** What a tool asks the user for. */
export type ElicitParams = ElicitFormParams | ElicitUrlParams;

/** The user's answer: `accept` (with `content` for forms), `decline` or `cancel`. */
export interface ElicitResult {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, string | number | boolean | string[]>;
  _meta?: Record<string, unknown>;
}

/** A sampling request (`sampling/createMessage`): messages for the client's model and a token budget. */
export interface CreateMessageParams {
  messages: Array<{ role: "user" | "assistant"; content: unknown }>;
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: Record<string, unknown>;
  includeContext?: "none" | "thisServer" | "allServers";
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The client model's answer to a sampling request. */
export interface CreateMessageResult {
  role: "user" | "assistant";
  content: unknown;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/**
 * How the registry forwards a handler's requests to the client: given by the
 * server layer for each call ({@link ExecuteOptions}). `signal` is the call's:
 * aborted when the call ends, times out or is cancelled.
 */
export interface ClientRequester {
  elicit?: ((params: ElicitParams, signal: AbortSignal) => Promise<ElicitResult>) | undefined;
  createMessage?: ((params: CreateMessageParams, signal: AbortSignal) => Promise<CreateMessageResult>) | undefined;
}

/**
 * Thrown by `ctx.elicit` / `ctx.createMessage` on the 2026-07-28 protocol when the
 * answer is not there yet: the call is then answered with `input_required` and run
 * again with the answer. Not a `ClientRequestError` (a handler that falls back on
 * those must not fall back here): let it propagate — whatever the handler does
 * after catching it, the call's answer is `input_required`.
 */
export class InputRequiredSignal extends Error {
  constructor(key: string) {
    super(`Waiting for the client's answer to "${key}" (input_required)`);
  }
}
Object.defineProperty(InputRequiredSignal.prototype, "name", {
  value: "InputRequiredSignal",
  writable: true,
  configurable: true,
  enumerable: false,
});

/**
 * The client's answer to an elicitation, checked: `action` accept / decline /
 * cancel, and for an accepted form its `content` valid under the `requestedSchema`
 * asked with (answers are untrusted: the handler is typed to get what it asked for).
 * @throws ClientRequestError naming what is wrong.
 */
export function checkElicitAnswer(params: ElicitParams, answer: unknown, what: string): ElicitResult {
  if (!isObject(answer)) throw new ClientRequestError(`The client's answer to ${what} is not an elicitation result`);
  const action = answer.action;
  if (action !== "accept" && action !== "decline" && action !== "cancel")
    throw new ClientRequestError(`The client's answer to ${what} is not an elicitation result`);
  const content = answer.content;
  if (content !== undefined && !isObject(content))
    throw new ClientRequestError(`The client's answer to ${what} has content that is not an object`);
  if (action === "accept" && params.mode !== "url") {
    let validate: ValidateFunction;
    try {
      validate = compileSchema(params.requestedSchema);
    } catch (err) {
      throw new ClientRequestError(`The requestedSchema of ${what} cannot be compiled`, { cause: err });
    }
    if (!verdictOf(validate(content ?? {})))
      throw new ClientRequestError(
        `The client's answer to ${what} does not match its requestedSchema: ${describeIssues(issuesFromErrors(validate.errors, content, 5))}`,
      );
  }
  return answer as unknown as ElicitResult;
}

/**
 * The client's answer to a sampling request, checked (`role`, `model`, `content`).
 * @throws ClientRequestError when it is not a sampling result.
 */
export function checkCreateMessageAnswer(answer: unknown, what: string): CreateMessageResult {
  if (
    !isObject(answer) ||
    (answer.role !== "user" && answer.role !== "assistant") ||
    typeof answer.model !== "string" ||
    answer.content === undefined
  )
    throw new ClientRequestError(`The client's answer to ${what} is not a sampling result`);
  return answer as CreateMessageResult;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
