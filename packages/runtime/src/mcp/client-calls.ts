/**
 * How a handler's `ctx.elicit` / `ctx.createMessage` reach the client from this
 * server, in both protocol eras:
 *
 * - 2025 era: real server-to-client JSON-RPC requests (`elicitation/create`,
 *   `sampling/createMessage`) on the session, tied to the call's request (so
 *   Streamable HTTP sends them on the call's SSE stream), answered by the
 *   client's response, which the session hands to {@link OutboundRequests.settle}.
 *   Aborted with the call (cancellation, time limit, end of the call), which also
 *   tells the client with `notifications/cancelled`.
 * - 2026-07-28: no server-to-client requests; {@link InputReplay} answers the call
 *   with `input_required` instead (input-required.ts).
 *
 * Either way a request goes out only when the client declared the capability (at
 * `initialize`, or in the request's envelope) — as SDK v2's
 * `requiredClientCapabilitiesForInputRequest` requires: URL-mode elicitation needs
 * `elicitation.url`, form mode `elicitation.form` (a bare `elicitation: {}` counts),
 * sampling with tools `sampling.tools`. Without the capability at all the
 * requester leaves the function undefined, so the registry rejects the handler's
 * request with a `ClientRequestError`.
 */
import { randomUUID } from "node:crypto";
import {
  checkCreateMessageAnswer,
  checkElicitAnswer,
  type ClientRequester,
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitParams,
  type ElicitResult,
} from "../client-requests.js";
import { ClientRequestError } from "../errors.js";
import { findUnserializable } from "../json-safe.js";
import { isPlainObject } from "./content.js";
import type { JsonRpcId, JsonRpcMessage } from "./protocol.js";

/** Why the declared capabilities do not cover this elicitation, or undefined when they do. */
export function elicitationRefusal(capabilities: Record<string, unknown>, params: ElicitParams): string | undefined {
  const elicitation = capabilities.elicitation;
  if (!isPlainObject(elicitation)) return "the client did not declare the elicitation capability";
  if (params.mode === "url") {
    return elicitation.url === undefined
      ? "the client did not declare URL-mode elicitation (capability elicitation.url)"
      : undefined;
  }
  // A bare `elicitation: {}` is the pre-mode (2025) declaration: form mode.
  if (elicitation.form === undefined && elicitation.url !== undefined)
    return "the client did not declare form-mode elicitation (capability elicitation.form)";
  return undefined;
}

/** Why the declared capabilities do not cover this sampling request, or undefined when they do. */
export function samplingRefusal(
  capabilities: Record<string, unknown>,
  params: CreateMessageParams,
): string | undefined {
  const sampling = capabilities.sampling;
  if (!isPlainObject(sampling)) return "the client did not declare the sampling capability";
  if ((params.tools !== undefined || params.toolChoice !== undefined) && sampling.tools === undefined)
    return "the client did not declare sampling with tools (capability sampling.tools)";
  return undefined;
}

/** Both client requests, always available (what {@link gatedRequester} restricts). */
export interface ClientRequests {
  elicit(params: ElicitParams, signal: AbortSignal): Promise<ElicitResult>;
  createMessage(params: CreateMessageParams, signal: AbortSignal): Promise<CreateMessageResult>;
}

/**
 * `base` restricted to what `capabilities` declare: a function is left out when
 * its capability is not declared at all (the registry then rejects), and rejects
 * with a ClientRequestError when a sub-capability (a mode, tools) is missing.
 */
export function gatedRequester(capabilities: unknown, base: ClientRequests): ClientRequester {
  const caps = isPlainObject(capabilities) ? capabilities : {};
  const requester: ClientRequester = {};
  if (isPlainObject(caps.elicitation)) {
    requester.elicit = (params, signal) => {
      const refusal = elicitationRefusal(caps, params);
      return refusal === undefined ? base.elicit(params, signal) : Promise.reject(new ClientRequestError(refusal));
    };
  }
  if (isPlainObject(caps.sampling)) {
    requester.createMessage = (params, signal) => {
      const refusal = samplingRefusal(caps, params);
      return refusal === undefined
        ? base.createMessage(params, signal)
        : Promise.reject(new ClientRequestError(refusal));
    };
  }
  return requester;
}

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  cleanup(): void;
}

/** Sends a message to the client tied to request `relatedId`; may fail (throw or reject). */
export type ClientSend = (message: JsonRpcMessage, relatedId: JsonRpcId) => Promise<void> | void;

/**
 * The server-to-client requests of one 2025-era session in flight: ids, response
 * matching and cancellation. Ids are numbers of the server's own sequence (JSON-RPC
 * ids are scoped to their sender, so they cannot collide with the client's).
 */
