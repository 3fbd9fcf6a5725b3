/**
 * "Can JSON.stringify write this without throwing?" — asked of every result
 * before it leaves the registry, and of every message before a server sends it.
 *
 * Why a separate check: `JSON.stringify` throws for BigInt, cycles, and values
 * whose getters, `toJSON` methods or Proxy traps throw. A transport that meets
 * such a value in the middle of sending has no good way out (the SDK's HTTP
 * transport even drops the response and closes the stream), so the caller would
 * wait out its own timeout. Checking first turns the problem into a failure
 * result the caller can read.
 *
 * The rules are exactly JSON.stringify's, not the stricter ones of `serialize`:
 * values JSON.stringify merely drops or turns into `null` (undefined, functions,
 * NaN…) pass, because sending them is lossy but does not fail.
 */
import { formatPath } from "./paths.js";

/** Why a value cannot be serialized, and where (`data.items[2]`, `(root)`). */
export interface SerializationProblem {
  path: string;
  reason: string;
}

/**
 * Finds the first place where `JSON.stringify(value)` would throw, or returns
 * `undefined` when it would not. Never throws itself: a throwing getter,
 * `toJSON`, Proxy trap or a structure too deep for the stack is reported as the
 * problem. `toJSON` methods are called as JSON.stringify calls them (so a BigInt
 * with `BigInt.prototype.toJSON` installed passes).
 */
export function findUnserializable(value: unknown): SerializationProblem | undefined {
  if (isJsonSafe(value)) return undefined;
  const path: (string | number)[] = [];
  try {
    return walk(value, "", path, []);
  } catch (err) {
    return { path: where(path), reason: describeThrown(err) };
  }
}

/**
 * The fast yes: true when `JSON.stringify(value)` certainly succeeds. False means
 * "look closer" (a problem, or nesting deeper than {@link FAST_DEPTH}), never
 * throws. Every result goes through this, so it allocates nothing for ordinary
 * data: no path, and no ancestor list — a cycle is caught as nesting that never
 * ends, and the slow walk then finds it.
 */
export function isJsonSafe(value: unknown): boolean {
  try {
    return safe(value, "", 0);
  } catch {
    return false;
  }
}

/** Nesting depth past which the fast check gives up (cycles end up here too). */
const FAST_DEPTH = 64;
const hasOwn = Object.prototype.hasOwnProperty;

function safe(value: unknown, key: string | number, depth: number): boolean {
  if (typeof value === "bigint") {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    return typeof toJSON === "function" && safe(toJSON.call(value, String(key)), key, depth);
  }
  if (typeof value !== "object" || value === null) return true;
  if (depth >= FAST_DEPTH) return false;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return safe(toJSON.call(value, String(key)), key, depth + 1);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!safe(value[i], i, depth + 1)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const k in record) {
    if (hasOwn.call(record, k) && !safe(record[k], k, depth + 1)) return false;
  }
  return true;
}

/** The slow walk: where the problem is, with the path, and cycles told apart from depth. */
function walk(
  value: unknown,
  key: string,
  path: (string | number)[],
  ancestors: object[],
): SerializationProblem | undefined {
  if (value !== null && (typeof value === "object" || typeof value === "bigint")) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") value = toJSON.call(value, key);
  }
  if (typeof value === "bigint") {
    return { path: where(path), reason: "BigInt cannot be represented in JSON (convert it to a string or number)" };
  }
  if (typeof value !== "object" || value === null) return undefined;
  if (ancestors.includes(value)) return { path: where(path), reason: "circular reference" };
  ancestors.push(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const problem = walk(value[i], String(i), path, ancestors);
      if (problem !== undefined) return problem;
      path.pop();
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      path.push(k);
      const problem = walk(record[k], k, path, ancestors);
      if (problem !== undefined) return problem;
      path.pop();
    }
  }
  ancestors.pop();
  return undefined;
}

/** The path for a message: long paths (deep nesting, huge keys) are shortened, messages stay small. */
function where(path: readonly (string | number)[]): string {
  const text = formatPath(path.length > 20 ? path.slice(0, 20) : path);
  const shortened = path.length > 20 ? `${text}…` : text;
  return shortened.length > 200 ? `${shortened.slice(0, 199)}…` : shortened;
}

/** A message for something thrown while reading a value. Never throws: the thrown value is untrusted. */
function describeThrown(err: unknown): string {
  try {
    if (err instanceof Error) {
      const message = err.message;
      if (typeof message === "string" && message !== "") {
        if (err instanceof RangeError && message.includes("call stack")) return "the value is nested too deeply";
        return `reading the value threw: ${message.slice(0, 200)}`;
      }
    }
  } catch {
    // A Proxy or an object with throwing getters was thrown: use the generic text.
  }
  return "reading the value threw";
}
