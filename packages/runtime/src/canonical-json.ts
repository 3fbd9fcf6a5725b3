/**
 * A canonical JSON text: object keys sorted, `undefined` properties dropped. Two
 * schemas are "the same" for the registry and the compile cache when their
 * canonical texts are equal (deep equality, key order ignored).
 */
export function canonicalJson(value: unknown): string {
  // Plain data (nearly always) is copied with its keys sorted and written by one native
  // JSON.stringify: a fraction of the time and garbage of writing it piece by piece.
  const sorted = sortedCopy(value);
  return sorted === WRITTEN_OTHERWISE ? canonicalText(value) : (JSON.stringify(sorted) ?? "null");
}

/** What {@link sortedCopy} gives for a value that JSON.stringify would not write as {@link canonicalText} does. */
const WRITTEN_OTHERWISE = Symbol("written otherwise");

/**
 * `value` with every object's keys in sorted order, or WRITTEN_OTHERWISE for a value that
 * JSON.stringify of the copy would write otherwise than {@link canonicalText}: a member
 * that is a function or a symbol (left out there, `null` here), an object with `toJSON`
 * or of a class (a boxed string, say), or a key that is an array index (an object lists
 * those first, in numeric order, whatever order they are added in).
 */
function sortedCopy(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const items: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = sortedCopy(value[i]);
      if (item === WRITTEN_OTHERWISE) return WRITTEN_OTHERWISE;
      items[i] = item;
    }
    return items;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === "function")
    return WRITTEN_OTHERWISE;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of sortedKeys(record)) {
    const first = key.charCodeAt(0);
    if (first >= 0x30 && first <= 0x39) return WRITTEN_OTHERWISE;
    const member = record[key];
    if (typeof member === "function" || typeof member === "symbol") return WRITTEN_OTHERWISE;
    const sorted = sortedCopy(member);
    if (sorted === WRITTEN_OTHERWISE) return WRITTEN_OTHERWISE;
    // Defined, not assigned: a key named `__proto__` is a key like any other.
    if (key === "__proto__")
      Object.defineProperty(copy, key, { value: sorted, enumerable: true, writable: true, configurable: true });
    else copy[key] = sorted;
  }
  return copy;
}

/** {@link canonicalJson} of any value, written a piece at a time. */
function canonicalText(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += i === 0 ? canonicalText(value[i]) : `,${canonicalText(value[i])}`;
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = "{";
  for (const key of sortedKeys(record)) {
    const member = record[key];
    if (member === undefined) continue;
    text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalText(member)}`;
  }
  return `${text}}`;
}

/** An object's own keys in sorted order: sorted only when they are not already (a sort makes garbage even then). */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}
