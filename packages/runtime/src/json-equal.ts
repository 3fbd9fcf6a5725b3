/**
 * Deep equality of JSON values for `const`, object `enum`s and `uniqueItems`.
 *
 * Why not ajv's own (`fast-deep-equal`): it calls `a.valueOf()` / `a.toString()`
 * whenever those differ from Object.prototype's, and reads `a.constructor`. For
 * arguments parsed from JSON those are ordinary own keys: `{"toString": 1}` made
 * it call `1()` and throw, so a hostile argument turned a validation failure into
 * a crash of the validator (`ToolExecutionError` instead of `ValidationError`), and
 * `{"valueOf": 1}` could never equal an allowed `{"valueOf": 1}`. Here data is
 * only ever read as data: own enumerable keys, compared with `hasOwnProperty`
 * from Object.prototype, prototypes compared with `Object.getPrototypeOf`.
 */

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * True when `a` and `b` are the same JSON value: equal primitives (NaN equals
 * NaN, like ajv), arrays with equal items in order, objects with the same own
 * enumerable keys (any order) and equal values. Dates compare by time and
 * RegExps by source and flags (schemas loaded from YAML may hold them); other
 * objects must share a prototype. User-defined methods are never called.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  // `uniqueItems` compares every pair of items: with large items that is pairs × size.
  // Fingerprints (each computed once) turn almost every unequal pair into one comparison.
  if (fingerprint(a) !== fingerprint(b)) return false;
  return deepEqual(a, b);
}

function deepEqual(a: object, b: object): boolean {
  const aIsArray = Array.isArray(a);
  if (aIsArray !== Array.isArray(b)) return false;
  if (aIsArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!jsonEqual(x[i], y[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) if (!hasOwn.call(y, key)) return false;
  for (const key of keys) if (!jsonEqual(x[key], y[key])) return false;
  return true;
}

// Fingerprints are cached only until the current synchronous task ends: a validator runs
// synchronously and never changes its data, but the same objects may change afterwards.
// Module-level because ajv's compiled code calls jsonEqual(a, b) with nothing else to
// carry state in, and the pairs of one `uniqueItems` check are separate calls; the
// microtask that empties it means nothing outlives the validation that filled it.
let fingerprints: WeakMap<object, number> | undefined;

/**
 * A hash of a JSON value that equal values share (object keys in any order). Computed
 * once per object per task; unequal values almost always differ in it.
 */
function fingerprint(value: unknown): number {
  if (value === null || typeof value !== "object") return primitiveHash(value);
  if (!fingerprints) {
    fingerprints = new WeakMap();
    queueMicrotask(() => (fingerprints = undefined));
  }
  const cached = fingerprints.get(value);
  if (cached !== undefined) return cached;
  let h: number;
  if (Array.isArray(value)) {
    h = 0x811c9dc5 ^ value.length;
    for (const item of value) h = Math.imul(h ^ fingerprint(item), 0x01000193);
  } else if (value instanceof Date || value instanceof RegExp) {
    h = primitiveHash(String(value));
  } else {
    // Order-insensitive: a sum of per-member hashes.
    h = 0x9e3779b9;
    for (const key of Object.keys(value))
      h = (h + Math.imul(primitiveHash(key) ^ fingerprint((value as Record<string, unknown>)[key]), 0x85ebca6b)) | 0;
  }
  fingerprints.set(value, h);
  return h;
}

function primitiveHash(value: unknown): number {
  if (typeof value !== "string") return primitiveHash(`${typeof value}:${String(value)}`);
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return h;
}
