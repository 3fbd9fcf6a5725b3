import type { RE2JS } from "re2js";

/**
 * How large a translated pattern may be. re2js compiles a pattern into a program whose size
 * is its atoms times their repetitions, summed over the pattern (`x{1000}` is a thousand
 * instructions, ten such alternatives ten thousand); compiling takes time and memory in
 * proportion to it, and so may matching, per character of the string, once the engine's
 * cache of states overflows. Counted as re2js's parser does (its `calcSize`), on the
 * translation. Chosen by measurement (see "Patterns (issue 26)" in bench/RESULTS.md): far
 * above what real patterns need, low enough that compiling stays quick.
 */
export const MAX_PROGRAM_SIZE = 5000;

/**
 * How deeply groups may nest. Parsing and translating recurse once per level (so would any
 * analysis of the syntax tree); real patterns nest a few levels at most.
 */
export const MAX_GROUP_NESTING = 100;

/**
 * The memory, in bytes as re2js counts them, that one compiled pattern may keep in its cache
 * of states (re2js's default is 8 MiB per pattern, for the life of the process, which strings
 * an attacker chooses can fill for every pattern of a server). When the cache is full re2js
 * empties it and goes on, or, if that happens too often, answers with its slower engine that
 * keeps no cache; either way in time linear in the string.
 */
export const DFA_MEMORY_BUDGET = 512 * 1024;

/**
 * How deeply the groups of a valid Unicode-mode pattern nest: each `(` (of a group,
 * lookaround or named group) outside a character class opens a level. Does not recurse.
 */
export function groupNestingDepth(pattern: string): number {
  let depth = 0;
  let deepest = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") deepest = Math.max(deepest, ++depth);
    else if (c === ")") depth--;
  }
  return deepest;
}

/**
 * Bounds the memory a compiled pattern's cache of states keeps to {@link DFA_MEMORY_BUDGET}.
 * re2js takes the bound only when it creates the cache (`new DFA(prog, maxMem)`, reached
 * through `re2().dfa`), so the cache is created here with the default and its budget lowered
 * before anything is in it.
 */
export function boundDfaMemory(regexp: RE2JS): RE2JS {
  const dfa = regexp.re2().dfa;
  dfa.maxMem = DFA_MEMORY_BUDGET;
  dfa.stateBudget = DFA_MEMORY_BUDGET;
  dfa.memBudget = DFA_MEMORY_BUDGET;
  return regexp;
}
