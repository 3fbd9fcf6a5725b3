import type { JsonValue, SourceLocation } from "../ir/types.js";
import type { RuleCode } from "./rules.js";
import { IMPACTS, type Impact } from "./impact.js";

export { IMPACTS, type Direction, type Impact } from "./impact.js";

/** One classified difference between two versions of a tool set. */
export interface Change {
  /** The tool's wire name (the head's, or the base's for a removed tool). */
  tool: string;
  /** The tool's module. */
  module: string;
  /** The rule that classified the change (see `RULES`). */
  code: RuleCode;
  /** The rule's impact, after the config's overrides. */
  impact: Impact;
  /** JSON pointer into the tool: `/inputSchema/properties/path`, `/annotations/readOnlyHint`, `` for the tool. */
  pointer: string;
  /** What changed, in one sentence. */
  message: string;
  /** The value before the change, when there was one. */
  before?: JsonValue;
  /** The value after the change, when there is one. */
  after?: JsonValue;
  /** Where the change is in the head's spec (in the base's for what the head no longer has). */
  loc?: SourceLocation;
  /** A value that shows the change: accepted before and rejected now (or the reverse for outputs). */
  evidence?: JsonValue;
  /** What a caller must do about a breaking change, for the changelog's migration notes. */
  migration?: string;
  /** True for text a model reads (a tool's description): worth a human review whatever its impact. */
  review?: true;
}

/** What comparing two tool sets found. */
export interface DiffResult {
  /** Every change, ordered by tool, then impact, then pointer. */
  changes: Change[];
  /** The highest impact of any change, `none` when nothing changed. */
  impact: Impact | "none";
}

/** The highest of some impacts (`none` for none). */
export function highestImpact(impacts: Iterable<Impact>): Impact | "none" {
  let best: Impact | "none" = "none";
  for (const i of impacts) if (best === "none" || IMPACTS.indexOf(i) < IMPACTS.indexOf(best)) best = i;
  return best;
}

/** True when impact `a` is at least as severe as `b`. */
export function atLeast(a: Impact | "none", b: Impact): boolean {
  return a !== "none" && IMPACTS.indexOf(a) <= IMPACTS.indexOf(b);
}
