/**
 * Small helpers for the two ways the runtime names a place inside a value:
 * JSON pointers (`/items/0/name`, used in machine-readable issues) and
 * JavaScript-style paths (`items[0].name`, used in messages).
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats path segments as a JavaScript-style path: `data.items[2]`, `data["a b"]`; `(root)` when empty. */
export function formatPath(segments: readonly (string | number)[]): string {
  let out = "";
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += out === "" ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out === "" ? "(root)" : out;
}

/** Escapes one JSON pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  return token.indexOf("~") === -1 && token.indexOf("/") === -1
    ? token
    : token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Splits a JSON pointer into its unescaped tokens (`""` → `[]`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((t) => (t.indexOf("~") === -1 ? t : t.replace(/~1/g, "/").replace(/~0/g, "~")));
}

/** Converts a JSON pointer to a JavaScript-style path (`/items/0/name` → `items[0].name`). */
export function pointerToPath(pointer: string): string {
  return formatPath(pointerTokens(pointer).map((t) => (/^(0|[1-9][0-9]*)$/.test(t) ? Number(t) : t)));
}

/** Reads the value a JSON pointer designates, or `undefined` when it does not exist. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof current !== "object" || current === null) return undefined;
    if (!Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/** A short, safe description of a value's JSON type: `null`, `array`, `object`, `string`… */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "array";
  } catch {
    // Array.isArray throws for a revoked Proxy: still an object.
  }
  return typeof value;
}

/** A short preview of a value for messages (JSON, truncated; never throws). */
export function preview(value: unknown, max = 40): string {
  let text: string | undefined;
  try {
    text = typeof value === "bigint" ? `${value}n` : JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) text = typeName(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
