import type { Root } from "mdast";
import { DEFAULT_LIMITS, type SpecLimits } from "../parse/limits.js";
import { parseMarkdown } from "../parse/markdown/document.js";
import { findMarkdownExcess } from "../parse/markdown/prescan.js";
import { applyEdits, type Change, effectiveChanges } from "./edits.js";
import { meaningDifference, type SpecMeaning, specMeaning } from "./meaning.js";
import { blankLineChanges, lineEndingChanges, trailingWhitespaceChanges } from "./rules-lines.js";
import { fenceChanges, headingChanges } from "./rules-blocks.js";
import { listChanges } from "./rules-lists.js";
import { tableChanges } from "./rules-tables.js";

/** One normalisation: the changes it would make to a text, given the text's Markdown tree. */
type Rule = (text: string, root: Root) => Change[];

/**
 * The normalisations, in the order they run. Line endings come first so the others see
 * `\n` only; blank lines come last, after the rewrites that may leave lines empty.
 */
const RULES: readonly Rule[] = [
  lineEndingChanges,
  trailingWhitespaceChanges,
  headingChanges,
  fenceChanges,
  listChanges,
  tableChanges,
  blankLineChanges,
];

/** At most this many passes over the rules: they settle in one or two, and the bound stops a cycle. */
const MAX_PASSES = 4;

/** A change fmt did not make because the spec would mean something else after it. */
export interface Refusal {
  /**
   * 1-based line of the change in the text fmt returns (the refusals are those of the last
   * pass, which changed nothing), so it points into the file as `fmt` writes it.
   */
  line: number;
  /** What it would have rewritten ("the table", "the list"). */
  what: string;
  /** What would change in the spec's meaning (see `meaningDifference`). */
  difference: string;
}

/** The outcome of formatting one spec. */
export interface FormatResult {
  /** The formatted text; the input itself when nothing could be changed. */
  text: string;
  /** Changes left out because they would change what the spec means. */
  refused: Refusal[];
  /** Set when the whole file was left as it is, and why (too complex to read). */
  untouched?: string;
}

/**
 * Rewrites a Markdown spec into the canonical layout without changing what it means. Each
 * rule's changes are tried together; a set that changes the spec's meaning (the tools the
 * parser reads and its findings, compared with the original's by {@link specMeaning}) is
 * split in halves and tried again, down to single changes, which are refused and reported.
 * So every text this returns has been parsed and found to mean what `text` means.
 * Idempotent: the rules run again until nothing changes.
 *
 * @param file the spec's path; it decides the module of bare tool names, as when generating.
 */
export function formatSpec(file: string, text: string, limits: SpecLimits = DEFAULT_LIMITS): FormatResult {
  if (findMarkdownExcess(text, limits))
    return { text, refused: [], untouched: "it nests or packs Markdown beyond the limits, so it is not read" };
  const meaningOf = (t: string) => specMeaning(file, t, limits);
  // Most files keep their meaning under every rule: try all of them first, checked once
  // (and not at all when there is nothing to change: a formatted file is parsed once).
  const everything = runRules(file, text, (_base, changes, candidate) => ({ text: candidate(changes), refused: [] }));
  if (everything.text === text) return everything;
  const reference = meaningOf(text);
  if (meaningDifference(reference, meaningOf(everything.text)) === undefined) return everything;
  return runRules(file, text, (base, changes) => applyProven(meaningOf, base, changes, reference));
}

/** How a rule's changes are applied: all of them, or those proved to keep the meaning. */
type Apply = (
  base: string,
  changes: readonly Change[],
  candidate: (changes: readonly Change[]) => string,
) => { text: string; refused: Refusal[] };

/** Runs the rules over `text` until it no longer changes, applying each rule's changes with `apply`. */
function runRules(file: string, text: string, apply: Apply): FormatResult {
  let current = text;
  let refused: Refusal[] = [];
  // The tree of `current`, parsed again only when a rule has changed the text.
  let tree = parseMarkdown(file, current).root;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = current;
    refused = [];
    for (const rule of RULES) {
      const base = current;
      const changes = effectiveChanges(base, rule(base, tree));
      if (!changes.length) continue;
      const applied = apply(base, changes, (some) =>
        applyEdits(
          base,
          some.flatMap((c) => c.edits),
        ),
      );
      refused.push(...applied.refused);
      if (applied.text !== current) tree = parseMarkdown(file, applied.text).root;
      current = applied.text;
    }
    if (current === before) break;
  }
  return { text: current, refused: refused.sort((a, b) => a.line - b.line) };
}

/**
 * Applies as many of `changes` to `base` as keep its meaning `reference`: all at once when
 * they do; else each half, recursively; a single change that does not is refused.
 */
function applyProven(
  meaningOf: (text: string) => SpecMeaning,
  base: string,
  changes: readonly Change[],
  reference: SpecMeaning,
): { text: string; refused: Refusal[] } {
  const accepted: Change[] = [];
  const refused: Refusal[] = [];
  let text = base;
  const attempt = (group: readonly Change[]): void => {
    const candidate = applyEdits(
      base,
      [...accepted, ...group].flatMap((c) => c.edits),
    );
    const difference = meaningDifference(reference, meaningOf(candidate));
    if (difference === undefined) {
      accepted.push(...group);
      text = candidate;
    } else if (group.length === 1) {
      refused.push({ line: group[0]!.line, what: group[0]!.what, difference });
    } else {
      const half = Math.ceil(group.length / 2);
      attempt(group.slice(0, half));
      attempt(group.slice(half));
    }
  };
  attempt(changes);
  return { text, refused };
}
