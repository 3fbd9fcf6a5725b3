import type { DiagnosticBag, ErrorCode } from "../../diagnostics/types.js";
import type { SourceLocation } from "../../ir/types.js";
import { DEFAULT_LIMITS, type SpecLimits } from "../limits.js";
import type { MarkdownDocument } from "./document.js";

// The guard is a field of the document (`doc.guard`), set once before it is read.

/** Sets the limits for reading `doc` and where to report values refused under them. */
export function guardDocument(doc: MarkdownDocument, limits: SpecLimits, diagnostics: DiagnosticBag): void {
  doc.guard = { limits, diagnostics, reported: new WeakSet() };
}

/** The limits `doc` is read under (the defaults for a document nobody guarded). */
export function limitsOf(doc: MarkdownDocument): SpecLimits {
  return doc.guard?.limits ?? DEFAULT_LIMITS;
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
  doc.guard ??= { limits: DEFAULT_LIMITS, reported: new WeakSet() };
  const guard = doc.guard;
  if (guard.reported.has(node)) return;
  guard.reported.add(node);
  guard.diagnostics?.error(code, loc, message, help);
}
