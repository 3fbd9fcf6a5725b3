/**
 * The `Origin` and `Host` checks of the HTTP server: the defence against DNS
 * rebinding, where a web page on an attacker's domain, re-pointed at 127.0.0.1,
 * makes the victim's browser talk to a local MCP server. The browser then sends
 * the attacker's name in `Host` (and its page's origin in `Origin`, if any), so a
 * loopback server accepts only loopback names in both.
 *
 * Parsing is strict on purpose: a lenient pattern once took `https://[::1]:99999`
 * for a loopback origin. Anything a browser would not send (a path, user info,
 * an out-of-range or zero-padded port, a name the URL parser had to normalise such
 * as `127.1`) is refused.
 */

/** Host names that always mean this machine (as they appear in URLs). */
const LOOPBACK_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** `scheme://authority` and nothing else: no path, query, fragment, user info, whitespace or backslash. */
const ORIGIN_SHAPE = /^(https?):\/\/([^/?#@\s\\]+)$/i;

/** A port as written in an authority: 1–65535, no sign, no leading zero. */
function validPort(text: string): boolean {
  if (!/^[1-9][0-9]{0,4}$/.test(text)) return false;
  return Number(text) <= 65535;
}

/**
 * Splits `host[:port]` (IPv6 in brackets) into its parts; undefined when it is
 * malformed (e.g. a bad port, or an IPv6 address without brackets).
 */
export function splitAuthority(authority: string): { host: string; port: string | undefined } | undefined {
  let host: string;
  let rest: string;
  if (authority.startsWith("[")) {
    const close = authority.indexOf("]");
    if (close === -1) return undefined;
    host = authority.slice(0, close + 1);
    rest = authority.slice(close + 1);
  } else {
    const colon = authority.indexOf(":");
    host = colon === -1 ? authority : authority.slice(0, colon);
    rest = colon === -1 ? "" : authority.slice(colon);
  }
  if (host === "") return undefined;
  if (rest === "") return { host, port: undefined };
  if (!rest.startsWith(":") || !validPort(rest.slice(1))) return undefined;
  return { host, port: rest.slice(1) };
}

/**
 * True for an `Origin` header value of a page served from this machine:
 * `http(s)://localhost|127.0.0.1|[::1]` with an optional port 1–65535. The value
 * is parsed with `new URL` and must already be in the form the URL parser would
 * write (so `http://127.1`, `http://LOCALHOST.` or `https://[::1]:99999` fail).
 * `null` (sandboxed frames, `file:` pages) is not loopback.
 */
export function isLoopbackOrigin(origin: string): boolean {
  const shape = ORIGIN_SHAPE.exec(origin);
  if (shape === null) return false;
  const authority = splitAuthority(shape[2]);
  if (authority === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username !== "" || url.password !== "") return false;
  const host = authority.host.toLowerCase();
  // The parser normalises `127.1`, `0x7f.0.0.1`, trailing dots…: only names it kept as written pass.
  if (host !== url.hostname) return false;
  return LOOPBACK_NAMES.includes(host);
}

/**
 * Whether an `Origin` header is allowed. Without a list only loopback origins
 * are (see {@link isLoopbackOrigin}); with one, exact values, or any origin for
 * `"*"` — except `null`, which must be listed literally to be allowed.
 */
export function originAllowed(origin: string, allowedOrigins: readonly string[] | undefined): boolean {
  if (allowedOrigins === undefined) return isLoopbackOrigin(origin);
  if (allowedOrigins.includes(origin)) return true;
  return origin !== "null" && allowedOrigins.includes("*");
}

/** True for an address of this machine's loopback interface (127.0.0.0/8, ::1, IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (a === "::1" || a === "0:0:0:0:0:0:0:1") return true;
  const v4 = a.startsWith("::ffff:") ? a.slice(7) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The `Host` values a server bound to a loopback address accepts by default:
 * `localhost`, `127.0.0.1`, `[::1]` and the bound address itself, each alone or
 * with the bound port (lower case). Empty for other addresses (the server cannot
 * know the names it is reached by; set `allowedHosts` there).
 */
export function defaultAllowedHosts(boundAddress: string, port: number): readonly string[] {
  if (!isLoopbackAddress(boundAddress)) return [];
  const bound = boundAddress.includes(":") ? `[${boundAddress.toLowerCase()}]` : boundAddress;
  const names = LOOPBACK_NAMES.includes(bound) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, bound];
  return names.flatMap((name) => [name, `${name}:${port}`]);
}

/**
 * Whether a `Host` header is allowed: `undefined` list → no check; `"*"` → any;
 * else the header (compared in lower case, as host names are case-insensitive)
 * must be listed. A missing header is refused whenever there is a list.
 */
export function hostAllowed(host: string | undefined, allowedHosts: readonly string[] | undefined): boolean {
  if (allowedHosts === undefined) return true;
  if (allowedHosts.includes("*")) return true;
  if (host === undefined || host === "") return false;
  const h = host.toLowerCase();
  return allowedHosts.some((allowed) => allowed.toLowerCase() === h);
}
