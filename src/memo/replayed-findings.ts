import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";

/**
 * Where the results of pure work on the IR are stored, by a key made of what the work read
 * (a tool's content hash and the settings it ran under): a build session's memory between
 * the builds of `generate --watch`. A `MemoStore` is one.
 */
export interface ResultStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** A result stored with the findings reported while computing it. */
interface WithFindings {
  value: unknown;
  found: Diagnostic[];
}

/**
 * What `compute` returns, with the findings it reports into its own bag added to
 * `diagnostics`: computed once per `key` while `results` holds it, and then its value handed
 * back and its findings reported again, as if computed. `key` must name everything
 * `compute` reads. Findings are reported even when `compute` throws (nothing is stored then).
 * Without `results`, just computes.
 */
export function withReplayedFindings<V>(
  results: ResultStore | undefined,
  key: string,
  diagnostics: DiagnosticBag,
  compute: (bag: DiagnosticBag) => V,
): V {
  const known = results?.get(key) as WithFindings | undefined;
  if (known) {
    diagnostics.items.push(...known.found);
    return known.value as V;
  }
  const bag = new DiagnosticBag();
  try {
    const value = compute(bag);
    results?.set(key, { value, found: bag.items } satisfies WithFindings);
    return value;
  } finally {
    diagnostics.items.push(...bag.items);
  }
}
