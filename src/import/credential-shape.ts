/** Prefixes of well-known token formats (GitHub, GitLab, OpenAI/Anthropic-style, Stripe, Slack, AWS, Google, JWTs). */
const TOKEN_PREFIX =
  /(?:^|[^A-Za-z0-9])(?:gh[pousr]_|github_pat_|glpat-|sk-|sk_(?:live|test)_|[rp]k_(?:live|test)_|xox[abeprs]-|AKIA|ASIA|AIza|ya29\.|eyJ)[A-Za-z0-9]/;
/** Runs of characters tokens are made of. */
const RUN = /[A-Za-z0-9+=_-]{16,}/g;

/**
 * Whether text that `import` would otherwise keep in a recorded command or URL (a program,
 * package or script name, a flag name, a path segment) looks like a credential: a
 * well-known token prefix, or a long run in which letters and digits alternate often, as
 * in random keys, hex digests and UUIDs (`mcp-server-everything`, `python3.12` and
 * `ubuntu-22-04` do not). This is a second line only: what import keeps is decided by
 * what a part of the command is, not by how its text looks.
 */
export function looksLikeCredential(text: string): boolean {
  if (TOKEN_PREFIX.test(text)) return true;
  for (const run of text.match(RUN) ?? []) {
    const core = run.replace(/[-_]/g, "");
    const digits = core.replace(/[^0-9]/g, "").length;
    const letters = core.length - digits;
    if (digits < 4 || letters < 4) continue;
    let switches = 0;
    for (let i = 1; i < core.length; i++) if (isDigit(core[i]!) !== isDigit(core[i - 1]!)) switches++;
    if (switches >= 4) return true;
  }
  return false;
}

function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}
