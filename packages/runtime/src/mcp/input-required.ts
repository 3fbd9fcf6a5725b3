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
 * resolves at once; the first one without an answer is recorded and rejects (an
 * InputRequiredSignal), and the server layer answers `input_required` for it
 * instead of the call's result. On the retry the handler runs again from the
 * start and gets the answers in the same order.
 *
 * Answers are bound to their questions: the state records, per key, a hash of
 * the request that was asked (`{method, params}`), so an answer is used only for
 * the same question — a handler whose question changed between rounds (the data
 * it asks about changed) is asked again instead of getting the old answer — and
 * `inputResponses` are taken only for the keys the previous round asked.
 * Earlier rounds' answers travel in `requestState`, only those the handler used,
 * so a client that sends only the latest round's answers (as MCP asks) loses
 * nothing.
 *
 * `requestState` comes back from the client: it is decoded defensively (size
 * cap, shape checks). It holds nothing but the client's own answers, bound to
 * questions, so a forged state can only answer a question the handler asks,
 * which the client could do anyway. A server that wants it signed (SDK v2's
 * `createRequestStateCodec`) hands the payload to its codec instead of
 * {@link encodeRequestState}.
 */
import { createHash } from "node:crypto";
import {
  checkCreateMessageAnswer,
  checkElicitAnswer,
  InputRequiredSignal,
  type ClientRequester,
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitParams,
  type ElicitResult,
} from "../client-requests.js";
import { ErrorTypes } from "../error-types.js";
import { makeResult } from "../result.js";
import type { MCPToolResult } from "../types.js";
import { canonicalJson } from "../validation.js";
import { isPlainObject } from "./content.js";

/** One request the client must answer before the call can complete. */
export interface InputRequest {
  method: "elicitation/create" | "sampling/createMessage";
  params: Record<string, unknown>;
}

/** What goes into `requestState`: the answers used so far and the questions now asked, each bound to its hash. */
export interface InputReplayState {
  v: 2;
  /** Answers the handler used, by key: the question's hash and the answer. */
  answers: Record<string, { q: string; a: unknown }>;
  /** Questions asked in this round, by key: their hashes (an answer in `inputResponses` must match one). */
  asked: Record<string, string>;
}

/** What to answer a call with once it settled: `input_required` (with the state to send), or a result. */
export type ReplayOutcome =
  | { inputRequired: { inputRequests: Record<string, InputRequest>; state: InputReplayState } }
  | { result: MCPToolResult };

/** The `input_required` result (2026-07-28) sent instead of a call's result. */
export interface InputRequiredResultWire {
  resultType: "input_required";
  inputRequests: Record<string, InputRequest>;
  requestState: string;
}

/** Largest `requestState` sent or accepted back (characters of its base64url text). */
export const MAX_REQUEST_STATE_LENGTH = 256 * 1024;
/** The keys of `inputRequests` this class mints (`elicit-1`, `sample-2`…). */
const ANSWER_KEY = /^(?:elicit|sample)-\d{1,6}$/;
const HASH = /^[A-Za-z0-9_-]{22}$/;

/**
 * The client requests of one 2026-07-28 call (see the file comment). Hand it to
 * the registry as `ExecuteOptions.clientRequests`; once `execute` settles,
 * {@link InputReplay.outcome} says whether to answer `input_required`.
 */
export class InputReplay implements ClientRequester {
  /** Answers of earlier rounds (bound to their questions). */
  private readonly known: Record<string, { q: string; a: unknown }>;
  /** Answers this round brought, for the keys the last round asked. */
  private readonly fresh: Record<string, { q: string; a: unknown }> = {};
  private readonly used: Record<string, { q: string; a: unknown }> = {};
  private readonly pending: Record<string, InputRequest> = {};
  private readonly pendingHashes: Record<string, string> = {};
  private pendingCount = 0;
  private elicitCount = 0;
  private sampleCount = 0;

  /**
   * @param inputResponses the retried request's `inputResponses` (untrusted).
   * @param requestState the retried request's `requestState` (untrusted): the string
   *   {@link encodeRequestState} made, or the payload a server's own codec decoded.
   */
  constructor(inputResponses: unknown, requestState: unknown) {
    const state = readState(requestState);
    this.known = state.answers;
    if (isPlainObject(inputResponses)) {
      for (const [key, q] of Object.entries(state.asked)) {
        if (Object.hasOwn(inputResponses, key)) this.fresh[key] = { q, a: inputResponses[key] };
      }
    }
  }

