/**
 * Which schemas can make validation cost grow faster than the value it checks, so that even
 * a small value must be validated under the budget (call-budget.ts).
 *
 * A validator compiled from a schema (ajv's, with `allErrors`, as generated validators and
 * the runtime's compiler are built) applies subschemas to parts of the value: every
 * application costs a bounded amount of work for that part, and applications reach a part
 * of the value only along a path of the schema graph (schema-graph.ts) whose steps match
 * the part's path in the value (a property name, an item index). With `allErrors` every
 * branch of `anyOf` / `oneOf` is taken, whatever the others found (the analysis assumes that
 * every in-place subschema runs: an upper bound). So the work on a value is, up to a
 * constant of the schema, the number of such paths summed over its parts.
 *
 * Read the graph as an automaton over the parts' paths: the number of paths that reach one
 * part is its number of runs. It stays bounded for every value exactly when the automaton is
 * finitely ambiguous, which fails in two known ways (Weber and Seidl, 1991): a state with
 * two different cycles on the same path (the runs double at every turn: exponential), or two
 * states p ≠ q, each on a cycle, with p reaching both on the same path (the runs grow with the
 * depth: polynomial). Both need the same thing in the product of the automaton with itself:
 * a pair of different states on a cycle, reached from a pair (r, r) with r in the cycle of
 * one of them — or one path applying a subschema twice inside a cycle. That is what is
 * checked, on the steps of the graph (which never overlap when they name different
 * properties, or items of different indexes). It can flag a schema whose runs are bounded
 * after all, never miss one that is not. A schema without a reference cycle is never
 * flagged: its runs are bounded by its size.
 *
 * What is not flagged is bounded by the size of the value: pairwise `uniqueItems`, the
 * quadratic ajv-formats checks and patterns on the linear-time engine are at most quadratic
 * in a value below the budget's `minSize`. Two more things are flagged: patterns that run on
 * JavaScript's backtracking RegExp (the `backtrackingPatterns` opt-in), exponential in the
 * length of a short string, and patterns compiled by a `compileSchema` of the user's own,
 * whose engine is unknown.
 */
import { logSafely, type Logger } from "./logger.js";
import { escapePointerToken } from "./paths.js";
import { compilePattern } from "./patterns/linear-regexp.js";
import { translatePattern } from "./patterns/translate.js";
import { buildSchemaGraph, SchemaGraphError, type SchemaNode, type StepLabel } from "./schema-graph.js";

/** Options of {@link superLinearValidation}. */
export interface ValidationCostOptions {
  /** The schema's patterns run on an engine not known here (a registry's own `compileSchema`). */
  unknownPatternEngine?: boolean;
}

/**
 * Whether every validation against tool `tool`'s `which` schema must run under the budget,
 * however small the value (logged at debug level, with the reason, when it must).
 */
export function mustAlwaysGuard(
  schema: unknown,
  options: ValidationCostOptions & { tool: string; which: "input" | "output"; logger: Logger },
): boolean {
  const why = superLinearValidation(schema, options);
  if (why === undefined) return false;
  logSafely(
    options.logger,
    "debug",
    `Tool "${options.tool}": every validation of its ${options.which === "input" ? "arguments" : "results"} runs under the validation budget, however small: ${why}`,
  );
  return true;
}

/** Most subschemas analysed; a larger schema is treated as flagged. */
const MAX_NODES = 20_000;
/** Most in-place applications followed from all states; past it the schema is treated as flagged. */
const MAX_CLOSURE_WORK = 2_000_000;
/** Most pairs of steps compared in the product; past it the schema is treated as flagged. */
const MAX_PAIR_WORK = 2_000_000;
const TOO_LARGE = "it is too large to analyse, so its validation cost cannot be bounded";

/**
 * Why validating `schema` can cost more than linear time in the value, or undefined when it
 * cannot (see the file comment for the rule and why it is sound).
 */
export function superLinearValidation(schema: unknown, options: ValidationCostOptions = {}): string | undefined {
  try {
    const nodes = buildSchemaGraph(schema, MAX_NODES);
    return unboundedRuns(nodes) ?? costlyPattern(nodes, options);
  } catch (err) {
    // Whatever cannot be analysed (a reference to nothing, a schema too large, a pattern
    // the translator chokes on) is treated as flagged: guarding costs only time.
    const why = err instanceof SchemaGraphError ? err.message : "it could not be analysed";
    return `${why}, so its validation cost cannot be bounded`;
  }
}

