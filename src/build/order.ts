// The order generators run in, from what each requires.

/** What each generator requires, by name. */
export type RequiresOf = (name: string) => readonly string[];

/**
 * The order to run `names` in: each generator after every generator it requires among
 * `names`, and otherwise in the order given — a stable topological sort (Kahn's algorithm
 * that, at each step, takes the first generator in `names` whose requirements have all been
 * taken). Requirements not in `names` are ignored (a partial selection). Generators caught in
 * a cycle, which a checked config never has (see {@link requirementCycle}), come last, in the
 * order given.
 */
export function generatorOrder(names: readonly string[], requiresOf: RequiresOf): string[] {
  const listed = new Set(names);
  const done = new Set<string>();
  const order: string[] = [];
  const ready = (name: string) => requiresOf(name).every((r) => done.has(r) || !listed.has(r) || r === name);
  while (order.length < names.length) {
    const next = names.find((n) => !done.has(n) && ready(n));
    if (next === undefined) {
      order.push(...names.filter((n) => !done.has(n)));
      break;
    }
    done.add(next);
    order.push(next);
  }
  return order;
}

/**
 * A chain of requirements among `names` that leads back to where it started, as the names
 * along it (`["a", "b", "a"]`; `["a", "a"]` for a generator that requires itself), or
 * undefined when there is none.
 */
export function requirementCycle(names: readonly string[], requiresOf: RequiresOf): string[] | undefined {
  const listed = new Set(names);
  const finished = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | undefined => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (finished.has(name)) return undefined;
    path.push(name);
    for (const r of requiresOf(name)) {
      if (!listed.has(r)) continue;
      const cycle = visit(r);
      if (cycle) return cycle;
    }
    path.pop();
    finished.add(name);
    return undefined;
  };
  for (const name of names) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return undefined;
}
