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
    return a !== a && b !== b; // NaN
  }
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