const at = (node: SchemaNode): string => JSON.stringify(`#${node.pointer}`);

/** One step of the automaton: from a state, into a part of the value, to another state. */
interface Transition {
  readonly label: StepLabel;
  readonly to: number;
  /** The step's subschema is reached from the state along two or more in-place paths. */
  readonly twice: boolean;
}

function unboundedRuns(nodes: readonly SchemaNode[]): string | undefined {
  const rank = inPlaceOrder(nodes);
  if (typeof rank === "number")
    return `${at(nodes[rank]!)} is applied to the same value again without descending into it (a reference cycle): validating recurses without end`;

  // States: the root and every subschema a step leads to; transitions: what each state can
  // step into, through the subschemas it applies in place.
  const states: number[] = [0];
  const stateOf = new Map<number, number>([[0, 0]]);
  const transitions: Transition[][] = [];
  const mark = new Int32Array(nodes.length).fill(-1);
  const paths = new Uint8Array(nodes.length);
  let work = 0;
  for (let s = 0; s < states.length; s++) {
    const reached = inPlaceClosure(nodes, states[s]!, s, mark, rank);
    work += reached.length;
    if (work > MAX_CLOSURE_WORK) return TOO_LARGE;
    for (const n of reached) paths[n] = 0;
    paths[states[s]!] = 1;
    const out: Transition[] = [];
    for (const n of reached) {
      const count = paths[n]!;
      for (const next of nodes[n]!.inPlace) paths[next] = Math.min(2, paths[next]! + count);
      for (const step of nodes[n]!.steps) {
        let to = stateOf.get(step.target);
        if (to === undefined) {
          to = states.length;
          states.push(step.target);
          stateOf.set(step.target, to);
        }
        out.push({ label: step.label, to, twice: count >= 2 });
      }
    }
    transitions.push(out);
  }

  const automaton = components(states.length, (s) => transitions[s]!.map((t) => t.to));
  if (!automaton.cyclic.some(Boolean)) return undefined;
  const cyclicState = (s: number) => automaton.cyclic[automaton.component[s]!]!;
  for (let s = 0; s < states.length; s++) {
    if (!cyclicState(s)) continue;
    for (const t of transitions[s]!)
      if (t.twice && automaton.component[t.to] === automaton.component[s])
        return `${at(nodes[states[t.to]!]!)} is applied twice to the same part of a value (through two in-place branches) and recurses into its parts: the work multiplies at each level of nesting`;
  }
  const pair = ambiguousPair(states.length, transitions, automaton);
  if (pair === "too large") return TOO_LARGE;
  if (pair === undefined) return undefined;
  return `${at(nodes[states[pair[0]]!]!)} and ${at(nodes[states[pair[1]]!]!)} can both apply to the same nested value and both recurse into its parts: the work grows with the value's depth`;
}

/**
 * Ranks of the nodes validation can reach from the root, in an order where every in-place
 * edge goes forward; or, when the in-place edges between them have a cycle, a node on it.
 * (Definitions nothing refers to are never compiled: they do not count.)
 */
function inPlaceOrder(nodes: readonly SchemaNode[]): Int32Array | number {
  const reachable = [0];
  const seen = new Uint8Array(nodes.length);
  seen[0] = 1;
  for (let i = 0; i < reachable.length; i++) {
    const node = nodes[reachable[i]!]!;
    for (const next of [...node.inPlace, ...node.steps.map((step) => step.target)])
      if (!seen[next]) {
        seen[next] = 1;
        reachable.push(next);
      }
  }
  const incoming = new Int32Array(nodes.length);
  for (const n of reachable) for (const next of nodes[n]!.inPlace) incoming[next]!++;
  const ready = reachable.filter((n) => incoming[n] === 0);
  const rank = new Int32Array(nodes.length).fill(-1);
  let placed = 0;
  while (ready.length > 0) {
    const n = ready.pop()!;
    rank[n] = placed++;
    for (const next of nodes[n]!.inPlace) if (--incoming[next]! === 0) ready.push(next);
  }
  if (placed === reachable.length) return rank;
  const cycles = components(nodes.length, (n) => (seen[n] ? nodes[n]!.inPlace : []));
  return cycles.component.findIndex((c, n) => seen[n] === 1 && cycles.cyclic[c]);
}

