import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { removeQuietly, tempPathFor } from "../output/temp.js";
import { CacheKey } from "./mac.js";

/**
 * Gives the cache key itself (at least 32 characters), instead of the key file: for CI that
 * restores the cache between jobs (from a secret) and for tests. Anyone who knows it can
 * write cache files this user's runs accept.
 */
export const CACHE_KEY_ENV = "MCP_SPECGEN_CACHE_KEY";

/** The shortest key `CACHE_KEY_ENV` may give. */
export const MIN_KEY_CHARS = 32;

/** Environment variables, as `process.env` has them. */
export type KeyEnv = Readonly<Record<string, string | undefined>>;

/** The cache key of this user, or why there is none (the disk cache is then not used). */
export type CacheKeyResult = { key: CacheKey; reason?: undefined } | { key?: undefined; reason: string };

/** A key file holds 64 hex digits (32 random bytes) and a newline. */
const KEY_TEXT = /^([0-9a-f]{64})\n?$/;
const KEY_FILE_BYTES = 65;

/**
 * Where this user's cache key lives: `$XDG_CONFIG_HOME/mcp-specgen/cache-key`, else
 * `%APPDATA%\mcp-specgen\cache-key` on Windows, else `$HOME/.config/mcp-specgen/cache-key`.
 * Outside every project, so someone who can write a project (and its cache) cannot read or
 * replace it. Undefined when the environment names no such place (no absolute
 * XDG_CONFIG_HOME, APPDATA or HOME): a CI job without a home directory, say.
 */
export function cacheKeyFile(env: KeyEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  const absolute = (v: string | undefined) => (v && path.isAbsolute(v) ? v : undefined);
  const home = absolute(env.HOME);
  const config =
    absolute(env.XDG_CONFIG_HOME) ??
    (platform === "win32" ? absolute(env.APPDATA) : undefined) ??
    (home ? path.join(home, ".config") : undefined);
  return config ? path.join(config, "mcp-specgen", "cache-key") : undefined;
}

/**
 * This user's cache key: the value of MCP_SPECGEN_CACHE_KEY when set, else the key file
 * (see `cacheKeyFile`), made on first use — 32 random bytes, mode 0600, in a directory of
 * mode 0700, put in place atomically so concurrent first runs agree on one key. A key file
 * or directory that is a symbolic link, is not this user's, or that others may read or
 * write is refused, never repaired: the key may be known to someone else. Never throws.
 */
export function loadCacheKey(env: KeyEnv): CacheKeyResult {
  const given = env[CACHE_KEY_ENV];
  if (given) {
    return given.length >= MIN_KEY_CHARS
      ? { key: new CacheKey(Buffer.from(given, "utf8")) }
      : { reason: `${CACHE_KEY_ENV} is shorter than ${MIN_KEY_CHARS} characters` };
  }
  const file = cacheKeyFile(env);
  if (!file)
    return {
      reason: `there is no private place for its key (set XDG_CONFIG_HOME or HOME, or ${CACHE_KEY_ENV} to a secret of ${MIN_KEY_CHARS} characters or more)`,
    };
  try {
    const dir = path.dirname(file);
    const refused = privateDirectory(dir);
    if (refused) return { reason: refused };
    // Two tries: a file another run created between our read and our create is read then.
    for (let attempt = 0; attempt < 2; attempt++) {
      const read = readKeyFile(file);
      if (read !== undefined) return typeof read === "string" ? { reason: read } : { key: new CacheKey(read) };
      createKeyFile(file);
    }
    return { reason: `${file} could not be created` };
  } catch (e) {
    return { reason: `its key cannot be read or created (${(e as Error).message})` };
  }
}

/** The user id to check owners against; undefined where there is none (Windows). */
function currentUid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

/**
 * Creates the key's directory (mode 0700) when missing; a reason when it is a symbolic
 * link, not a directory, not this user's, or open to others.
 */
function privateDirectory(dir: string): string | undefined {
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const stats = lstatSync(dir);
  if (stats.isSymbolicLink()) return `${dir}, the directory of its key, is a symbolic link`;
  if (!stats.isDirectory()) return `${dir}, the directory of its key, is not a directory`;
  const uid = currentUid();
  if (uid !== undefined && stats.uid !== uid) return `${dir}, the directory of its key, belongs to another user`;
  if (uid !== undefined && (stats.mode & 0o077) !== 0)
    return `${dir}, the directory of its key, is open to other users (mode ${modeText(stats.mode)}; it must be 700)`;
  return undefined;
}

/**
 * The key in `file`: its bytes, undefined when there is no file, or a reason to refuse it.
 * Opened without following a symbolic link (and without blocking on a FIFO), then checked
 * on the open file, so what is checked is what is read.
 */
function readKeyFile(file: string): Buffer | string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") return `${file} is a symbolic link`;
    throw e;
  }
  try {
    const stats = fstatSync(fd);
    const uid = currentUid();
    if (!stats.isFile()) return `${file} is not a regular file`;
    if (uid !== undefined && stats.uid !== uid) return `${file} belongs to another user`;
    if (uid !== undefined && (stats.mode & 0o077) !== 0)
      return `${file} can be read or written by other users (mode ${modeText(stats.mode)}; it must be 600): delete it, and a new key is made`;
    const bytes = Buffer.alloc(KEY_FILE_BYTES);
    const n = stats.size <= KEY_FILE_BYTES ? readSync(fd, bytes, 0, bytes.length, 0) : 0;
    const match = KEY_TEXT.exec(bytes.toString("latin1", 0, n));
    if (!match) return `${file} is not a key mcp-specgen wrote (64 hex digits): delete it, and a new key is made`;
    return Buffer.from(match[1]!, "hex");
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a new random key to `file` unless one exists: written in full to a temporary file
 * first, then hard-linked to its name, which fails if another run got there first (a
 * rename would replace its key). Where the file system has no hard links, the file is
 * created exclusively instead; a run reading it half-written refuses it and goes without
 * the disk cache once.
 */
function createKeyFile(file: string): void {
  const text = `${randomBytes(32).toString("hex")}\n`;
  const tmp = tempPathFor(file);
  try {
    writeFileSync(tmp, text, { flag: "wx", mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EEXIST") return;
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EOPNOTSUPP") throw e;
      writeFileSync(file, text, { flag: "wx", mode: 0o600 });
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    removeQuietly(tmp);
  }
}

function modeText(mode: number): string {
  return (mode & 0o777).toString(8);
}
