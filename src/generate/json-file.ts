/**
 * Serialises JSON output deterministically: `JSON.stringify(value, null, 2)` and a trailing
 * newline. Plain `JSON.stringify` on purpose: it writes into one buffer, which is faster
 * than joining texts kept per frozen schema (as `tsLiteral` does), even when nearly all
 * of them are kept: a `generate --watch` rebuild of 1,000 tools made `openai.json` in
 * 14 ms this way and in 22–28 ms from kept texts.
 */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
