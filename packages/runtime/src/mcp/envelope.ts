/**
 * The 2026-07-28 per-request `_meta` envelope: how a request claims the stateless
 * era, and the checks SDK v2 applies to it (core `RequestMetaEnvelopeSchema` and
 * the 2026 codec's `validateEnvelopeMeta`; server `classifyInboundRequest`).
 *
 * A message claims the era when `params._meta` has the protocol-version key, and
 * nothing else counts as a claim; once claimed, a malformed envelope is an error,
 * never a quiet fall back to 2025 handling. Checked by hand (no zod), in the
 * SDK's order: missing required keys first, then malformed values.
 */
import { isPlainObject } from "./content.js";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isModernProtocolVersion,
  JsonRpcErrorCodes,
  LOG_LEVEL_META_KEY,
  LOG_LEVELS,
  MODERN_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  PROTOCOL_VERSION_META_KEY,
} from "./protocol.js";

/** One problem with an envelope: which key, and what is wrong (`"missing"` for an absent required key). */
export interface EnvelopeIssue {
  key: string;
  problem: string;
}

/** A JSON-RPC error to answer with (and, on HTTP, its status). */
export interface WireError {
  code: number;
  message: string;
  data?: unknown;
}

/** The `_meta` of a request's params when it claims the 2026-07-28 era; undefined otherwise. */
export function envelopeClaim(params: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(params)) return undefined;
  const meta = params._meta;
  return isPlainObject(meta) && meta[PROTOCOL_VERSION_META_KEY] !== undefined ? meta : undefined;
}

// The members of ClientCapabilities (2026 schema) that must be objects when present.
const CAPABILITY_OBJECTS = ["experimental", "sampling", "elicitation", "roots", "extensions"] as const;

/**
 * The first problem of a claimed envelope, or undefined when it is valid:
 * `protocolVersion` (string) and `clientCapabilities` (object) are required;
 * `clientInfo` (`{name, version}` strings), `logLevel` (an MCP level) and
 * `progressToken` (string or integer) are checked when present.
 */
export function envelopeIssue(meta: Record<string, unknown>): EnvelopeIssue | undefined {
  const version = meta[PROTOCOL_VERSION_META_KEY];
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
  if (version === undefined) return { key: PROTOCOL_VERSION_META_KEY, problem: "missing" };
  if (capabilities === undefined) return { key: CLIENT_CAPABILITIES_META_KEY, problem: "missing" };
  if (typeof version !== "string") return { key: PROTOCOL_VERSION_META_KEY, problem: "expected a string" };
  if (!isPlainObject(capabilities)) return { key: CLIENT_CAPABILITIES_META_KEY, problem: "expected an object" };
  for (const name of CAPABILITY_OBJECTS) {
    const value = capabilities[name];
    if (value !== undefined && !isPlainObject(value))
      return { key: `${CLIENT_CAPABILITIES_META_KEY}.${name}`, problem: "expected an object" };
  }
  const info = meta[CLIENT_INFO_META_KEY];
  if (info !== undefined) {
    if (!isPlainObject(info)) return { key: CLIENT_INFO_META_KEY, problem: "expected an object" };
    if (typeof info.name !== "string") return { key: `${CLIENT_INFO_META_KEY}.name`, problem: "expected a string" };
    if (typeof info.version !== "string")
      return { key: `${CLIENT_INFO_META_KEY}.version`, problem: "expected a string" };
  }
  const level = meta[LOG_LEVEL_META_KEY];
  if (level !== undefined && !(typeof level === "string" && (LOG_LEVELS as readonly string[]).includes(level)))
    return { key: LOG_LEVEL_META_KEY, problem: `expected one of ${LOG_LEVELS.join(", ")}` };
  const token = meta.progressToken;
  if (token !== undefined && typeof token !== "string" && !Number.isInteger(token))
    return { key: "progressToken", problem: "expected a string or an integer" };
  return undefined;
}

/** SDK v2's -32602 for a malformed envelope (HTTP 400), with the issue as `data.envelope`. */
export function envelopeError(issue: EnvelopeIssue): WireError {
  return {
    code: JsonRpcErrorCodes.InvalidParams,
    message: `Invalid _meta envelope for protocol revision ${MODERN_PROTOCOL_VERSION}: ${issue.key}: ${issue.problem}`,
    data: { envelope: issue },
  };
}

/** SDK v2's -32022 for a claimed revision this server does not speak (HTTP 400). */
export function unsupportedVersionError(requested: string): WireError {
  return {
    code: JsonRpcErrorCodes.UnsupportedProtocolVersion,
    message: `Unsupported protocol version: ${requested}`,
    data: { supported: [...MODERN_PROTOCOL_VERSIONS], requested },
  };
}

/**
 * Checks a claimed envelope: a malformed one gets {@link envelopeError}, a
 * revision other than those in MODERN_PROTOCOL_VERSIONS (a 2025 one included:
 * those are negotiated by `initialize`, never claimed) {@link unsupportedVersionError}.
 */
export function checkEnvelope(meta: Record<string, unknown>): WireError | undefined {
  const issue = envelopeIssue(meta);
  if (issue !== undefined) return envelopeError(issue);
  const version = meta[PROTOCOL_VERSION_META_KEY] as string;
  return MODERN_PROTOCOL_VERSIONS.includes(version) ? undefined : unsupportedVersionError(version);
}

/**
 * True when `initialize` carries a valid envelope naming a stateless-era
 * revision: only then is it a 2026-07-28 request (answered "method not found",
 * as the era has no `initialize`, or -32022 for a revision not spoken here);
 * otherwise it is the 2025 handshake, whatever else its `_meta` holds (SDK v2
 * `carriesValidModernEnvelopeClaim`).
 */
export function isModernInitialize(meta: Record<string, unknown>): boolean {
  const version = meta[PROTOCOL_VERSION_META_KEY];
  return typeof version === "string" && isModernProtocolVersion(version) && envelopeIssue(meta) === undefined;
}