  readonly elicit = (params: ElicitParams, _signal: AbortSignal): Promise<ElicitResult> => {
    const key = `elicit-${++this.elicitCount}`;
    const request: InputRequest = { method: "elicitation/create", params: wireElicit(params) };
    return this.answer(key, request, (a) => checkElicitAnswer(params, a, `"${key}" (elicitation/create)`));
  };

  readonly createMessage = (params: CreateMessageParams, _signal: AbortSignal): Promise<CreateMessageResult> => {
    const key = `sample-${++this.sampleCount}`;
    const request: InputRequest = { method: "sampling/createMessage", params: { ...params } };
    return this.answer(key, request, (a) => checkCreateMessageAnswer(a, `"${key}" (sampling/createMessage)`));
  };

  /**
   * What to answer the call with, given the registry's `result`: `input_required`
   * (with the state for `requestState`) when the handler asked for something not
   * yet answered — the result, a failure from the rejected request, is dropped —
   * else the result itself. {@link inputRequiredWire} makes the wire result.
   */
  outcome(result: MCPToolResult): ReplayOutcome {
    if (this.pendingCount === 0) return { result };
    const state: InputReplayState = { v: 2, answers: { ...this.used }, asked: { ...this.pendingHashes } };
    return { inputRequired: { inputRequests: { ...this.pending }, state } };
  }

  private answer<T>(key: string, request: InputRequest, check: (answer: unknown) => T): Promise<T> {
    const q = questionHash(request);
    const entry = this.fresh[key]?.q === q ? this.fresh[key] : this.known[key]?.q === q ? this.known[key] : undefined;
    // Answered before, or now: used (and kept for later rounds) when it answers this very question.
    if (entry !== undefined && entry.a !== undefined) {
      try {
        const checked = check(entry.a);
        this.used[key] = entry;
        return Promise.resolve(checked);
      } catch (err) {
        return Promise.reject(err);
      }
    }
    this.pending[key] = request;
    this.pendingHashes[key] = q;
    this.pendingCount++;
    return Promise.reject(new InputRequiredSignal(key));
  }
}

/**
 * The `input_required` wire result for an outcome, with the state encoded by
 * {@link encodeRequestState}; a failure result instead when the state is too large.
 */
export function inputRequiredWire(
  inputRequired: { inputRequests: Record<string, InputRequest>; state: InputReplayState },
  requestState: string,
): InputRequiredResultWire | MCPToolResult {
  if (requestState.length > MAX_REQUEST_STATE_LENGTH) return stateTooLarge(requestState.length);
  return { resultType: "input_required", inputRequests: inputRequired.inputRequests, requestState };
}

/** The state as the opaque `requestState` string this runtime reads back (base64url JSON, unsigned). */
export function encodeRequestState(state: InputReplayState): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
}

function stateTooLarge(length: number): MCPToolResult {
  return makeResult("failure", null, {
    error_type: ErrorTypes.ClientRequestError,
    error_message: `The client's answers so far take ${length} characters of requestState, over the limit of ${MAX_REQUEST_STATE_LENGTH}: ask for less (large sampling answers, many rounds)`,
  });
}

/** A short, stable hash of a question: what an answer is bound to. */
function questionHash(request: InputRequest): string {
  return createHash("sha256").update(canonicalJson(request)).digest("base64url").slice(0, 22);
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

const EMPTY_STATE: { answers: Record<string, { q: string; a: unknown }>; asked: Record<string, string> } = {
  answers: {},
  asked: {},
};

/** The answers and questions of earlier rounds; none when the state is absent, foreign or malformed. */
function readState(state: unknown): {
  answers: Record<string, { q: string; a: unknown }>;
  asked: Record<string, string>;
} {
  let decoded: unknown = state;
  if (typeof state === "string") {
    if (state.length === 0 || state.length > MAX_REQUEST_STATE_LENGTH) return EMPTY_STATE;
    try {
      decoded = JSON.parse(Buffer.from(state, "base64url").toString("utf8"));
    } catch {
      return EMPTY_STATE;
    }
  }
  if (!isPlainObject(decoded) || decoded.v !== 2 || !isPlainObject(decoded.answers) || !isPlainObject(decoded.asked))
    return EMPTY_STATE;
  const answers: Record<string, { q: string; a: unknown }> = {};
  for (const [key, entry] of Object.entries(decoded.answers)) {
    if (ANSWER_KEY.test(key) && isPlainObject(entry) && typeof entry.q === "string" && HASH.test(entry.q))
      answers[key] = { q: entry.q, a: entry.a };
  }
  const asked: Record<string, string> = {};
  for (const [key, q] of Object.entries(decoded.asked)) {
    if (ANSWER_KEY.test(key) && typeof q === "string" && HASH.test(q)) asked[key] = q;
  }
  return { answers, asked };
}
