import type { Severity } from "./severity.js";

/** What the catalogue records about one diagnostic code. */
export interface DiagnosticCodeInfo {
  /** The severity the code is reported with (docs/diagnostics.md and the lint summary show it). */
  readonly severity: Severity;
  /**
   * Further severities some call sites may report the code with, when context decides how
   * bad the same finding is. Absent for a code that always has `severity`.
   */
  readonly alsoReportedAs?: readonly Severity[];
  /** What the finding means (the "meaning" column of docs/diagnostics.md). */
  readonly summary: string;
  /** Why it usually happens: one sentence. */
  readonly cause: string;
  /** What to do about it: the `help` of a diagnostic whose call site gives none. */
  readonly fix: string;
}
