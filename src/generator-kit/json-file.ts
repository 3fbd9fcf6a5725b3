/** Serialises JSON output deterministically: `JSON.stringify(value, null, 2)` and a trailing newline. */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
