/**
 * POST bodies of the HTTP server: reading one within the size limit, checking
 * its JSON-RPC shape, and what the load limits need to know of it (its size,
 * the requests in it that take slots).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isPlainObject } from "./content.js";
import { sendJsonError } from "./http-replies.js";
import type { JsonRpcId } from "./protocol.js";

/** Bodies up to this size are read without counting them: parsing them takes well under a millisecond. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Most messages in one JSON-RPC batch (the official SDKs' `MAX_BATCH_SIZE`). */
export const MAX_BATCH_MESSAGES = 100;

/** Methods whose answer may be large or costly: each such request in a body takes a slot (http-admission.ts). */
const SLOT_METHODS: readonly string[] = ["tools/call", "tools/list"];

/**
 * Reads the body up to `max` bytes. Over the limit (declared or actual) it
 * answers 413 and closes the connection (not reading the rest is the point).
 * `accept` sees each chunk's size first; when it returns false (it has answered
 * the request) reading stops. Resolves undefined when the body is not read
 * whole: answered already, or the request was aborted.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  max: number,
  accept?: (bytes: number) => boolean,
): Promise<string | undefined> {
  const declared = Number(req.headers["content-length"]);
  if (declared > max) {
    tooLarge(req, res, max);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off("data", onData);
      req.off("end", onEnd);
      resolve(undefined);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        stop();
        tooLarge(req, res, max);
        return;
      }
      if (accept !== undefined && !accept(chunk.length)) {
        stop();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void =>
      resolve(chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    req.on("data", onData);
    req.on("end", onEnd);
    // Aborted (the client went away, or its connection was closed for load): nothing to answer.
    req.once("error", stop);
    req.once("close", stop);
  });
}

function tooLarge(req: IncomingMessage, res: ServerResponse, max: number): void {
  res.shouldKeepAlive = false;
  sendJsonError(res, 413, -32000, `Payload Too Large: the request body must not exceed ${max} bytes`);
  // Keep reading (and discarding) so the client can finish sending and see the 413.
  req.resume();
}

/** `application/json` as the media type, parameters (charset…) aside. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const semi = value.indexOf(";");
  return (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase() === "application/json";
}

/** Checks a POST body's JSON-RPC shape; returns the first problem (with the message's id when it has one). */
export function checkMessages(parsed: unknown): { message: string; id: JsonRpcId | null } | undefined {
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return { message: "empty batch", id: null };
    if (parsed.length > MAX_BATCH_MESSAGES)
      return { message: `a batch must not exceed ${MAX_BATCH_MESSAGES} messages`, id: null };
    for (const message of parsed) {
      const problem = checkMessage(message);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  return checkMessage(parsed);
}

function checkMessage(message: unknown): { message: string; id: JsonRpcId | null } | undefined {
  if (!isPlainObject(message)) return { message: "a message must be a JSON object", id: null };
  const rawId = message.id;
  const id = typeof rawId === "string" || typeof rawId === "number" ? rawId : null;
  if (message.jsonrpc !== "2.0") return { message: 'jsonrpc must be "2.0"', id };
  if (rawId !== undefined && id === null && "method" in message)
    return { message: "id must be a string or a number", id: null };
  if ("method" in message) {
    if (typeof message.method !== "string") return { message: "method must be a string", id };
    if (message.params !== undefined && !isPlainObject(message.params))
      return { message: "params must be an object", id };
    return undefined;
  }
  if (rawId !== undefined && ("result" in message || "error" in message)) return undefined;
  return { message: "no method", id };
}

/** A body of known size small enough to read without a slot (see http-admission.ts). */
export function isSmallBody(req: IncomingMessage): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) <= SMALL_BODY_BYTES;
}

/**
 * What a (shape-checked) POST body asks that the in-flight limit counts: the ids of
 * its `tools/call` requests, and its slots — one per request whose answer may be
 * large or costly (`tools/call`, `tools/list`; a batch, one per such request).
 */
export function slotRequests(parsed: unknown): { calls: JsonRpcId[]; slots: number } {
  const calls: JsonRpcId[] = [];
  let slots = 0;
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!isPlainObject(message) || message.id === undefined || typeof message.method !== "string") continue;
    if (!SLOT_METHODS.includes(message.method)) continue;
    slots++;
    if (message.method === "tools/call") calls.push(message.id as JsonRpcId);
  }
  return { calls, slots };
}
