import { deepFreeze } from "./deep-freeze.js";

/**
 * Values computed from content, found again by a hash of that content: a spec file's
 * parsed tools, a module's generated types. Keys are made with `contentKey`, so a key
 * names everything the value depends on, and a value is never invalidated, only no longer
 * asked for. The disk store (src/cache/disk-store.ts) is one; {@link memoryStore} is the
 * other, and may stand in front of it.
 */
export interface MemoStore {
  /** The value stored under `key`, or undefined. Never throws. */
  get(key: string): unknown;
  /** Stores `value` (plain data: what structured clone accepts) under `key`. Never throws. */
  set(key: string, value: unknown): void;
}

/** Values a memory store keeps at most; the least recently used go first. */
const MEMORY_ENTRIES = 20_000;

/**
 * A store in memory, in front of `backing` (values read from it are kept too): what
 * `generate --watch` keeps between rebuilds, so an unchanged spec costs a hash and a
 * lookup. Values are returned as they are, not copied, and deep-frozen when stored: a
 * guard, since one value is handed to every later build that asks for it (nothing takes
 * a value's being frozen as a sign of anything).
 *
 * @param maxEntries values kept at most, the least recently used going first.
 * @param maxKeyChars characters of keys kept at most, likewise: for a store whose keys
 *   are the texts its values were made from (Markdown sections), a bound on its memory.
 */
export function memoryStore(
  backing?: MemoStore,
  maxEntries = MEMORY_ENTRIES,
  maxKeyChars = Number.POSITIVE_INFINITY,
): MemoryStore {
  const values = new Map<string, unknown>();
  // Keys asked for or stored since the last sweep: what the last build used.
  const used = new Set<string>();
  let keyChars = 0;
  const keep = (key: string, value: unknown) => {
    if (values.delete(key)) keyChars -= key.length;
    values.set(key, value);
    keyChars += key.length;
    used.add(key);
    while (values.size > maxEntries || (keyChars > maxKeyChars && values.size > 1)) {
      const oldest = values.keys().next().value!;
      values.delete(oldest);
      used.delete(oldest);
      keyChars -= oldest.length;
    }
  };
  return {
    get(key) {
      let value = values.get(key);
      if (value === undefined) value = deepFreeze(backing?.get(key));
      if (value !== undefined) keep(key, value);
      return value;
    },
    set(key, value) {
      keep(key, deepFreeze(value));
      backing?.set(key, value);
    },
    sweep() {
      for (const key of [...values.keys()])
        if (!used.has(key)) {
          values.delete(key);
          keyChars -= key.length;
        }
      used.clear();
    },
    get size() {
      return values.size;
    },
    get keyChars() {
      return keyChars;
    },
  };
}

/** A memory store; `sweep` keeps it to what one build uses. */
export interface MemoryStore extends MemoStore {
  /**
   * Drops every value not asked for or stored since the last sweep: called after each
   * successful rebuild of `generate --watch`, it keeps the values of the current specs and
   * lets those of earlier versions go.
   */
  sweep(): void;
  /** Values held. */
  readonly size: number;
  /** Characters of the keys of the values held. */
  readonly keyChars: number;
}
