import type { DiagnosticBag } from "./types.js";
import type { SourceLocation } from "../ir/types.js";

/**
 * Turns an exception nobody expected into an error diagnostic at the nearest location,
 * so an input that trips a bug fails the run with file:line:col instead of a stack trace.
 * Works for thrown values of any kind (a string, a Proxy, an object whose getters throw).
 */
export function reportUnexpected(diagnostics: DiagnosticBag, loc: SourceLocation, doing: string, error: unknown): void {
  if (isIoError(error)) {
    diagnostics.error(
      "INPUT_UNREADABLE",
      loc,
      `cannot read this input: ${describeThrown(error)}`,
      "check that the file exists and is readable",
    );
    return;
  }
  diagnostics.error(
    "SPEC_INTERNAL",
    loc,
    `unexpected failure while ${doing}: ${describeThrown(error)}`,
    "this input trips a bug in mcp-specgen; simplify the spec around this location, and please report it with the spec",
  );
}

/** True for an error from the file system (it has an errno `code` and a `syscall`). */
function isIoError(e: unknown): boolean {
  try {
    return (
      e instanceof Error &&
      typeof (e as NodeJS.ErrnoException).code === "string" &&
      typeof (e as NodeJS.ErrnoException).syscall === "string"
    );
  } catch {
    return false;
  }
}

/** A short, safe description of any thrown value. */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 500);
    return String(error).slice(0, 500);
  } catch {
    return "(an unprintable value)";
  }
}

/**
 * Runs one step on one input, turning any exception (a bug some input trips, a stack
 * overflow, an I/O error) into an error diagnostic, so one bad file cannot stop the run.
 */
export function guarded<T>(diagnostics: DiagnosticBag, loc: SourceLocation, step: () => T): T | undefined {
  try {
    return step();
  } catch (e) {
    reportUnexpected(diagnostics, loc, "reading this spec", e);
    return undefined;
  }
}
