/**
 * The sink of a 2025-era session served over HTTP: the SDK transport, with the
 * load limits' bookkeeping around it.
 *
 * The tool calls of each POST are registered before the POST reaches the
 * transport ({@link HttpSessionSink.expect}); through them the sink
 * - drops a call's progress and log notifications while its reader is behind
 *   (http-backpressure.ts) — the SDK queues SSE events in a stream in front of
 *   the socket, so what waits is estimated from the bytes handed to it;
 * - in a stateful session, keeps the call's admission slots (http-admission.ts)
 *   until the call is answered, even when the client has closed the request
 *   meanwhile: in the 2025 era a closed request does not cancel its call (MCP:
 *   disconnection is not cancellation), so the work goes on and stays counted.
 * It also refuses a call whose id is already in flight on the session, which
 * the transport would route to the wrong stream.
 */
import type { ServerResponse } from "node:http";
import type { AdmissionTicket } from "./http-admission.js";
import { ResponseBacklog, type SlowReaderGuard } from "./http-backpressure.js";
import { isPlainObject } from "./content.js";
import type { JsonRpcId, JsonRpcMessage } from "./protocol.js";
import type { MessageSink } from "./session.js";

/** The bytes the SDK transport adds around a message on an SSE stream (`event: message\ndata: …\n\n`). */
const SSE_FRAME_BYTES = 22;

/** A tool call registered by a POST. */
interface TrackedCall {
  readonly res: ServerResponse;
  readonly backlog: ResponseBacklog;
  readonly ticket: AdmissionTicket | undefined;
  /** The transport has handed it to the session: it runs. */
  delivered: boolean;
}

/** A session's sink: the SDK transport, with notifications to slow readers dropped and call slots held. */
export class HttpSessionSink implements MessageSink {
  private readonly calls = new Map<JsonRpcId, TrackedCall>();

  /**
   * @param holdSlots keep a call's slots until it is answered (stateful sessions);
   *   otherwise they go with the request, whose end cancels its calls.
   */
  constructor(
    private readonly transport: MessageSink,
    private readonly readers: SlowReaderGuard,
    private readonly holdSlots: boolean,
  ) {}

  /**
   * Registers the `tools/call` ids of a POST about to reach the transport. False,
   * registering nothing, when one of them is already in flight on this session.
   */
  expect(ids: readonly JsonRpcId[], res: ServerResponse, ticket: AdmissionTicket | undefined): boolean {
    if (ids.length === 0) return true;
    if (new Set(ids).size !== ids.length || ids.some((id) => this.calls.has(id))) return false;
    const backlog = new ResponseBacklog(res);
    for (const id of ids) this.calls.set(id, { res, backlog, ticket, delivered: false });
    // Calls the transport refused (a bad header…) never run: forget them with their request.
    res.once("close", () => {
      for (const id of ids) {
        const call = this.calls.get(id);
        if (call?.res === res && !call.delivered) this.calls.delete(id);
      }
    });
    return true;
  }

  /** The transport delivers `message` to the session: a registered call starts. */
  delivered(message: unknown): void {
    if (!isPlainObject(message) || message.method !== "tools/call") return;
    const call = this.calls.get(message.id as JsonRpcId);
    if (call === undefined || call.delivered) return;
    call.delivered = true;
    if (this.holdSlots) call.ticket?.hold();
  }

  send(message: JsonRpcMessage, options?: { relatedRequestId?: JsonRpcId }): Promise<void> | void {
    if (message.method === undefined) {
      const id = message.id;
      const call = id === undefined || id === null ? undefined : this.calls.get(id);
      if (call !== undefined) {
        this.calls.delete(id as JsonRpcId);
        this.settle(call);
      }
    } else {
      const related = options?.relatedRequestId;
      const call = related === undefined ? undefined : this.calls.get(related);
      if (call !== undefined) {
        // Notifications are optional; requests to the client (elicitation) are not.
        if (message.id === undefined && this.readers.congested(call.res, call.backlog.waiting())) return;
        call.backlog.add(sseBytes(message));
      }
    }
    return this.transport.send(message, options);
  }

  /** The session ended: its calls are over. */
  close(): void {
    for (const call of this.calls.values()) this.settle(call);
    this.calls.clear();
  }

  private settle(call: TrackedCall): void {
    if (call.delivered && this.holdSlots) call.ticket?.settle();
  }
}

function sseBytes(message: JsonRpcMessage): number {
  try {
    return Buffer.byteLength(JSON.stringify(message)) + SSE_FRAME_BYTES;
  } catch {
    return 0; // the session replaces what cannot be serialized
  }
}
