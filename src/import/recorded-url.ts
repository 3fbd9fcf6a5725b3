import { looksLikeCredential } from "./credential-shape.js";

/** What `import` writes into a spec in place of a value it does not record. */
export const VALUE = "<value>";
/** In place of a URL's user name and password. */
export const CREDENTIALS = "<credentials>";

/**
 * A command or URL as `import` records it in a spec, which people commit: only the parts
 * that name the server and how to reach it are kept, every other value is a placeholder.
 */
export interface Recorded {
  /** The recorded text. */
  text: string;
  /** The values left out (to keep them out of messages too); empty when nothing was. */
  withheld: string[];
}

const SEGMENT = /^[A-Za-z0-9._~@+-]{1,64}$/;
const PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,40}$/;

/**
 * Records a URL: its scheme, host, port and path are kept; the user name and password
 * become `<credentials>`; of the query and fragment only parameter names are kept, every
 * value becomes `<value>`. A host label or path segment that is not a plain word, or looks
 * like a key (as in `https://actions.example.com/mcp/sk-…/sse`), becomes `<value>` too.
 * Text that is not a URL is recorded as `<value>`.
 */
export function recordUrl(url: string): Recorded {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { text: VALUE, withheld: [url] };
  }
  const withheld: string[] = [];
  const keep = (part: string, ok: boolean) => {
    if (ok && !looksLikeCredential(part)) return part;
    withheld.push(part);
    return VALUE;
  };
  let text = parsed.protocol;
  if (parsed.host || url.slice(parsed.protocol.length).startsWith("//")) {
    text += "//";
    if (parsed.username || parsed.password) {
      withheld.push(decode(parsed.username), decode(parsed.password));
      text += `${CREDENTIALS}@`;
    }
    text += parsed.hostname
      .split(".")
      .map((label) => keep(label, /^[A-Za-z0-9-]{0,63}$|^\[[0-9A-Fa-f:.]+\]$/.test(label)))
      .join(".");
    if (parsed.port) text += `:${parsed.port}`;
  }
  const path = parsed.pathname;
  text += path
    .split("/")
    .map((segment) => (segment === "" ? "" : keep(segment, SEGMENT.test(decode(segment)))))
    .join("/");
  text += parameters("?", parsed.search.slice(1), withheld);
  text += parameters("#", parsed.hash.slice(1), withheld);
  return { text, withheld: withheld.filter((w) => w !== "") };
}

/** `name=<value>` pairs of a query or fragment; a pair without a plain name is left out as `<value>`. */
function parameters(lead: string, text: string, withheld: string[]): string {
  if (!text) return "";
  const pairs = text.split(/[&;]/).map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? "" : decode(pair.slice(0, eq));
    if (eq < 0 || !PARAMETER_NAME.test(name) || looksLikeCredential(name)) {
      withheld.push(decode(pair));
      return VALUE;
    }
    const value = decode(pair.slice(eq + 1));
    if (value) withheld.push(value);
    return `${name}=${value ? VALUE : ""}`;
  });
  return lead + pairs.join("&");
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
