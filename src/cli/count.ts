/** `1 tool`, `8 tools`: a count with its noun, for the command line's summaries. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
