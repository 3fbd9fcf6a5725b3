/**
 * Secrets in the command or URL an import read from, taken out before the command or URL
 * is written into a spec's header: the spec is committed, the token must not be.
 */
export interface Redacted {
  /** The text with every secret replaced by `<redacted>`. */
  text: string;
  /** What was redacted, one entry per secret, e.g. `the environment assignment API_TOKEN`. */
  redacted: string[];
}

export const REDACTED = "<redacted>";

/** Names of flags, query parameters and headers that carry secrets. */
const SECRET_NAME =
  /token|secret|passw(or)?d|\bpwd\b|pass\b|api[-_]?key|apikey|access[-_]?key|private[-_]?key|\bkey\b|auth|credential|bearer|cookie|session|signature|\bsig\b|client[-_]?secret/i;
const SECRET_FLAG = /(^|[\s;&|(])(--?[A-Za-z0-9][\w.-]*)(=|[ \t]+)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s;&|)]+)/g;
const HEADER_FLAG = /^(-H|--header|--headers|--http-header|--auth|--user|-u|--cookie|-b|--password|-p)$/;
const ASSIGNMENT = /(^|[\s;&|(])((?:export[ \t]+)?)([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|[^\s;&|)]*)/g;
const HEADER_TEXT = /\b(authorization|proxy-authorization|x-api-key|api-key|x-auth-token|cookie)(\s*:\s*)([^"'\n]+)/gi;
/** Shapes of well-known tokens (GitHub, GitLab, OpenAI/Anthropic-style, Slack, AWS keys, JWTs). */
const TOKEN_SHAPE =
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}|glpat-[\w-]{20,}|sk-[\w-]{16,}|sk_(?:live|test)_\w{16,}|xox[abprs]-[\w-]{10,}|AKIA[0-9A-Z]{16}|eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,})\b/g;
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** Redacts a URL: credentials before `@`, and secret-named query or fragment parameters. */
export function redactUrl(url: string): Redacted {
  const redacted: string[] = [];
  let text = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#@\s]*)@/i, (_m, scheme: string, userinfo: string) => {
    redacted.push(userinfo.includes(":") ? "the URL's user name and password" : "the URL's user name (or token)");
    return `${scheme}${REDACTED}@`;
  });
  const q = text.search(/[?#]/);
  if (q >= 0) {
    const head = text.slice(0, q);
    const tail = text
      .slice(q)
      // One separator and the run up to the next: unambiguous, so linear on any input.
      .replace(/([?&#;])([^?&#;]*)/g, (m, sep: string, part: string) => {
        const eq = part.indexOf("=");
        if (eq <= 0) return m;
        const name = part.slice(0, eq);
        const value = part.slice(eq + 1);
        if (!value || value === REDACTED || !SECRET_NAME.test(decodeSafe(name))) return m;
        redacted.push(`the URL parameter ${decodeSafe(name)}`);
        return `${sep}${name}=${REDACTED}`;
      });
    text = head + tail;
  }
  text = text.replace(TOKEN_SHAPE, () => {
    redacted.push("a token");
    return REDACTED;
  });
  return { text, redacted };
}

/**
 * Redacts a shell command: environment assignments (`API_TOKEN=… cmd`, `env A=… cmd`,
 * `export A=…`), the values of secret-named flags (`--api-key …`, `--token=…`) and of
 * header flags (`--header "Authorization: Bearer …"`, `-H …`), `Authorization:`-style
 * header text, credentials and secret parameters in URLs, and well-known token shapes.
 */
export function redactCommand(command: string): Redacted {
  const redacted: string[] = [];
  // URLs are redacted on their own, then held out of the rules below (`&x=1` is no assignment).
  const urls: string[] = [];
  let text = command.replace(URL_IN_TEXT, (url) => {
    const r = redactUrl(url);
    redacted.push(...r.redacted);
    urls.push(r.text);
    return `\uE000${urls.length - 1}\uE000`;
  });
  text = text.replace(ASSIGNMENT, (m, lead: string, exp: string, name: string, value: string) => {
    if (value === REDACTED) return m;
    redacted.push(`the environment assignment ${name}`);
    return `${lead}${exp}${name}=${REDACTED}`;
  });
  text = text.replace(SECRET_FLAG, (m, lead: string, flag: string, sep: string, value: string) => {
    const bare = flag.replace(/^-+/, "");
    if (value === REDACTED || (!HEADER_FLAG.test(flag) && !SECRET_NAME.test(bare))) return m;
    // `--verbose next-arg`: a flag followed by another flag is not a flag with a value.
    if (sep !== "=" && value.startsWith("-")) return m;
    redacted.push(`the value of ${flag}`);
    return `${lead}${flag}${sep}${REDACTED}`;
  });
  text = text.replace(HEADER_TEXT, (m, name: string, sep: string, value: string) => {
    if (value.trim() === REDACTED) return m;
    redacted.push(`the ${name} header`);
    return `${name}${sep}${REDACTED}`;
  });
  text = text.replace(TOKEN_SHAPE, () => {
    redacted.push("a token");
    return REDACTED;
  });
  text = text.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => urls[Number(i)]!);
  return { text, redacted };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
