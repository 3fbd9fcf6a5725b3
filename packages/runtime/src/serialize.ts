/**
 * JSON serialization that refuses to lose data silently. `JSON.stringify` quietly
 * turns `undefined` in arrays and non-finite numbers into `null`, drops functions
 * and symbols, and throws an unhelpful error for BigInt and cycles. `serialize`
 * checks the value first and throws a SerializationError naming the path.
 */
import { SerializationError } from "./errors.js";
import { formatPath } from "./paths.js";

/** Options of {@link serialize}. */
export interface SerializeOptions {
  /** Indentation passed to JSON.stringify (pretty-print for documentation, none for transmission). */
  space?: number | string;
}

/**
 * Serializes a value (typically an MCPToolCall / MCPToolResult / MCPErrorDetail)
 * to JSON. Object properties whose value is `undefined` are omitted (optional
 * fields), as JSON.stringify does; `toJSON` methods (e.g. Date) are honoured.
 *
 * @throws SerializationError for values JSON cannot hold, with the path in the
 *   message and in `error.path` (e.g. `data.items[2]`): `undefined` in arrays or
 *   at the root, functions, symbols, BigInt, non-finite numbers, Map/Set
 *   (JSON.stringify would turn them into `{}`) and cycles.
 */
export function serialize(value: unknown, options?: SerializeOptions): string {
  const path: (string | number)[] = [];
  check(value, "", path, []);
  return JSON.stringify(value, null, options?.space);
}

/**
 * Throws the SerializationError {@link serialize} would throw, without producing
 * the string (e.g. to check a result before handing it to a transport).
 */
export function assertSerializable(value: unknown): void {
  check(value, "", [], []);
}

function check(value: unknown, key: string, path: (string | number)[], ancestors: object[]): void {
  if (value !== null && (typeof value === "object" || typeof value === "bigint")) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") value = toJSON.call(value, key);
  }
  switch (typeof value) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (!Number.isFinite(value)) fail(path, `${value} is not a finite number (JSON would write null)`);
      return;
    case "undefined":
      fail(path, "undefined cannot be represented in JSON");
      return;
    case "function":
      fail(path, "functions cannot be represented in JSON");
      return;
    case "symbol":
      fail(path, "symbols cannot be represented in JSON");
      return;
    case "bigint":
      fail(path, "BigInt cannot be represented in JSON (convert it to a string or number)");
      return;
  }
  if (value === null) return;
  const obj = value as object;
  if (ancestors.includes(obj)) fail(path, "circular reference");
  if (obj instanceof Map || obj instanceof Set) {
    fail(path, `${obj instanceof Map ? "Map" : "Set"} would be written as {} (convert it to an object or array)`);
  }
  ancestors.push(obj);
  if (Array.isArray(obj)) {
    for (let i = 0; i < obj.length; i++) {
      path.push(i);
      const item: unknown = obj[i];
      if (item === undefined) fail(path, "undefined in an array (JSON would write null)");
      check(item, String(i), path, ancestors);
      path.pop();
    }
  } else {
    const record = obj as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const v = record[k];
      if (v === undefined) continue; // omitted, like an absent optional field
      path.push(k);
      check(v, k, path, ancestors);
      path.pop();
    }
  }
  ancestors.pop();
}

function fail(path: readonly (string | number)[], reason: string): never {
  const where = formatPath(path);
  throw new SerializationError(`Cannot serialize ${where}: ${reason}`, where, {
    details: { path: where, reason },
  });
}
