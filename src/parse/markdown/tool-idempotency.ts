import type { Idempotency } from "../../ir/types.js";

/** Reads an idempotency statement ("Yes", "No — …", "Partially", "Depends on …", mixed lists). */
export function readIdempotency(text: string, parts: { idempotency?: Idempotency }): void {
  const clean = text.replace(/\*\*/g, "");
  const m =
    /^\W*(?:idempotent\w*\W*)?(yes|no|partial(?:ly)?|true|false|depends|conditional(?:ly)?|varies|mixed)\b[\s.,;:—–-]*(.*)$/is.exec(
      clean,
    );
  if (!m) {
    const negative = /\b(not|non)[\s-]idempotent\b/i.test(clean);
    const positive = /(^|[^-\w])idempotent\b/i.test(clean.replace(/\b(not|non)[\s-]idempotent\b/gi, ""));
    if (negative || positive) {
      parts.idempotency = {
        value: negative && positive ? "partial" : negative ? "no" : "yes",
        explanation: clean.trim(),
      };
      return;
    }
    if (parts.idempotency && !parts.idempotency.explanation) parts.idempotency.explanation = text.trim();
    return;
  }
  const word = m[1]!.toLowerCase();
  let value: Idempotency["value"] =
    word === "yes" || word === "true" ? "yes" : word === "no" || word === "false" ? "no" : "partial";
  const explanation = m[2]!.replace(/^explanation\s*:\s*/i, "").trim();
  // "No for "record", Yes for "summary"": both answers, depending on the call.
  const firstLine = clean.trim().split("\n")[0]!;
  const opposite = value === "yes" ? /\bno\s+(for|when|if|in|on)\b/i : /\byes\s+(for|when|if|in|on)\b/i;
  if (value !== "partial" && opposite.test(firstLine)) value = "partial";
  parts.idempotency = {
    value,
    ...(explanation
      ? { explanation }
      : parts.idempotency?.explanation
        ? { explanation: parts.idempotency.explanation }
        : {}),
  };
}