export class OutboundRequests {
  private nextId = 0;
  private readonly pending = new Map<JsonRpcId, Pending>();

  constructor(private readonly send: ClientSend) {}

  /** Requests in flight. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * The requester for one call: `elicitation/create` and `sampling/createMessage`
   * requests tied to call `relatedId`, gated by `capabilities` (see the file comment).
   */
  requesterFor(relatedId: JsonRpcId, capabilities: unknown): ClientRequester {
    return gatedRequester(capabilities, {
      elicit: (params, signal) => this.elicit(params, relatedId, signal),
      createMessage: (params, signal) => this.createMessage(params, relatedId, signal),
    });
  }

  private async elicit(params: ElicitParams, relatedId: JsonRpcId, signal: AbortSignal): Promise<ElicitResult> {
    const answer = await this.request("elicitation/create", legacyElicitParams(params), relatedId, signal);
    return checkElicitAnswer(params, answer, "elicitation/create");
  }

  private async createMessage(
    params: CreateMessageParams,
    relatedId: JsonRpcId,
    signal: AbortSignal,
  ): Promise<CreateMessageResult> {
    const answer = await this.request("sampling/createMessage", { ...params }, relatedId, signal);
    return checkCreateMessageAnswer(answer, "sampling/createMessage");
  }

  /** Sends request `method` and resolves with the client's result; rejects (ClientRequestError) on an error response, abort or a failed send. */
  request(
    method: string,
    params: Record<string, unknown>,
    relatedId: JsonRpcId,
    signal: AbortSignal,
  ): Promise<unknown> {
    if (signal.aborted)
      return Promise.reject(new ClientRequestError(`The ${method} request was not sent: the call ended`));
    const problem = findUnserializable(params);
    if (problem !== undefined)
      return Promise.reject(
        new ClientRequestError(`The ${method} request cannot be sent: ${problem.path}: ${problem.reason}`),
      );
    const id = ++this.nextId;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.pending.delete(id)) return;
        signal.removeEventListener("abort", onAbort);
        reject(new ClientRequestError(`The ${method} request was cancelled: the call ended`));
        // MCP: the requester tells the receiver it no longer needs the answer.
        this.trySend(
          { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: "The call ended" } },
          relatedId,
        );
      };
      signal.addEventListener("abort", onAbort);
      this.pending.set(id, { method, resolve, reject, cleanup: () => signal.removeEventListener("abort", onAbort) });
      this.trySend({ jsonrpc: "2.0", id, method, params }, relatedId, (err) => this.fail(id, err));
    });
  }

  /**
   * Settles the request a response from the client answers. Returns false when
   * no request of this session has its id (a stray or late response: ignored).
   */
  settle(message: Record<string, unknown>): boolean {
    const id = message.id as JsonRpcId;
    const pending = this.pending.get(id);
    if (pending === undefined) return false;
    this.pending.delete(id);
    pending.cleanup();
    const error = message.error;
    if (error !== undefined) {
      const text = isPlainObject(error) && typeof error.message === "string" ? error.message : "unknown error";
      const code = isPlainObject(error) && typeof error.code === "number" ? ` (${error.code})` : "";
      pending.reject(new ClientRequestError(`The client answered ${pending.method} with an error: ${text}${code}`));
    } else {
      pending.resolve(message.result);
    }
    return true;
  }

  /** Rejects every request in flight (the session closed). */
  rejectAll(reason: string): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const pending of all) {
      pending.cleanup();
      pending.reject(new ClientRequestError(`The ${pending.method} request was abandoned: ${reason}`));
    }
  }

  private fail(id: JsonRpcId, err: unknown): void {
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    this.pending.delete(id);
    pending.cleanup();
    const why = err instanceof Error ? err.message : String(err);
    pending.reject(new ClientRequestError(`The ${pending.method} request could not be sent: ${why}`));
  }

  private trySend(message: JsonRpcMessage, relatedId: JsonRpcId, onError?: (err: unknown) => void): void {
    try {
      const sent = this.send(message, relatedId);
      if (sent !== undefined) sent.then(undefined, (err: unknown) => onError?.(err));
    } catch (err) {
      onError?.(err);
    }
  }
}

/**
 * Elicitation params as 2025-era clients expect them: form mode without a `mode`
 * field (2025-06-18 has none; it is the default since), URL mode with the
 * `elicitationId` 2025-11-25 requires (minted when the handler gave none).
 */
function legacyElicitParams(params: ElicitParams): Record<string, unknown> {
  if (params.mode === "url") return { ...params, elicitationId: params.elicitationId ?? randomUUID() };
  const { mode: _mode, ...rest } = params;
  return rest;
}
