import { deepFreeze } from "./deep-freeze.js";

/** One value `ctx.perTool` made, and the build that last used it. */
interface Entry {
  value: unknown;
  build: number;
}

/**
 * What `ctx.perTool` keeps in a watch session: each value by its part (a generator's
 * context and the part's name) and its tool (content hash and names), with the build that
 * last asked for it or made it, so that a sweep drops what the last build did not use.
 * Looked up by two strings a run makes once each — never a key joined per call — since a
 * rebuild asks for some tens of values per tool.
 */
export class PerToolStore {
  private readonly parts = new Map<string, Map<string, Entry>>();
  /** The current build; entries of an earlier one go at the next sweep. */
  private build = 0;
  private count = 0;

  /** @param maxEntries values kept at most; past it, nothing more is kept until a sweep. */
  constructor(private readonly maxEntries: number) {}

  /** The value kept for `part` and `tool`, or undefined. */
  get(part: string, tool: string): unknown {
    const entry = this.parts.get(part)?.get(tool);
    if (!entry) return undefined;
    entry.build = this.build;
    return entry.value;
  }

  /** Keeps `value` (plain data, deep-frozen here: later builds are handed the same object). */
  set(part: string, tool: string, value: unknown): void {
    let values = this.parts.get(part);
    if (!values) this.parts.set(part, (values = new Map()));
    if (!values.has(tool)) {
      if (this.count >= this.maxEntries) return;
      this.count++;
    }
    values.set(tool, { value: deepFreeze(value), build: this.build });
  }

  /** Drops every value the build since the last sweep did not ask for or make. */
  sweep(): void {
    for (const [part, values] of this.parts) {
      for (const [tool, entry] of values)
        if (entry.build !== this.build) {
          values.delete(tool);
          this.count--;
        }
      if (!values.size) this.parts.delete(part);
    }
    this.build++;
  }

  /** Values kept. */
  get size(): number {
    return this.count;
  }
}
