/**
 * Handler requests to the client on the 2026-07-28 protocol (multi round-trip
 * requests): there are no server-to-client requests any more, so a call that
 * needs user input is answered with an `input_required` result listing what it
 * needs, and the client retries the same call with the answers in
 * `inputResponses` (and the server's `requestState` echoed back).
 *
 * {@link InputReplay} maps the promise-based `ctx.elicit` / `ctx.createMessage`
 * onto that by replay: each request a handler makes gets a key from its position
 * (`elicit-1`, `sample-1`, …). A request whose answer came with the call
 * resolves at once; the first one without an answer is recorded and rejects, the
 * server layer then answers `input_required` for it instead of the call's result.
 * On the retry the handler runs again from the start and gets the answers in the
 * same order. Earlier rounds' answers travel in `requestState`, so a client that
 * sends only the latest round's answers (as MCP asks) loses nothing.
 *
 * `requestState` comes back from the client: it is decoded defensively (size
 * cap, shape checks) and holds nothing but client answers, which are no more
 * trusted than `inputResponses` themselves.
 */
import type {
  ClientRequester,
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
} from "../client-requests.js";
import { ClientRequestError } from "../errors.js";
import { isPlainObject } from "./content.js";

/** One request the client must answer before the call can complete. */
export interface InputRequest {
  method: "elicitation/create" | "sampling/createMessage";
  params: Record<string, unknown>;
}

/** The `input_required` result (2026-07-28) sent instead of a call's result. */
export interface InputRequiredResultWire {
  resultType: "input_required";
  inputRequests: Record<string, InputRequest>;
  requestState: string;
}

/** Largest `requestState` accepted back (bytes of its base64url text). */
const MAX_STATE_LENGTH = 256 * 1024;
const STATE_VERSION = 1;
/** The keys of `inputRequests` this class mints (`elicit-1`, `sample-2`…). */
const ANSWER_KEY = /^(?:elicit|sample)-\d{1,6}$/;

/** Rejection of a request that is now pending: the server layer answers `input_required`. */
export class InputRequiredSignal extends ClientRequestError {
  constructor(key: string) {
    super(`Waiting for the client's answer to "${key}" (input_required)`);
  }
}

/**
 * The client requests of one 2026-07-28 call (see the file comment). Hand it to
 * the registry as `ExecuteOptions.clientRequests`; after `execute` settles,
 * {@link InputReplay.inputRequired} tells whether to answer `input_required`.
 */
export class InputReplay implements ClientRequester {
  private readonly answers: Record<string, unknown>;
  private readonly pending: Record<string, InputRequest> = {};
  private pendingCount = 0;
  private elicitCount = 0;
  private sampleCount = 0;

  /**
   * @param inputResponses the retried request's `inputResponses` (untrusted).
   * @param requestState the retried request's `requestState` (untrusted; minted by an earlier {@link InputReplay.inputRequired}).
   */
  constructor(inputResponses: unknown, requestState: unknown) {
    this.answers = { ...decodeState(requestState) };
    if (isPlainObject(inputResponses)) {
      // Only keys this class mints: anything else would be carried along in requestState for nothing.
      for (const [key, value] of Object.entries(inputResponses)) if (ANSWER_KEY.test(key)) this.answers[key] = value;
    }
  }

  readonly elicit = (params: ElicitParams, _signal: AbortSignal): Promise<ElicitResult> => {
    const key = `elicit-${++this.elicitCount}`;
    const answer = this.answers[key];
    if (answer === undefined) return this.ask(key, { method: "elicitation/create", params: wireElicit(params) });
    if (!isElicitResult(answer))
      return Promise.reject(new ClientRequestError(`The client's answer to "${key}" is not an elicitation result`));
    return Promise.resolve(answer);
  };

  readonly createMessage = (params: CreateMessageParams, _signal: AbortSignal): Promise<CreateMessageResult> => {
    const key = `sample-${++this.sampleCount}`;
    const answer = this.answers[key];
    if (answer === undefined) return this.ask(key, { method: "sampling/createMessage", params: { ...params } });
    if (!isCreateMessageResult(answer))
      return Promise.reject(new ClientRequestError(`The client's answer to "${key}" is not a sampling result`));
    return Promise.resolve(answer);
  };

  /**
   * The `input_required` result to send instead of the call's result, when the
   * handler asked for something not yet answered; `undefined` otherwise.
   */
  inputRequired(): InputRequiredResultWire | undefined {
    if (this.pendingCount === 0) return undefined;
    return {
      resultType: "input_required",
      inputRequests: { ...this.pending },
      requestState: encodeState(this.answers),
    };
  }

  private ask(key: string, request: InputRequest): Promise<never> {
    this.pending[key] = request;
    this.pendingCount++;
    return Promise.reject(new InputRequiredSignal(key));
  }
}

function wireElicit(params: ElicitParams): Record<string, unknown> {
  // 2026-07-28 URL-mode elicitation has no elicitationId (SDK v2 core's 2026
  // ElicitRequestURLParamsSchema: mode, message, url): the retry carries the answer.
  if (params.mode === "url") {
    const { elicitationId: _id, ...rest } = params;
    return rest;
  }
  // MCP's form mode is the default: the mode field is sent only for URL requests.
  const { mode: _mode, ...rest } = params;
  return rest;
}

/** True for a bare ElicitResult (`action` accept / decline / cancel, `content` an object when present). */
export function isElicitResult(value: unknown): value is ElicitResult {
  if (!isPlainObject(value)) return false;
  const action = value.action;
  if (action !== "accept" && action !== "decline" && action !== "cancel") return false;
  return value.content === undefined || isPlainObject(value.content);
}

/** True for a bare CreateMessageResult (`role`, `model`, `content`). */
export function isCreateMessageResult(value: unknown): value is CreateMessageResult {
  return (
    isPlainObject(value) &&
    (value.role === "user" || value.role === "assistant") &&
    typeof value.model === "string" &&
    value.content !== undefined
  );
}

function encodeState(answers: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ v: STATE_VERSION, answers }), "utf8").toString("base64url");
}

/** The answers of earlier rounds, or none when the state is absent, foreign or malformed. */
function decodeState(state: unknown): Record<string, unknown> {
  if (typeof state !== "string" || state.length === 0 || state.length > MAX_STATE_LENGTH) return {};
  try {
    const decoded: unknown = JSON.parse(Buffer.from(state, "base64url").toString("utf8"));
    if (!isPlainObject(decoded) || decoded.v !== STATE_VERSION || !isPlainObject(decoded.answers)) return {};
    const answers: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(decoded.answers)) {
      if (ANSWER_KEY.test(key)) answers[key] = value;
    }
    return answers;
  } catch {
    return {};
  }
}
