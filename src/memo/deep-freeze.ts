/**
 * Freezes `value` and everything it holds (plain data): what a memory store hands to more
 * than one build cannot be changed by any of them. The one place that asks whether a value
 * is frozen, and only to stop at parts frozen already.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