/** The nodes applied in place from `start` (itself included), in rank order. */
function inPlaceClosure(
  nodes: readonly SchemaNode[],
  start: number,
  stamp: number,
  mark: Int32Array,
  rank: Int32Array,
): number[] {
  const reached = [start];
  mark[start] = stamp;
  for (let i = 0; i < reached.length; i++)
    for (const next of nodes[reached[i]!]!.inPlace)
      if (mark[next] !== stamp) {
        mark[next] = stamp;
        reached.push(next);
      }
  return reached.sort((a, b) => rank[a]! - rank[b]!);
}

interface Components {
  /** Component of each vertex. */
  readonly component: Int32Array;
  /** Per component: it holds a cycle (two vertices or more, or a vertex with an edge to itself). */
  readonly cyclic: boolean[];
}

/** Strongly connected components (Tarjan's algorithm, without recursion: schemas can be deep). */
function components(count: number, successors: (v: number) => readonly number[]): Components {
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const component = new Int32Array(count).fill(-1);
  const cyclic: boolean[] = [];
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  let next = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const frames: Array<{ v: number; edges: readonly number[]; i: number }> = [];
    const open = (v: number) => {
      index[v] = low[v] = next++;
      stack.push(v);
      onStack[v] = 1;
      frames.push({ v, edges: successors(v), i: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.i < frame.edges.length) {
        const w = frame.edges[frame.i++]!;
        if (index[w] === -1) open(w);
        else if (onStack[w]) low[frame.v] = Math.min(low[frame.v]!, index[w]!);
        continue;
      }
      frames.pop();
      const v = frame.v;
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]!.v;
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] !== index[v]) continue;
      const id = cyclic.length;
      let size = 0;
      for (let w = -1; w !== v; ) {
        w = stack.pop()!;
        onStack[w] = 0;
        component[w] = id;
        size++;
      }
      cyclic.push(size > 1 || frame.edges.includes(v));
    }
  }
  return { component, cyclic };
}

/**
 * Two different states, on a cycle of the product, reached from (r, r) with r in the cycle
 * of one of them (see the file comment); "too large" past the work bound.
 */
function ambiguousPair(
  stateCount: number,
  transitions: readonly Transition[][],
  automaton: Components,
): [number, number] | "too large" | undefined {
  const region = betweenCycles(stateCount, transitions, automaton);
  const overlap = overlapTest();
  // The product, restricted to the region, from every (r, r) with r on a cycle.
  const pairIndex = new Map<number, number>();
  const first: number[] = [];
  const second: number[] = [];
  const edges: number[][] = [];
  const pairOf = (a: number, b: number): number => {
    const key = a * stateCount + b;
    let p = pairIndex.get(key);
    if (p === undefined) {
      p = first.length;
      pairIndex.set(key, p);
      first.push(a);
      second.push(b);
      edges.push([]);
    }
    return p;
  };
  for (let r = 0; r < stateCount; r++) if (automaton.cyclic[automaton.component[r]!]) pairOf(r, r);
  let work = 0;
  for (let p = 0; p < first.length; p++) {
    const out = edges[p]!;
    for (const ta of transitions[first[p]!]!) {
      if (!region[ta.to]) continue;
      for (const tb of transitions[second[p]!]!) {
        if (++work > MAX_PAIR_WORK) return "too large";
        if (region[tb.to] && overlap(ta.label, tb.label)) out.push(pairOf(ta.to, tb.to));
      }
    }
  }
  const product = components(first.length, (p) => edges[p]!);
  // Per cycle of the automaton: the pairs reached from its (r, r).
  const reached = new Int32Array(first.length).fill(-1);
  for (let c = 0; c < automaton.cyclic.length; c++) {
    if (!automaton.cyclic[c]) continue;
    const queue: number[] = [];
    for (let p = 0; p < first.length; p++)
      if (first[p] === second[p] && automaton.component[first[p]!] === c) {
        reached[p] = c;
        queue.push(p);
      }
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i]!;
      const a = first[p]!;
      const b = second[p]!;
      if (
        a !== b &&
        product.cyclic[product.component[p]!] &&
        (automaton.component[a] === c || automaton.component[b] === c)
      )
        return [a, b];
      for (const q of edges[p]!)
        if (reached[q] !== c) {
          reached[q] = c;
          queue.push(q);
        }
    }
  }
  return undefined;
}

