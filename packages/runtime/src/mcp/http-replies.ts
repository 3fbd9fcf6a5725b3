/**
 * The HTTP server's error replies: a status with a JSON-RPC error body (what MCP
 * clients parse), and the `Retry-After` replies of the load limits.
 */
import type { ServerResponse } from "node:http";
import type { JsonRpcId } from "./protocol.js";

/** The JSON-RPC code of every refusal the HTTP layer makes itself (the SDKs' transport-level code). */
export const HTTP_REFUSAL_CODE = -32000;

/** Seconds a client refused for load is told to wait (`Retry-After`): the limits free up as requests end. */
export const RETRY_AFTER_SECONDS = 1;

/** A JSON-RPC error response as text. */
export function errorBody(code: number, message: string, id: JsonRpcId | null = null, data?: unknown): string {
  const error: { code: number; message: string; data?: unknown } = { code, message };
  if (data !== undefined) error.data = data;
  return JSON.stringify({ jsonrpc: "2.0", error, id });
}

/** Answers `status` with a JSON-RPC error body, unless the response has already begun. */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: JsonRpcId | null = null,
  data?: unknown,
): void {
  if (res.headersSent) return;
  const body = errorBody(code, message, id, data);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Refuses a request for load: 503 or 429 with `Retry-After`. With `close`, the
 * connection is closed once answered (the point may be to shed it); otherwise
 * it stays open for the client's next request and Node reads and throws away
 * the rest of the body — never buffered — so the client can finish sending and
 * read the answer, instead of reconnecting at once.
 */
export function refuseForLoad(
  res: ServerResponse,
  status: 503 | 429,
  message: string,
  { id = null, close = false }: { id?: JsonRpcId | null; close?: boolean } = {},
): void {
  if (res.headersSent || res.destroyed) return;
  if (close) res.shouldKeepAlive = false;
  const body = errorBody(HTTP_REFUSAL_CODE, `${message}; retry after ${RETRY_AFTER_SECONDS} s`, id);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Retry-After": String(RETRY_AFTER_SECONDS),
  });
  res.end(body);
  res.req.resume();
}
