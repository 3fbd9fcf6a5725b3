/**
 * POST bodies of the HTTP server: reading one within the size limit, checking
 * its JSON-RPC shape, and what the load limits need to know of it (its size,
 * its tool calls).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isPlainObject } from "./content.js";
import { SMALL_BODY_BYTES } from "./http-limits.js";
import { sendJsonError } from "./http-replies.js";
import type { JsonRpcId } from "./protocol.js";

/**
 * Reads the body up to `max` bytes. Over the limit (declared or actual) it
 * answers 413 and closes the connection (not reading the rest is the point).
 */
export function readBody(req: IncomingMessage, res: ServerResponse, max: number): Promise<string | undefined> {
  const declared = Number(req.headers["content-length"]);
  if (declared > max) {
    tooLarge(req, res, max);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        req.off("data", onData);
        req.off("end", onEnd);
        tooLarge(req, res, max);
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void =>
      resolve(chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
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

/** The ids of the `tools/call` requests in a (shape-checked) POST body. */
export function toolCallIds(parsed: unknown): JsonRpcId[] {
  const ids: JsonRpcId[] = [];
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (isPlainObject(message) && message.method === "tools/call" && message.id !== undefined)
      ids.push(message.id as JsonRpcId);
  }
  return ids;
}