/** The states reachable from a cycle that can reach a cycle (where every pair that matters lies). */
function betweenCycles(stateCount: number, transitions: readonly Transition[][], automaton: Components): Uint8Array {
  const backward: number[][] = Array.from({ length: stateCount }, () => []);
  for (let s = 0; s < stateCount; s++) for (const t of transitions[s]!) backward[t.to]!.push(s);
  const spread = (successors: (s: number) => Iterable<number>): Uint8Array => {
    const seen = new Uint8Array(stateCount);
    const queue: number[] = [];
    for (let s = 0; s < stateCount; s++)
      if (automaton.cyclic[automaton.component[s]!]) {
        seen[s] = 1;
        queue.push(s);
      }
    for (let i = 0; i < queue.length; i++)
      for (const n of successors(queue[i]!))
        if (!seen[n]) {
          seen[n] = 1;
          queue.push(n);
        }
    return seen;
  };
  const forward = spread((s) => transitions[s]!.map((t) => t.to));
  const back = spread((s) => backward[s]!);
  return forward.map((f, s) => f & back[s]!);
}

/** Whether two steps can enter the same part of a value (patterns tested with a per-analysis cache). */
function overlapTest(): (a: StepLabel, b: StepLabel) => boolean {
  const compiled = new Map<string, { test(name: string): boolean } | null>();
  const matches = (pattern: string, name: string): boolean => {
    let matcher = compiled.get(pattern);
    if (matcher === undefined) {
      try {
        matcher = compilePattern(pattern);
      } catch {
        matcher = null; // not runnable here: assume it may match
      }
      compiled.set(pattern, matcher);
    }
    return matcher === null || matcher.test(name);
  };
  const admits = (label: StepLabel, name: string): boolean =>
    label.kind === "properties" &&
    !label.except?.has(name) &&
    (label.pattern === undefined || matches(label.pattern, name));
  return (a, b) => {
    if (a.kind === "key" || b.kind === "key") return a.kind === b.kind;
    if (a.kind === "items" || b.kind === "items")
      return a.kind === "items" && b.kind === "items" && Math.max(a.from, b.from) <= Math.min(a.to, b.to);
    if (a.kind === "property") return b.kind === "property" ? a.name === b.name : admits(b, a.name);
    if (b.kind === "property") return admits(a, b.name);
    return true;
  };
}

/** Why a pattern of `schema` can take more than linear time, or undefined. */
function costlyPattern(nodes: readonly SchemaNode[], options: ValidationCostOptions): string | undefined {
  for (const node of nodes) {
    const schema = node.schema as Record<string, unknown>;
    if (typeof schema !== "object" || schema === null) continue;
    const patterns: Array<[string, string]> = [];
    if (typeof schema.pattern === "string") patterns.push([schema.pattern, `${node.pointer}/pattern`]);
    const keyed = schema.patternProperties;
    if (typeof keyed === "object" && keyed !== null && !Array.isArray(keyed))
      for (const key of Object.keys(keyed))
        patterns.push([key, `${node.pointer}/patternProperties/${escapePointerToken(key)}`]);
    for (const [pattern, pointer] of patterns) {
      const where = `its pattern ${JSON.stringify(pattern)} at ${JSON.stringify(`#${pointer}`)}`;
      if (options.unknownPatternEngine)
        return `${where} runs on the engine of the registry's own compileSchema, which may backtrack`;
      const translated = translatePattern(pattern);
      if (!translated.ok && !translated.invalid)
        return `${where} runs on JavaScript's backtracking RegExp (backtrackingPatterns), whose time can grow exponentially with a string's length`;
    }
  }
  return undefined;
}
