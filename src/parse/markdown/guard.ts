import type { DiagnosticBag, ErrorCode } from "../../diagnostics/types.js";
import type { SourceLocation } from "../../ir/types.js";
import { DEFAULT_LIMITS, type SpecLimits } from "../limits.js";
import type { MarkdownDocument } from "./document.js";

/** The limits a document is read under, and where refusals are reported. */
interface DocumentGuard {
  limits: SpecLimits;
  diagnostics?: DiagnosticBag;
  /** Nodes already refused: a block read twice (as a schema, then as an example) is reported once. */
  reported: WeakSet<object>;
}

// Kept beside the document rather than in it: the readers that need it get the document
// already, and other code building documents (tests, import checks) needs no change.
const guards = new WeakMap<MarkdownDocument, DocumentGuard>();

/** Sets the limits for reading `doc` and where to report values refused under them. */
export function guardDocument(doc: MarkdownDocument, limits: SpecLimits, diagnostics: DiagnosticBag): void {
  guards.set(doc, { limits, diagnostics, reported: new WeakSet() });
}

/** The limits `doc` is read under (the defaults for a document nobody guarded). */
export function limitsOf(doc: MarkdownDocument): SpecLimits {
  return guards.get(doc)?.limits ?? DEFAULT_LIMITS;
}

/** Reports, once per node, that a code block or span is not read because of a limit. */
export function refuseNode(
  doc: MarkdownDocument,
  node: object,
  code: ErrorCode,
  loc: SourceLocation,
  message: string,
  help: string,
): void {
  let guard = guards.get(doc);
  if (!guard) guards.set(doc, (guard = { limits: DEFAULT_LIMITS, reported: new WeakSet() }));
  if (guard.reported.has(node)) return;
  guard.reported.add(node);
  guard.diagnostics?.error(code, loc, message, help);
}
