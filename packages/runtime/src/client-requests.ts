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
import type { JsonSchemaObject } from "./types.js";

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
